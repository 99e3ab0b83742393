import '../i18n';
import '../../../components/page-actions/i18n';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Anchor, Badge, Button, Card, Chip, Group, Loader, NativeSelect, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage, toDataError } from '@citable/shared/data';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { ScreenContainer } from '../../../components/ScreenContainer';
import { paths } from '../../../config/paths';
import { NS } from '../i18n';
import { useWorkQueue } from '../api/getWorkQueue';
import { useSetPagePublished } from '../api/setPagePublished';
import { countByReason, itemKey, itemsFor, readReason, relativeSince, WORK_REASONS, type WorkItem, type WorkReason } from '../utils/workQueue';
import { WordPressPublishCell } from './WordPressPublishCell';

/** The colour of each reason: the client asked, something broke, to send, to publish (violet: green is for published, audit W3). */
const REASON_COLORS: Record<WorkReason, string> = { revision: 'orange', failed: 'red', ready_to_send: 'blue', approved: 'violet' };

function ReasonBadge({ reason, justPublished }: { reason: WorkReason; justPublished?: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <Badge variant="dot" color={justPublished ? 'green' : REASON_COLORS[reason]} tt="none" c="dark.7" bg="white" miw="max-content" data-testid="work-reason" data-reason={reason}>
      {justPublished ? t('publishedBadge') : t(`reason.${reason}`)}
    </Badge>
  );
}

/** What happened, in one line; the failed action's error below it. */
function ReasonDetail({ item }: { item: WorkItem }) {
  const { t } = useTranslation(NS);
  const action = item.action_name ? t(`pageActions:action.${item.action_name}`, { defaultValue: item.action_name }) : t('unknownAction');
  return (
    <Stack gap={2}>
      <Text size="sm" c="gray.8">
        {item.justPublished ? t('detail.justPublished') : t(`detail.${item.reason}`, { action })}
      </Text>
      {item.reason === 'failed' && item.action_error && (
        <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }} lineClamp={3} title={item.action_error} data-testid="work-error">
          {t('errorLabel')} {item.action_error}
        </Text>
      )}
    </Stack>
  );
}

function Since({ item, now }: { item: WorkItem; now: number }) {
  const { t, i18n } = useTranslation(NS);
  const date = new Date(item.since);
  const full = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(date);
  return (
    <Text size="sm" component="time" dateTime={item.since} title={t('sinceTitle', { date: full })} style={{ whiteSpace: 'nowrap' }} data-testid="work-since">
      {relativeSince(item.since, now, i18n.language, t('justNow'))}
    </Text>
  );
}

/** The one action that fits the reason; its name says which page (several rows have the same button). */
function ItemAction({ item, fullWidth, onQueued }: { item: WorkItem; fullWidth?: boolean; onQueued?: (item: WorkItem) => void }) {
  const { t } = useTranslation(NS);
  const publish = useSetPagePublished();
  const label = (key: string) => t(`actions.${key}`);
  const named = (key: string) => t('actions.forPage', { action: label(key), page: item.page_name });
  const versions = item.version_id
    ? `${paths.pageVersions(item.site_id, item.page_id)}?version=${encodeURIComponent(item.version_id)}`
    : paths.pageVersions(item.site_id, item.page_id);
  const common = { size: 'sm', fullWidth, 'data-testid': 'work-action' } as const;

  if (item.reason === 'approved') {
    const markPublished = async () => {
      try {
        await publish.mutateAsync({ pageId: item.page_id, published: true });
        showToast({ color: 'teal', title: t('published'), message: item.page_name });
      } catch (error) {
        const hint = toDataError(error).hint;
        const message = hint === 'not_approved' ? t('notApproved') : hint === 'not_found' ? t('pageGone') : dataErrorMessage(error, t);
        showToast({ color: 'red', title: t('publishFailed'), message });
      }
    };
    // publishing to WordPress first when the site is connected; marking by hand stays (a post left as a draft,
    // another CMS), one secondary style in every row (audit W1)
    return (
      <Stack gap="xs" align={fullWidth ? 'stretch' : 'flex-end'}>
        <WordPressPublishCell item={item} fullWidth={fullWidth} onQueued={onQueued} />
        {!item.justPublished && (
          <Button
            {...common}
            variant="default"
            loading={publish.isPending}
            onClick={() => void markPublished()}
            aria-label={named('markPublished')}
          >
            {label('markPublished')}
          </Button>
        )}
      </Stack>
    );
  }
  const [key, to] =
    item.reason === 'failed'
      ? ['openPage', paths.page(item.site_id, item.page_id)]
      : item.reason === 'revision'
        ? ['seeRequest', versions]
        : ['sendToClient', versions];
  return (
    <Button {...common} variant="light" component={Link} to={to} aria-label={named(key)}>
      {label(key)}
    </Button>
  );
}

function PageLink({ item }: { item: WorkItem }) {
  return (
    <Anchor
      component={Link}
      to={paths.pageVersions(item.site_id, item.page_id)}
      fw={600}
      size="sm"
      c="dark.8"
      style={{ overflowWrap: 'anywhere' }}
      data-testid="work-page"
    >
      {item.page_name}
    </Anchor>
  );
}

function WorkTable({ items, now, onQueued }: { items: WorkItem[]; now: number; onQueued: (item: WorkItem) => void }) {
  const { t } = useTranslation(NS);
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table verticalSpacing="sm" aria-label={t('tableLabel')} data-testid="work-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('columns.since')}</Table.Th>
            <Table.Th>{t('columns.page')}</Table.Th>
            <Table.Th>{t('columns.reason')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('columns.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={itemKey(item)} data-testid="work-item" data-page-id={item.page_id} data-reason={item.reason}>
              <Table.Td style={{ verticalAlign: 'top' }}>
                <Since item={item} now={now} />
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top', maxWidth: 380 }}>
                <Stack gap={2}>
                  <PageLink item={item} />
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }} data-testid="work-site">
                    {item.site_name}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top', maxWidth: 380 }}>
                <Stack gap={6} align="flex-start">
                  <ReasonBadge reason={item.reason} justPublished={item.justPublished} />
                  <ReasonDetail item={item} />
                </Stack>
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top', textAlign: 'right', whiteSpace: 'nowrap' }}>
                <ItemAction item={item} onQueued={onQueued} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: one card per item, the action full width at its foot. */
function WorkCards({ items, now, onQueued }: { items: WorkItem[]; now: number; onQueued: (item: WorkItem) => void }) {
  const { t } = useTranslation(NS);
  return (
    <Stack gap="sm" component="ul" aria-label={t('listLabel')} p={0} m={0} style={{ listStyle: 'none' }} data-testid="work-cards">
      {items.map((item) => (
        <Card key={itemKey(item)} component="li" withBorder radius="md" padding="md" data-testid="work-item" data-page-id={item.page_id} data-reason={item.reason}>
          <Stack gap="xs">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
              <ReasonBadge reason={item.reason} justPublished={item.justPublished} />
              <Since item={item} now={now} />
            </Group>
            <Stack gap={0}>
              <PageLink item={item} />
              <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }} data-testid="work-site">
                {item.site_name}
              </Text>
            </Stack>
            <ReasonDetail item={item} />
            <ItemAction item={item} fullWidth onQueued={onQueued} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

const FILTERS = ['all', ...WORK_REASONS] as const;
type Filter = (typeof FILTERS)[number];

/**
 * The reason filter (audit L1). Wide screens: one row of chips 40 px tall, those with nothing in them
 * muted (still choosable). Phones: a native select, like the Inbox's « État », instead of four ragged rows.
 */
function ReasonFilter({ value, counts, isPhone, onChange }: { value: Filter; counts: Record<Filter, number> | null; isPhone: boolean; onChange: (value: string) => void }) {
  const { t } = useTranslation(NS);
  const labelOf = (filter: Filter) => t('chip', { label: filter === 'all' ? t('all') : t(`reason.${filter}`), count: counts ? counts[filter] : '…' });
  if (isPhone) {
    return (
      <NativeSelect
        label={t('filterLabel')}
        data={FILTERS.map((filter) => ({ value: filter, label: labelOf(filter) }))}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        size="md"
        data-testid="reason-filter"
      />
    );
  }
  return (
    <Chip.Group multiple={false} value={value} onChange={onChange}>
      <Group gap="xs" role="radiogroup" aria-label={t('filterLabel')} data-testid="reason-filter">
        {FILTERS.map((filter) => {
          const empty = counts !== null && counts[filter] === 0 && filter !== value;
          return (
            <Chip
              key={filter}
              value={filter}
              type="radio"
              variant="outline"
              size="md"
              styles={{
                label: {
                  height: 40,
                  ...(empty ? { color: 'var(--mantine-color-gray-7)', background: 'var(--mantine-color-gray-0)', borderStyle: 'dashed' } : {}),
                },
              }}
              data-empty={empty ? 'true' : undefined}
              data-testid={`reason-${filter}`}
            >
              {labelOf(filter)}
            </Chip>
          );
        })}
      </Group>
    </Chip.Group>
  );
}

/** "Relative" dates move on while the screen stays open. */
function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

/**
 * The "Articles" screen (/articles, docs/operator-desk.md#where-work-stands): across the operator's sites, the
 * pages waiting for them, oldest first, filtered by reason (?reason=), with the action that fits each.
 */
export function ArticlesScreen() {
  const { t } = useTranslation(NS);
  const [searchParams, setSearchParams] = useSearchParams();
  const reason = readReason(searchParams);
  const queue = useWorkQueue();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const now = useNow(60_000);
  const items = useMemo(() => queue.data ?? [], [queue.data]);
  const counts = useMemo(() => countByReason(items), [items]);
  // rows published to WordPress from here: once the post is public the page leaves the list; it stays
  // on screen, with its link, until the operator leaves
  const [queued, setQueued] = useState<Record<string, WorkItem>>({});
  const onQueued = useCallback((item: WorkItem) => setQueued((before) => ({ ...before, [itemKey(item)]: item })), []);
  const shown = useMemo(() => {
    const listed = new Set(items.map(itemKey));
    const gone = Object.values(queued)
      .filter((item) => !listed.has(itemKey(item)))
      .map((item): WorkItem => ({ ...item, justPublished: true }));
    return itemsFor([...items, ...gone], reason);
  }, [items, queued, reason]);

  const setReason = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'all') next.delete('reason');
    else next.set('reason', value);
    setSearchParams(next, { replace: true });
  };

  return (
    <ScreenContainer>
      <Stack gap={4}>
        <Title order={1} size="h2" data-testid="articles-title">
          {t('title')}
        </Title>
        <Text c="gray.7" size="sm">
          {t('intro')}
        </Text>
      </Stack>

      <ReasonFilter value={reason ?? 'all'} counts={queue.data ? counts : null} isPhone={isPhone} onChange={setReason} />

      {queue.isPending ? (
        <Group justify="center" gap="xs" py="xl" role="status">
          <Loader size="sm" />
          <Text size="sm" c="gray.7">
            {t('loading')}
          </Text>
        </Group>
      ) : queue.isError && !queue.data ? (
        <LoadErrorAlert title={t('loadError')} detail={dataErrorMessage(queue.error, t)} retryLabel={t('retry')} query={queue} />
      ) : shown.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="articles-empty">
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={44} radius="xl" variant="light" color="teal" aria-hidden>
              <IconCircleCheck size={26} />
            </ThemeIcon>
            <Text fw={700} size="lg" component="h2" m={0}>
              {reason === null ? t('emptyTitle') : t('emptyFiltered')}
            </Text>
            {reason === null ? (
              <Text size="sm" c="gray.7" maw={520}>
                {t('emptyText')}
              </Text>
            ) : (
              counts.all > 0 && (
                <Button variant="subtle" size="sm" onClick={() => setReason('all')}>
                  {t('showAll')}
                </Button>
              )
            )}
          </Stack>
        </Paper>
      ) : isPhone ? (
        <WorkCards items={shown} now={now} onQueued={onQueued} />
      ) : (
        <WorkTable items={shown} now={now} onQueued={onQueued} />
      )}
    </ScreenContainer>
  );
}

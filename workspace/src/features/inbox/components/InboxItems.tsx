// The inbox's rows: a first-article request or a contact message, its state and its actions.
import { useMemo, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Menu, Paper, SimpleGrid, Spoiler, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconBan, IconCheck, IconChevronDown, IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { type MessageRow, type RequestRow, type SettableState } from '../api/inbox';
import { NS } from '../i18n';
import { RequestOrder } from './RequestOrder';
import { hostOf, shortUrl, siteHref, type InboxTab } from '../utils/inbox';
import { useDates, useIsMobile } from './inboxHooks';
import { type Reply, messageReply, requestReply, ReplyButton } from './InboxReply';

/** Buttons on a phone: 44 px, a finger's target (WCAG 2.5.5, audit L5). */
export const TOUCH_HEIGHT = 44;

const STATE_COLORS: Record<string, string> = { new: 'blue.8', taken: 'teal.8', answered: 'gray.7', spam: 'red.8' };

// ------------------------------------------------------------------- rows ----

function ItemHeader({ state, tab, createdAt }: { state: string; tab: InboxTab; createdAt: string }) {
  const { t } = useTranslation(NS);
  const dates = useDates();
  return (
    <Group gap="xs" wrap="wrap">
      <Badge color={STATE_COLORS[state] ?? 'gray.7'} variant={state === 'new' ? 'filled' : 'light'} data-testid="inbox-state">
        {t(`badge.${tab}.${state}`, { defaultValue: state })}
      </Badge>
      <Text size="sm" c="gray.7" component="span">
        <time dateTime={createdAt} title={dates.exact(createdAt)}>
          {t(tab === 'requests' ? 'received' : 'receivedMessage', { when: dates.relative(createdAt) })}
        </time>
        <VisuallyHidden> ({dates.exact(createdAt)})</VisuallyHidden>
      </Text>
    </Group>
  );
}

/** The state changes a row offers: answered, spam, back to new (a taken request: answered only). */
function statusOptions(state: string): SettableState[] {
  return [
    ...(state !== 'answered' ? (['answered'] as const) : []),
    ...(state !== 'spam' && state !== 'taken' ? (['spam'] as const) : []),
    ...(state === 'spam' || state === 'answered' ? (['new'] as const) : []),
  ];
}

/**
 * A row's actions. Wide screens: every button in a row. Phones: the main action full width, then
 * "Reply" and a menu of the state changes side by side.
 */
function ItemActions({ primary, reply, state, who, busy, onStatus }: { primary?: ReactNode; reply: ReactNode; state: string; who: string; busy: boolean; onStatus: (s: SettableState) => void }) {
  const { t } = useTranslation(NS);
  const isMobile = useIsMobile();
  if (!isMobile) {
    return (
      <Group gap="xs">
        {primary}
        {reply}
        <StatusButtons state={state} who={who} busy={busy} onStatus={onStatus} />
      </Group>
    );
  }
  const icons = { answered: IconCheck, spam: IconBan, new: IconArrowBackUp } as const;
  const labels = { answered: 'actions.answered', spam: 'actions.spamMenu', new: 'actions.reopen' } as const;
  return (
    <Stack gap="xs">
      {primary}
      <SimpleGrid cols={2} spacing="xs">
        {reply}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="sm" h={TOUCH_HEIGHT} variant="default" fullWidth rightSection={<IconChevronDown size={14} />} disabled={busy} aria-label={t('actions.more', { who })}>
              {t('actions.state')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {statusOptions(state).map((option) => {
              const Icon = icons[option];
              return (
                <Menu.Item key={option} leftSection={<Icon size={14} />} onClick={() => onStatus(option)}>
                  {t(labels[option])}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      </SimpleGrid>
    </Stack>
  );
}

function StatusButtons({ state, who, busy, onStatus }: { state: string; who: string; busy: boolean; onStatus: (s: SettableState) => void }) {
  const { t } = useTranslation(NS);
  return (
    <>
      {state !== 'answered' && (
        <Button size="xs" variant="default" leftSection={<IconCheck size={14} />} disabled={busy} onClick={() => onStatus('answered')} aria-label={t('actions.answeredLabel', { who })}>
          {t('actions.answered')}
        </Button>
      )}
      {state !== 'spam' && state !== 'taken' && (
        <Button size="xs" variant="default" leftSection={<IconBan size={14} />} disabled={busy} onClick={() => onStatus('spam')} aria-label={t('actions.spamLabel', { who })}>
          {t('actions.spam')}
        </Button>
      )}
      {(state === 'spam' || state === 'answered') && (
        <Button size="xs" variant="default" leftSection={<IconArrowBackUp size={14} />} disabled={busy} onClick={() => onStatus('new')} aria-label={t('actions.reopenLabel', { who })}>
          {t('actions.reopen')}
        </Button>
      )}
    </>
  );
}

interface RequestItemProps {
  row: RequestRow;
  takenByName: string | null;
  busy: boolean;
  onTakeIn: () => void;
  onReply: (reply: Reply) => void;
  onStatus: (s: SettableState) => void;
}

export function RequestItem({ row, takenByName, busy, onTakeIn, onReply, onStatus }: RequestItemProps) {
  const { t } = useTranslation(NS);
  const dates = useDates();
  const reply = useMemo(() => requestReply(row), [row]);
  const isMobile = useIsMobile();
  const label = shortUrl(row.url);
  // a request taken in before its answer is canceled (answered) still has its page
  const taken = row.taken_at !== null && row.site !== null && row.page !== null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="inbox-request" data-request-id={row.id} data-state={row.status}>
      <Stack gap="sm">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <ItemHeader state={row.status} tab="requests" createdAt={row.created_at} />
          {/* the host on one line, cut with an ellipsis; the full address in the tooltip and the link (audit L5) */}
          <Anchor href={siteHref(row.url)} target="_blank" rel="noopener noreferrer" fw={700} truncate="end" maw="100%" title={row.url} data-testid="inbox-request-site">
            {hostOf(row.url)}
            <VisuallyHidden> ({row.url}, {t('newTab')})</VisuallyHidden>
          </Anchor>
          {/* an e-mail is not cut mid-word: whole on its line, or ended with an ellipsis (full value in the tooltip) */}
          <Group gap={4} wrap={isMobile ? 'wrap' : 'nowrap'} style={{ minWidth: 0 }}>
            <Text size="sm" c="gray.8" truncate="end" maw="100%" title={row.stripe_email ?? undefined} style={{ minWidth: 0 }} data-testid="inbox-request-email">
              {t('emailIs', { email: row.stripe_email })}
            </Text>
            {/* on a phone the language goes on its own line (no "·" opening a line) */}
            {!isMobile && (
              <Text size="sm" c="gray.8" aria-hidden>
                ·
              </Text>
            )}
            <Text size="sm" c="gray.8" w={isMobile ? '100%' : undefined} style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {t('languageIs', { language: t(`languages.${row.language}`, { defaultValue: row.language }) })}
            </Text>
          </Group>
          {row.target_keyword && (
            <Text size="sm" c="gray.8" truncate="end" maw="100%" title={row.target_keyword} data-testid="inbox-request-keyword">
              {t('keywordIs', { keyword: row.target_keyword })}
            </Text>
          )}
          <RequestOrder orders={row.discovery_orders} who={label} />
          {takenByName && row.taken_at && (
            <Text size="sm" c="gray.8" data-testid="inbox-taken-by">
              {t('takenBy', { name: takenByName, when: dates.relative(row.taken_at) })}
              {taken && (
                <>
                  {' · '}
                  <Anchor component={Link} to={paths.page(row.site!, row.page!)} size="sm">
                    {t('openPage')}
                  </Anchor>
                </>
              )}
            </Text>
          )}
        </Stack>
        <ItemActions
          primary={
            row.status === 'new' && (
              <Button size={isMobile ? 'sm' : 'xs'} h={isMobile ? TOUCH_HEIGHT : undefined} leftSection={<IconLogin2 size={14} />} onClick={onTakeIn} loading={busy} aria-label={t('actions.takeInLabel', { url: label })} fullWidth={isMobile}>
                {t('actions.takeIn')}
              </Button>
            )
          }
          reply={<ReplyButton reply={reply} onReply={onReply} fullWidth={isMobile} />}
          state={row.status}
          who={label}
          busy={busy}
          onStatus={onStatus}
        />
      </Stack>
    </Paper>
  );
}

interface MessageItemProps {
  row: MessageRow;
  changedByName: string | null;
  busy: boolean;
  onReply: (reply: Reply) => void;
  onStatus: (s: SettableState) => void;
}

export function MessageItem({ row, changedByName, busy, onReply, onStatus }: MessageItemProps) {
  const { t } = useTranslation(NS);
  const dates = useDates();
  const reply = useMemo(() => messageReply(row, dates), [row, dates]);
  const isMobile = useIsMobile();
  return (
    <Paper withBorder radius="md" p="md" data-testid="inbox-message" data-message-id={row.id} data-state={row.status}>
      <Stack gap="sm">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <ItemHeader state={row.status} tab="messages" createdAt={row.created_at} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {row.name}
            </Text>
            <Text fw={400} c="gray.7" size="sm" truncate="end" title={row.email} data-testid="inbox-message-email">
              {row.email}
            </Text>
          </Stack>
          {/* about four lines, then "Lire la suite" (shown only when the text is longer: Spoiler measures it) */}
          <Spoiler maxHeight={88} showLabel={t('readMore')} hideLabel={t('readLess')} styles={{ control: { fontSize: 'var(--mantine-font-size-sm)' } }}>
            <Text size="sm" lh="22px" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {row.message}
            </Text>
          </Spoiler>
          {changedByName && row.status_changed_at && row.status !== 'new' && (
            <Text size="sm" c="gray.8">
              {t('changedBy', { state: t(`badge.messages.${row.status}`), name: changedByName, when: dates.relative(row.status_changed_at) })}
            </Text>
          )}
        </Stack>
        <ItemActions
          reply={<ReplyButton reply={reply} onReply={onReply} fullWidth={isMobile} />}
          state={row.status}
          who={row.name}
          busy={busy}
          onStatus={onStatus}
        />
      </Stack>
    </Paper>
  );
}

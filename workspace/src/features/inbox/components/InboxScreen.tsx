import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  Modal,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Spoiler,
  Stack,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconArrowBackUp, IconInbox, IconLock, IconMailForward, IconBan, IconCheck, IconChevronDown, IconLogin2 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { i18n as sharedI18n, isStaff, MOBILE_BREAKPOINT_PX, showToast, useAuthStore, useUser } from '@citable/shared';
import { dataErrorMessage, toDataError } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import { ScreenContainer } from '../../../components/ScreenContainer';
import { paths } from '../../../config/paths';
import {
  useMessages,
  useNewCounts,
  useRequests,
  useSetMessageStatus,
  useSetRequestStatus,
  useStaffNames,
  useTakeInRequest,
  type MessageRow,
  type RequestRow,
  type SettableState,
} from '../api/inbox';
import { NS } from '../i18n';
import { RequestOrder } from './RequestOrder';
import {
  buildMailto,
  filtersOf,
  readAlreadyTaken,
  readInboxParams,
  relativeTime,
  shortUrl,
  siteHref,
  type InboxTab,
  type StateFilter,
} from '../utils/inbox';

const STATE_COLORS: Record<string, string> = { new: 'blue.8', taken: 'teal.8', answered: 'gray.7', spam: 'red.8' };

/** Dates of the inbox: relative in the text, exact in the title (hover) and for screen readers. */
function useDates() {
  const { t, i18n } = useTranslation(NS);
  return useMemo(() => {
    const exact = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    const now = new Date();
    return {
      exact: (iso: string) => exact.format(new Date(iso)),
      relative: (iso: string) => relativeTime(iso, now, i18n.language, t('justNow')),
    };
  }, [i18n.language, t]);
}

/**
 * The staff inbox (/inbox, docs/operator-desk.md "Inbox"): first-article requests and contact
 * messages, newest first, filtered by state (new by default: the work to do). Take in a request
 * (its page opens), reply by e-mail, mark answered or spam. Non-staff accounts get a "team only" screen.
 */
export function InboxScreen() {
  const { t } = useTranslation(NS);
  const user = useUser();
  const staff = isStaff(user);
  const [search, setSearch] = useSearchParams();
  const { tab, filter } = readInboxParams(search);
  const counts = useNewCounts(staff);
  const isMobile = useIsMobile();

  if (!staff) return <StaffOnly />;

  const select = (next: { tab?: InboxTab; filter?: StateFilter }) => {
    const params = new URLSearchParams(search);
    const nextTab = next.tab ?? tab;
    params.set('tab', nextTab);
    // a tab change keeps the filter when the other tab has it
    const nextFilter = next.filter ?? (filtersOf(nextTab).includes(filter) ? filter : 'new');
    params.set('state', nextFilter);
    setSearch(params, { replace: true });
  };

  const tabLabel = (key: InboxTab) => {
    const n = counts.data?.[key] ?? 0;
    return (
      <Group gap={6} wrap="nowrap">
        <span>{t(isMobile ? `tabsShort.${key}` : `tabs.${key}`)}</span>
        {n > 0 && (
          <Badge size="sm" variant="filled" color="blue.8" aria-hidden>
            {n}
          </Badge>
        )}
        {n > 0 && <VisuallyHidden>({t(key === 'requests' ? 'newCount' : 'newCountMessages', { count: n })})</VisuallyHidden>}
      </Group>
    );
  };

  return (
    <ScreenContainer data-testid="inbox-screen">
      <div>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="gray.7" size="sm" mt={4}>
          {t('intro')}
        </Text>
      </div>
      <Tabs value={tab} onChange={(value) => value && select({ tab: value as InboxTab })} keepMounted={false}>
        <Tabs.List aria-label={t('tabsLabel')} grow={isMobile}>
          <Tabs.Tab value="requests" data-testid="inbox-tab-requests">
            {tabLabel('requests')}
          </Tabs.Tab>
          <Tabs.Tab value="messages" data-testid="inbox-tab-messages">
            {tabLabel('messages')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="requests" pt="md">
          <StateFilterControl tab="requests" value={filter} onChange={(f) => select({ filter: f })} isMobile={isMobile} />
          <RequestsList filter={filter} />
        </Tabs.Panel>
        <Tabs.Panel value="messages" pt="md">
          <StateFilterControl tab="messages" value={filter} onChange={(f) => select({ filter: f })} isMobile={isMobile} />
          <MessagesList filter={filter} />
        </Tabs.Panel>
      </Tabs>
    </ScreenContainer>
  );
}

function StaffOnly() {
  const { t } = useTranslation(NS);
  const refreshAccount = useAuthStore((s) => s.refreshAccount);
  // staff access given since this session's token was issued (npm run staff -- add): a fresh token
  // brings it, and this screen becomes the inbox (the sidebar's link appears with it)
  useEffect(() => {
    void refreshAccount();
  }, [refreshAccount]);
  return (
    <ScreenContainer data-testid="inbox-staff-only">
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }} radius="md" maw={640}>
        <Stack gap="sm" align="flex-start">
          <IconLock size={28} aria-hidden color="var(--mantine-color-gray-7)" />
          <Title order={1} size="h2">
            {t('staffOnly.title')}
          </Title>
          <Text>{t('staffOnly.text')}</Text>
          <Text c="gray.7" size="sm">
            {t('staffOnly.how')}
          </Text>
          <Button component={Link} to={paths.sites()} variant="light">
            {t('staffOnly.back')}
          </Button>
        </Stack>
      </Paper>
    </ScreenContainer>
  );
}

function StateFilterControl({ tab, value, onChange, isMobile }: { tab: InboxTab; value: StateFilter; onChange: (f: StateFilter) => void; isMobile: boolean }) {
  const { t } = useTranslation(NS);
  const data = filtersOf(tab).map((f) => ({ value: f, label: t(`states.${tab}.${f}`) }));
  if (isMobile) {
    return (
      <NativeSelect
        label={t('filterLabel')}
        data={data}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value as StateFilter)}
        mb="md"
        data-testid="inbox-filter"
      />
    );
  }
  return (
    <Group gap="sm" mb="md" align="center">
      <Text size="sm" fw={600} id={`inbox-filter-label-${tab}`}>
        {t('filterLabel')}
      </Text>
      <SegmentedControl
        aria-labelledby={`inbox-filter-label-${tab}`}
        data={data}
        value={value}
        onChange={(v) => onChange(v as StateFilter)}
        data-testid="inbox-filter"
      />
    </Group>
  );
}

// ------------------------------------------------------------------ lists ----

interface ListFrameProps<T> {
  tab: InboxTab;
  filter: StateFilter;
  query: ReturnType<typeof useRequests> | ReturnType<typeof useMessages>;
  rows: T[];
  total: number;
  render: (row: T) => ReactNode;
  notice?: ReactNode;
}

function ListFrame<T extends { id: number }>({ tab, filter, query, rows, total, render, notice }: ListFrameProps<T>) {
  const { t } = useTranslation(NS);
  if (query.isPending) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm" c="gray.7">
            {t('loading')}
          </Text>
        </Group>
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('loadError')} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{dataErrorMessage(query.error, t)}</Text>
          <Button color="red.8" size="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      {notice}
      {rows.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="xs">
            <IconInbox size={28} aria-hidden color="var(--mantine-color-gray-6)" />
            <Text ta="center" c="gray.7" data-testid="inbox-empty">
              {t(`empty.${tab}.${filter === 'new' ? 'new' : 'other'}`)}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack component="ul" gap="sm" aria-label={t(`listLabel.${tab}`)} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => (
            <li key={row.id}>{render(row)}</li>
          ))}
        </Stack>
      )}
      {query.hasNextPage && (
        <Center>
          <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('loadMore', { shown: rows.length, total })}
          </Button>
        </Center>
      )}
    </Stack>
  );
}

function RequestsList({ filter }: { filter: StateFilter }) {
  const { t } = useTranslation(NS);
  const query = useRequests(filter);
  const names = useStaffNames();
  const dates = useDates();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const takeIn = useTakeInRequest();
  const setStatus = useSetRequestStatus();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [replying, setReplying] = useState<Reply | null>(null);
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const total = query.data?.pages.at(-1)?.count ?? 0;

  const onTakeIn = (row: RequestRow) => {
    setRefusal(null);
    takeIn.mutate(row.id, {
      onSuccess: (result) => {
        showToast({ color: 'teal', message: t('takenIn', { url: shortUrl(row.url) }) });
        void navigate(paths.page(result.site_id, result.page_id));
      },
      onError: (error) => {
        // refused: the row changed meanwhile; the list shows it as it is now
        void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all });
        const dataError = toDataError(error);
        const taken = readAlreadyTaken(dataError);
        if (taken && taken.status === 'taken') {
          setRefusal(
            taken.takenBy && taken.takenAt
              ? t('alreadyTaken', { name: taken.takenBy, date: dates.exact(taken.takenAt) })
              : t('alreadyTakenUnknown'),
          );
        } else if (taken) {
          setRefusal(t('alreadyHandled', { state: t(`badge.requests.${taken.status}`, { defaultValue: taken.status }) }));
        } else if (dataError.hint === 'site_missing') {
          setRefusal(t('siteMissing'));
        } else {
          showToast({ color: 'red', title: t('takeInError'), message: dataErrorMessage(error, t) });
        }
      },
    });
  };

  const onStatus = (row: RequestRow, status: SettableState) =>
    setStatus.mutate(
      { id: row.id, status },
      {
        onSuccess: () => showToast({ color: 'teal', message: t('statusChanged', { state: t(`badge.requests.${status}`) }) }),
        onError: (error) => {
          void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all });
          showToast({ color: 'red', title: t('statusError'), message: dataErrorMessage(error, t) });
        },
      },
    );

  const notice = refusal && (
    <Alert
      color="orange"
      icon={<IconAlertCircle size={18} />}
      role="alert"
      withCloseButton
      closeButtonLabel={t('dismiss')}
      onClose={() => setRefusal(null)}
      data-testid="inbox-refusal"
    >
      {refusal}
    </Alert>
  );

  return (
    <>
      <ListFrame
        tab="requests"
        filter={filter}
        query={query}
        rows={rows}
        total={total}
        notice={notice}
        render={(row) => (
          <RequestItem
            row={row}
            takenByName={row.taken_by ? (names.data?.get(row.taken_by) ?? t('formerStaff')) : null}
            busy={(takeIn.isPending && takeIn.variables === row.id) || (setStatus.isPending && setStatus.variables?.id === row.id)}
            onTakeIn={() => onTakeIn(row)}
            onReply={setReplying}
            onStatus={(s) => onStatus(row, s)}
          />
        )}
      />
      <ReplyModal
        reply={replying}
        onClose={() => setReplying(null)}
        onAnswered={() => {
          const row = replying && rows.find((r) => r.id === replying.id);
          if (row) onStatus(row, 'answered');
          setReplying(null);
        }}
      />
    </>
  );
}

function MessagesList({ filter }: { filter: StateFilter }) {
  const { t } = useTranslation(NS);
  const query = useMessages(filter);
  const names = useStaffNames();
  const queryClient = useQueryClient();
  const setStatus = useSetMessageStatus();
  const [replying, setReplying] = useState<Reply | null>(null);
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const total = query.data?.pages.at(-1)?.count ?? 0;

  const onStatus = (row: MessageRow, status: SettableState) =>
    setStatus.mutate(
      { id: row.id, status },
      {
        onSuccess: () => showToast({ color: 'teal', message: t('statusChanged', { state: t(`badge.messages.${status}`) }) }),
        onError: (error) => {
          void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all });
          showToast({ color: 'red', title: t('statusError'), message: dataErrorMessage(error, t) });
        },
      },
    );

  return (
    <>
      <ListFrame
        tab="messages"
        filter={filter}
        query={query}
        rows={rows}
        total={total}
        render={(row) => (
          <MessageItem
            row={row}
            changedByName={row.status_changed_by ? (names.data?.get(row.status_changed_by) ?? t('formerStaff')) : null}
            busy={setStatus.isPending && setStatus.variables?.id === row.id}
            onReply={setReplying}
            onStatus={(s) => onStatus(row, s)}
          />
        )}
      />
      <ReplyModal
        reply={replying}
        onClose={() => setReplying(null)}
        onAnswered={() => {
          const row = replying && rows.find((r) => r.id === replying.id);
          if (row) onStatus(row, 'answered');
          setReplying(null);
        }}
      />
    </>
  );
}

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

const useIsMobile = () => useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, { getInitialValueInEffect: false });

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
            <Button size="xs" variant="default" fullWidth rightSection={<IconChevronDown size={14} />} disabled={busy} aria-label={t('actions.more', { who })}>
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

function RequestItem({ row, takenByName, busy, onTakeIn, onReply, onStatus }: RequestItemProps) {
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
          <Anchor href={siteHref(row.url)} target="_blank" rel="noopener noreferrer" fw={700} style={{ overflowWrap: 'anywhere' }}>
            {row.url}
            <VisuallyHidden> {t('newTab')}</VisuallyHidden>
          </Anchor>
          <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
            {t('emailIs', { email: row.stripe_email })}
            {' · '}
            {t('languageIs', { language: t(`languages.${row.language}`, { defaultValue: row.language }) })}
          </Text>
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
              <Button size="xs" leftSection={<IconLogin2 size={14} />} onClick={onTakeIn} loading={busy} aria-label={t('actions.takeInLabel', { url: label })} fullWidth={isMobile}>
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

function MessageItem({ row, changedByName, busy, onReply, onStatus }: MessageItemProps) {
  const { t } = useTranslation(NS);
  const dates = useDates();
  const reply = useMemo(() => messageReply(row, dates), [row, dates]);
  const isMobile = useIsMobile();
  return (
    <Paper withBorder radius="md" p="md" data-testid="inbox-message" data-message-id={row.id} data-state={row.status}>
      <Stack gap="sm">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <ItemHeader state={row.status} tab="messages" createdAt={row.created_at} />
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {row.name}{' '}
            <Text span fw={400} c="gray.7" size="sm">
              &lt;{row.email}&gt;
            </Text>
          </Text>
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

// ------------------------------------------------------------------ reply ----

interface Reply {
  id: number;
  who: string;
  email: string;
  href: string;
  answered: boolean;
}

type Dates = ReturnType<typeof useDates>;

/** The reply to a contact message, in the screen's language (messages carry none). */
function messageReply(row: MessageRow, dates: Dates): Reply {
  const t = sharedI18n.getFixedT(sharedI18n.language, NS);
  const firstName = row.name.trim();
  const href = buildMailto({
    to: row.email,
    subject: t('mail.subjectMessage'),
    intro: `${t('mail.greeting', { name: firstName })}\n\n\n\n${t('mail.wrote', { date: dates.exact(row.created_at), name: row.name, email: row.email })}`,
    quoted: row.message,
    ellipsis: t('mail.cut'),
  });
  return { id: row.id, who: row.name, email: row.email, href, answered: row.status === 'answered' };
}

/** The reply to a first-article request, in the requester's language. */
function requestReply(row: RequestRow): Reply {
  const language = row.language === 'en' ? 'en' : 'fr';
  const t = sharedI18n.getFixedT(language, NS);
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(row.created_at));
  const href = buildMailto({
    to: row.stripe_email,
    subject: t('mail.subjectRequest', { url: row.url }),
    intro: `${t('mail.greetingNoName')}\n\n\n\n${t('mail.requested', { date })}`,
    quoted: `${t('mail.requestSite', { url: row.url })}\n${t('mail.requestEmail', { email: row.stripe_email })}`,
    ellipsis: t('mail.cut'),
  });
  return { id: row.id, who: row.stripe_email, email: row.stripe_email, href, answered: row.status === 'answered' };
}

/** "Reply": a link that opens the mail app with the prepared reply, and the dialog offering to mark it answered. */
function ReplyButton({ reply, onReply, fullWidth = false }: { reply: Reply; onReply: (reply: Reply) => void; fullWidth?: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <Button
      component="a"
      href={reply.href}
      size="xs"
      variant="light"
      leftSection={<IconMailForward size={14} />}
      onClick={() => onReply(reply)}
      fullWidth={fullWidth}
      aria-label={t('actions.replyLabel', { who: reply.who })}
      data-testid="inbox-reply"
    >
      {t('actions.reply')}
    </Button>
  );
}

function ReplyModal({ reply, onClose, onAnswered }: { reply: Reply | null; onClose: () => void; onAnswered: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      opened={reply !== null}
      onClose={onClose}
      title={reply ? t('replyModal.title', { who: reply.who }) : ''}
      closeButtonProps={{ 'aria-label': t('replyModal.close') }}
      centered
    >
      {reply && (
        <Stack gap="md">
          <Text size="sm">{t('replyModal.text')}</Text>
          <Text size="sm" c="gray.7">
            {t('replyModal.noClient', { email: reply.email })}{' '}
            <Anchor href={reply.href} size="sm" data-testid="inbox-reply-link">
              {t('replyModal.reopen')}
            </Anchor>
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('replyModal.later')}
            </Button>
            {!reply.answered && (
              <Button leftSection={<IconCheck size={16} />} onClick={onAnswered}>
                {t('replyModal.markAnswered')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, NativeSelect, Paper, SegmentedControl, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconInbox, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isStaff, showToast, useAuthStore, useUser } from '@citable/shared';
import { dataErrorMessage, toDataError } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import { ScreenContainer } from '../../../components/ScreenContainer';
import { paths } from '../../../config/paths';
import { useMessages, useNewCounts, useRequests, useSetMessageStatus, useSetRequestStatus, useStaffNames, useTakeInRequest, type MessageRow, type RequestRow, type SettableState } from '../api/inbox';
import { NS } from '../i18n';
import { filtersOf, readAlreadyTaken, readInboxParams, shortUrl, type InboxTab, type StateFilter } from '../utils/inbox';
import { useDates, useIsMobile } from './inboxHooks';
import { type Reply, ReplyModal } from './InboxReply';
import { RequestItem, MessageItem } from './InboxItems';

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

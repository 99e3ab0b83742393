/**
 * The signed-in user's notifications and settings (docs/operator-desk.md "Notifications"): the bell
 * (layout) and the e-mail switch (settings) both use them. RLS gives each user their own rows only;
 * a user updates nothing but read_at (mark_notifications_read).
 */
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Tables } from '@citable/shared';
import { request, requestWithCount } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export type Notification = Pick<
  Tables<'notifications'>,
  'id' | 'kind' | 'site' | 'page' | 'version' | 'request' | 'message' | 'title' | 'body' | 'created_at' | 'read_at'
>;
export type NotificationKind =
  | 'client_approved'
  | 'client_revision'
  | 'version_ready'
  | 'action_failed'
  | 'send_failed'
  | 'new_request'
  | 'new_message'
  | 'visibility_budget';

/** How many the bell lists. */
export const LATEST_NOTIFICATIONS = 20;
/** How often the bell looks for new ones (and on window focus). */
export const NOTIFICATIONS_POLL_MS = 30_000;

export interface NotificationsState {
  latest: Notification[];
  unread: number;
}

const COLUMNS = 'id, kind, site, page, version, request, message, title, body, created_at, read_at';

/** The latest notifications, newest first, and the number of unread ones (all of them, not only the latest). */
export async function getNotifications(): Promise<NotificationsState> {
  const [latest, unread] = await Promise.all([
    request((db) =>
      db.from('notifications').select(COLUMNS).order('created_at', { ascending: false }).order('id', { ascending: false }).limit(LATEST_NOTIFICATIONS),
    ),
    requestWithCount((db) => db.from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null)),
  ]);
  return { latest: latest as Notification[], unread: unread.count };
}

/** Marks the listed notifications read, or all of the user's (null); returns how many were unread. */
export const markNotificationsRead = (ids: number[] | null) =>
  request((db) => db.rpc('mark_notifications_read', ids ? { p_ids: ids } : {})) as Promise<number>;

/**
 * What a notification says has changed, as query keys (prefixes) of the page's one cache: a screen
 * open on it (the page's versions, the Articles list, the page list's review column, the inbox) then
 * refetches instead of showing its state of up to 30 s before (STALE_TIME_MS) — the operator who
 * follows "the client asks for a revision" must not land on a version still shown as a draft.
 */
export function keysTouchedBy(n: Pick<Notification, 'kind' | 'site' | 'page' | 'version'>): QueryKey[] {
  if (n.kind === 'new_request' || n.kind === 'new_message') return [queryKeys.inbox.all];
  if (n.page === null) return [queryKeys.workQueue.all];
  const pageLists = n.site === null ? queryKeys.pages.lists() : queryKeys.pages.lists(n.site);
  const version = n.version ? [queryKeys.pageVersions.detail(n.version)] : [];
  switch (n.kind) {
    case 'client_approved':
    case 'client_revision':
      return [queryKeys.pageVersions.lists(n.page), ...version, pageLists, queryKeys.workQueue.all];
    case 'version_ready':
      // the page too: its first article names a page still called by its address
      return [queryKeys.pageVersions.lists(n.page), queryKeys.pageActions.lists(n.page), queryKeys.pages.detail(n.page), pageLists, queryKeys.workQueue.all];
    case 'action_failed':
      return [queryKeys.pageActions.lists(n.page), queryKeys.workQueue.all];
    case 'send_failed':
      // the versions screen's "sends" panel lives under the page's versions
      return [[...queryKeys.pageVersions.all, 'sends', { pageId: n.page }], queryKeys.workQueue.all];
    default:
      return [queryKeys.workQueue.all];
  }
}

/** The notifications of `after` that `before` (the previous answer) did not have. */
export function arrivedSince(before: readonly Pick<Notification, 'id'>[], after: readonly Notification[]): Notification[] {
  const seen = new Set(before.map((n) => n.id));
  return after.filter((n) => !seen.has(n.id));
}

/** The distinct keys (by value) that the arrived notifications touch. */
export function keysToRefresh(arrived: readonly Notification[]): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  for (const key of arrived.flatMap(keysTouchedBy)) keys.set(JSON.stringify(key), key);
  return [...keys.values()];
}

/**
 * The bell's data: polled every 30 s and when the window gets the focus, so new ones appear without a
 * reload; what a new one is about is refetched too (keysTouchedBy).
 */
export function useNotifications() {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.notifications.latest(),
    queryFn: async () => {
      const before = client.getQueryData<NotificationsState>(queryKeys.notifications.latest());
      const next = await getNotifications();
      // the first answer is no news: the screens loaded with it
      if (before) {
        for (const queryKey of keysToRefresh(arrivedSince(before.latest, next.latest))) void client.invalidateQueries({ queryKey });
      }
      return next;
    },
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
}

/** Marks read at once in the cache (the badge drops without waiting), then refetches. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: queryKeys.notifications.all });
      const before = client.getQueryData<NotificationsState>(queryKeys.notifications.latest());
      if (before) {
        const now = new Date().toISOString();
        const marks = (n: Notification) => n.read_at === null && (ids === null || ids.includes(n.id));
        const marked = before.latest.filter(marks).length;
        client.setQueryData<NotificationsState>(queryKeys.notifications.latest(), {
          latest: before.latest.map((n) => (marks(n) ? { ...n, read_at: now } : n)),
          unread: ids === null ? 0 : Math.max(0, before.unread - marked),
        });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) client.setQueryData(queryKeys.notifications.latest(), context.before);
    },
    meta: { invalidates: [queryKeys.notifications.all] },
  });
}

// ------------------------------------------------------------------ settings -----

/** Whether client decisions are also mailed (on unless the user turned them off: no row = on). */
export async function getNotificationEmails(): Promise<boolean> {
  const row = await request((db) => db.from('user_settings').select('notification_emails').maybeSingle());
  return row?.notification_emails ?? true;
}

export async function setNotificationEmails(on: boolean): Promise<boolean> {
  const row = await request((db) =>
    db.from('user_settings').upsert({ notification_emails: on }, { onConflict: 'user_id' }).select('notification_emails').single(),
  );
  return row.notification_emails;
}

export function useNotificationEmails() {
  return useQuery({ queryKey: queryKeys.userSettings.detail(), queryFn: getNotificationEmails });
}

export function useSetNotificationEmails() {
  return useMutation({ mutationFn: setNotificationEmails, meta: { invalidates: [queryKeys.userSettings.all] } });
}

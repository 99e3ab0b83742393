/**
 * The staff inbox's data (docs/operator-desk.md "Inbox"): first-article requests and contact
 * messages (RLS: staff only), newest first, a page at a time; the counts of new ones; the staff
 * names; take in and the state changes (RPCs of 20261130000100_inbox.sql).
 */
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { request, requestCount, requestWithCount } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import type { InboxTab, StateFilter } from '../utils/inbox';
import { ORDER_EMBED } from './orders';

export const INBOX_PAGE_SIZE = 20;

// with the request's discovery order, when it was paid by card (issue 34, ./orders.ts)
export const REQUEST_COLUMNS = `id, url, stripe_email, target_keyword, site, language, status, taken_by, taken_at, page, status_changed_at, created_at, ${ORDER_EMBED}` as const;
export const MESSAGE_COLUMNS = 'id, name, email, message, status, status_changed_by, status_changed_at, created_at' as const;

export const getRequests = (filter: StateFilter, page: number) =>
  requestWithCount((db) => {
    let query = db.from('first_article_requests').select(REQUEST_COLUMNS, { count: 'exact' });
    if (filter !== 'all') query = query.eq('status', filter);
    return query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(page * INBOX_PAGE_SIZE, (page + 1) * INBOX_PAGE_SIZE - 1);
  });

export const getMessages = (filter: StateFilter, page: number) =>
  requestWithCount((db) => {
    let query = db.from('contact_messages').select(MESSAGE_COLUMNS, { count: 'exact' });
    if (filter !== 'all') query = query.eq('status', filter);
    return query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(page * INBOX_PAGE_SIZE, (page + 1) * INBOX_PAGE_SIZE - 1);
  });

export type RequestRow = Awaited<ReturnType<typeof getRequests>>['data'][number];
export type MessageRow = Awaited<ReturnType<typeof getMessages>>['data'][number];

function useInboxList<T>(key: readonly unknown[], fetchPage: (page: number) => Promise<{ data: T[]; count: number }>, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * INBOX_PAGE_SIZE < last.count ? pages.length : undefined),
    enabled,
    // the inbox fills from the public site: fresh on focus, and every minute while open
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
}

export const useRequests = (filter: StateFilter, enabled = true) =>
  useInboxList(queryKeys.inbox.requests({ status: filter }), (page) => getRequests(filter, page), enabled);

export const useMessages = (filter: StateFilter, enabled = true) =>
  useInboxList(queryKeys.inbox.messages({ status: filter }), (page) => getMessages(filter, page), enabled);

/** How many requests and messages are new (the tabs' counts). */
export const getNewCounts = async () => {
  const [requests, messages] = await Promise.all([
    requestCount((db) => db.from('first_article_requests').select('id', { count: 'exact', head: true }).eq('status', 'new')),
    requestCount((db) => db.from('contact_messages').select('id', { count: 'exact', head: true }).eq('status', 'new')),
  ]);
  return { requests, messages } satisfies Record<InboxTab, number>;
};

export const useNewCounts = (enabled = true) =>
  useQuery({ queryKey: [...queryKeys.inbox.all, 'newCounts'], queryFn: getNewCounts, enabled, refetchInterval: 60_000 });

export const getStaffMembers = () => request((db) => db.rpc('staff_members'));

/** Staff names by id ("taken by", "answered by"). */
export const useStaffNames = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.inbox.staff(),
    queryFn: getStaffMembers,
    enabled,
    staleTime: 5 * 60_000,
    select: (rows) => new Map(rows.map((r) => [r.id, r.name])),
  });

export const takeInRequest = (requestId: number) => request((db) => db.rpc('take_in_request', { p_request_id: requestId }));

export function useTakeInRequest() {
  return useMutation({
    mutationFn: takeInRequest,
    // refused or not, the row has changed: the list reloads; a new site and page exist
    meta: { invalidates: [queryKeys.inbox.all, queryKeys.sites.all, queryKeys.pages.all] },
  });
}

export type SettableState = 'new' | 'answered' | 'spam';

export const setRequestStatus = ({ id, status }: { id: number; status: SettableState }) =>
  request((db) => db.rpc('set_request_status', { p_id: id, p_status: status }));
export const setMessageStatus = ({ id, status }: { id: number; status: SettableState }) =>
  request((db) => db.rpc('set_message_status', { p_id: id, p_status: status }));

export const useSetRequestStatus = () => useMutation({ mutationFn: setRequestStatus, meta: { invalidates: [queryKeys.inbox.all] } });
export const useSetMessageStatus = () => useMutation({ mutationFn: setMessageStatus, meta: { invalidates: [queryKeys.inbox.all] } });

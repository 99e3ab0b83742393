/** The page list (docs/data-model.md#calls "pages": by site, status joined, stored counts), filtered, sorted and paged by the server. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isDataError, requestCount, requestWithCount } from '@citable/shared/data';
import { pageCountOf, searchFilter, type PageListView, type ReviewState } from '../utils/listParams';
import { pageKeys } from './keys';

/** The columns the backend's page-list request is tuned for (supabase-local/bench/api.js). */
export const PAGE_LIST_COLUMNS = 'id,name,url,status,date_modified,statuses(name),serp_results_count,llm_answers_count,content_score,review_state,hide_cover_image_from_preview,hide_revisions_texts_from_preview';

export interface PageListRow {
  id: number;
  name: string;
  url: string;
  status: number;
  date_modified: string;
  statuses: { name: string } | null;
  serp_results_count: number;
  llm_answers_count: number;
  /** the latest version's content score (null: not scored) */
  content_score: number | null;
  /** the latest version's review state (kept by the database) */
  review_state: ReviewState;
  hide_cover_image_from_preview: boolean;
  /** a demo article (public example) */
  hide_revisions_texts_from_preview: boolean;
}

export interface PageListResult {
  rows: PageListRow[];
  total: number;
  /** the page actually shown: the requested one, or the last one when it was past the end */
  page: number;
}

const PAGE_STALE_MS = 15_000;

/** Totals seen per filter (site, search, status): a page past the end is clamped before it is asked for. */
const knownTotals = new Map<string, number>();
const totalKey = (siteId: number, view: PageListView) => JSON.stringify([siteId, view.search, view.status, view.review]);

async function listQuery(siteId: number, view: PageListView, page: number) {
  const { data, count } = await requestWithCount((db) => {
    let query = db.from('pages').select(PAGE_LIST_COLUMNS, { count: 'exact' }).eq('site', siteId);
    if (view.status !== null) query = query.eq('status', view.status);
    if (view.review !== null) query = query.eq('review_state', view.review);
    if (view.search) query = query.or(searchFilter(view.search));
    const from = (page - 1) * view.pageSize;
    // unscored pages last whichever the direction (the other sort columns are never null)
    return query
      .order(view.sort, view.sort === 'content_score' ? { ascending: view.ascending, nullsFirst: false } : { ascending: view.ascending })
      .order('id', { ascending: view.ascending })
      .range(from, from + view.pageSize - 1);
  });
  return { rows: data as unknown as PageListRow[], count };
}

function countQuery(siteId: number, view: PageListView) {
  return requestCount((db) => {
    let query = db.from('pages').select('id', { count: 'exact', head: true }).eq('site', siteId);
    if (view.status !== null) query = query.eq('status', view.status);
    if (view.review !== null) query = query.eq('review_state', view.review);
    if (view.search) query = query.or(searchFilter(view.search));
    return query;
  });
}

/** PostgREST answers 416 (PGRST103) for an offset past the end when the count is asked for. */
const isPastTheEnd = (error: unknown) => isDataError(error) && (error.code === 'PGRST103' || error.status === 416);


export async function getPages(siteId: number, view: PageListView): Promise<PageListResult> {
  const key = totalKey(siteId, view);
  let page = view.page;
  let known = knownTotals.get(key);
  if (page > 1 && known === undefined) {
    // a cold load of page N (reload, shared link): the count first, so no request goes past the end
    known = await countQuery(siteId, view);
  }
  if (known !== undefined) page = Math.min(page, pageCountOf(known, view.pageSize));
  try {
    const { rows, count } = await listQuery(siteId, view, page);
    knownTotals.set(key, count);
    return { rows, total: count, page };
  } catch (error) {
    if (!isPastTheEnd(error)) throw error;
    // rows deleted meanwhile: start again from the real count
    const count = await countQuery(siteId, view);
    knownTotals.set(key, count);
    const last = pageCountOf(count, view.pageSize);
    const { rows, count: again } = await listQuery(siteId, view, last);
    return { rows, total: again, page: last };
  }
}

export function usePages(siteId: number | null, view: PageListView) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: pageKeys.list(siteId ?? 0, view),
    queryFn: async () => {
      const result = await getPages(siteId as number, view);
      // past the end: the last page is cached under its own key too, for the address that follows
      if (result.page !== view.page) queryClient.setQueryData(pageKeys.list(siteId as number, { ...view, page: result.page }), result);
      return result;
    },
    enabled: siteId !== null,
    placeholderData: keepPreviousData,
    // a prefetched next page is shown as is, not fetched again on arrival; the page's own edits
    // invalidate the lists, other writers show within the 15 s or on a refocus
    staleTime: PAGE_STALE_MS,
  });
  // the next page ahead of the click on Next
  const data = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (siteId === null || !data || data.page >= pageCountOf(data.total, view.pageSize)) return;
    const next = { ...view, page: data.page + 1 };
    void queryClient.prefetchQuery({ queryKey: pageKeys.list(siteId, next), queryFn: () => getPages(siteId, next), staleTime: PAGE_STALE_MS });
  }, [data, siteId, view, queryClient]);
  return query;
}

/** Keywords of a page and their SERPs (docs/data-model.md#calls pages_keywords, keywords, serps; §8 keyword messages). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Serp } from '@citable/shared';
import { request, requestCount, toDataError } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import { getActionId, queueSearchAction } from '../../../components/queueSearchAction';
import { normalizeKeyword } from '../utils/keywords';

export interface PageKeywordRow {
  id: number;
  to_search: boolean;
  linked_keyword: number;
  keyword: string;
  /** number of SERP results of the keyword on the page's site */
  serpCount: number;
}

export type SerpRow = Pick<Serp, 'id' | 'position_absolute' | 'title' | 'url' | 'meta_description' | 'type' | 'own_site' | 'site' | 'created_at'>;

// A keyword's SERP rows are those of one site: a user may own several sites sharing a keyword, and a
// page shows only its own site's rows (as pages.serp_results_count counts them).

/** The number of SERP rows of a keyword on a site. */
const serpCount = (keywordId: number, siteId: number) =>
  requestCount((db) => db.from('serps').select('id', { count: 'exact', head: true }).eq('linked_keyword', keywordId).eq('site', siteId));

/** The page's keywords (in the order they were linked) with their SERP counts on the page's site. */
export async function getPageKeywords(pageId: number, siteId: number): Promise<PageKeywordRow[]> {
  const rows = (await request((db) =>
    db.from('pages_keywords').select('id, to_search, linked_keyword, keywords(id, keyword)').eq('linked_page', pageId).order('id'),
  )) as unknown as { id: number; to_search: boolean; linked_keyword: number; keywords: { id: number; keyword: string } | null }[];
  const counts = await Promise.all(rows.map((row) => serpCount(row.linked_keyword, siteId)));
  return rows.map((row, i) => ({
    id: row.id,
    to_search: row.to_search,
    linked_keyword: row.linked_keyword,
    keyword: row.keywords?.keyword ?? '',
    serpCount: counts[i],
  }));
}

/** The keywords of a page of site `siteId` (the route's, checked by the page context), with their SERP counts there. */
export function usePageKeywords(pageId: number, siteId: number) {
  return useQuery({ queryKey: queryKeys.keywords.list(pageId), queryFn: () => getPageKeywords(pageId, siteId) });
}

/** The SERP rows of a keyword on a site, by position. */
export const getSerps = (keywordId: number, siteId: number) =>
  request((db) =>
    db
      .from('serps')
      .select('id, position_absolute, title, url, meta_description, type, own_site, site, created_at')
      .eq('linked_keyword', keywordId)
      .eq('site', siteId)
      .order('position_absolute', { ascending: true, nullsFirst: false })
      .order('id'),
  ) as Promise<SerpRow[]>;

export function useSerps(keywordId: number | null, siteId: number) {
  return useQuery({
    queryKey: queryKeys.serps.list(keywordId ?? 0, siteId),
    queryFn: () => getSerps(keywordId as number, siteId),
    enabled: keywordId !== null,
  });
}

/** The serps action id (the SERP search button needs it); null when the actions table has none. */
export function useSerpsActionId() {
  return useQuery({ queryKey: queryKeys.actions.byName('serps'), queryFn: () => getActionId('serps'), staleTime: 5 * 60_000 });
}

export function useSetToSearch(pageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, toSearch }: { linkId: number; toSearch: boolean }) =>
      request((db) => db.from('pages_keywords').update({ to_search: toSearch }).eq('id', linkId).select('id, to_search').single()),
    // the switch moves at once; a failure puts it back
    onMutate: async ({ linkId, toSearch }) => {
      const key = queryKeys.keywords.list(pageId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PageKeywordRow[]>(key);
      queryClient.setQueryData<PageKeywordRow[]>(key, (rows) => rows?.map((r) => (r.id === linkId ? { ...r, to_search: toSearch } : r)));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.keywords.list(pageId), context.previous);
    },
    meta: { invalidates: [queryKeys.keywords.list(pageId)] },
  });
}

/** Which step of adding a keyword failed (§8 dialog messages). */
export type AddKeywordStage = 'search' | 'create' | 'link' | 'unexpected';
export class AddKeywordError extends Error {
  constructor(
    readonly stage: AddKeywordStage,
    readonly reason: unknown,
  ) {
    super(`add keyword failed at ${stage}`, { cause: reason });
    this.name = 'AddKeywordError';
  }
}

export type AddKeywordResult = { status: 'linked' | 'already-linked'; keyword: string; keywordId: number };

function isAddedKeyword(value: unknown): value is { status: 'linked' | 'already-linked'; keyword: string; keyword_id: number } {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return (row.status === 'linked' || row.status === 'already-linked') && typeof row.keyword === 'string' && typeof row.keyword_id === 'number';
}

/**
 * Which §8 stage a failed add_page_keyword call names. The search, the creation and the link run in
 * one call on the server (the keyword dictionary is shared, but a user reads only the keywords linked
 * to their own pages), so the stage is told by the failure:
 * - no answer about the keyword at all (network, server, unreadable): the search did not complete;
 * - the keyword refused (blank, too long: hint 'keyword'; a check or quota on the dictionary): creating it;
 * - anything else the server refused (the page gone or not the caller's, a conflict): linking it.
 */
export function addKeywordFailureStage(error: unknown): Exclude<AddKeywordStage, 'unexpected'> {
  const failure = toDataError(error);
  if (failure.kind === 'network' || failure.kind === 'server' || failure.kind === 'unknown') return 'search';
  if (failure.hint === 'keyword' || failure.kind === 'rate_limited' || failure.code === '23514') return 'create';
  return 'link';
}

/**
 * §5: trimmed, matched case-insensitively against existing keywords, created when new, then linked —
 * in one call (add_page_keyword, see addKeywordFailureStage). A keyword already linked to the page is
 * reported as such, not as a failure; an answer that is not the linked keyword is none of the stages
 * (§8 'An unexpected error occurred').
 */
export async function addKeywordToPage(pageId: number, input: string): Promise<AddKeywordResult> {
  const text = normalizeKeyword(input);
  if (!text) throw new AddKeywordError('unexpected', new Error('blank keyword'));
  let result: unknown;
  try {
    result = await request((db) => db.rpc('add_page_keyword', { p_page_id: pageId, p_keyword: text }));
  } catch (error) {
    throw new AddKeywordError(addKeywordFailureStage(error), error);
  }
  if (!isAddedKeyword(result)) throw new TypeError('add_page_keyword did not answer with the linked keyword');
  return { status: result.status, keyword: result.keyword, keywordId: result.keyword_id };
}

export function useAddKeyword(pageId: number) {
  return useMutation({
    mutationFn: (input: string) => addKeywordToPage(pageId, input),
    meta: { invalidates: [queryKeys.keywords.list(pageId)] },
  });
}

export function useRemoveKeyword(pageId: number) {
  return useMutation({
    mutationFn: (linkId: number) => request((db) => db.from('pages_keywords').delete().eq('id', linkId).select('id')),
    meta: { invalidates: [queryKeys.keywords.list(pageId)] },
  });
}

export function useQueueSerpSearch(pageId: number) {
  return useMutation({
    mutationFn: ({ actionId, keywordId }: { actionId: number; keywordId: number }) => queueSearchAction(pageId, actionId, String(keywordId)),
    meta: { invalidates: [queryKeys.pageActions.lists(pageId)] },
  });
}

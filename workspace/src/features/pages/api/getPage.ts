/** One page of a site (docs/data-model.md#calls "pages": select by id), with its status name. */
import { useQuery } from '@tanstack/react-query';
import type { Page } from '@citable/shared';
import { DataError, request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import type { ReviewState } from '../utils/listParams';

export type PageDetail = Pick<
  Page,
  | 'id'
  | 'site'
  | 'name'
  | 'url'
  | 'status'
  | 'date_created'
  | 'date_modified'
  | 'llm_answers_count'
  | 'serp_results_count'
  | 'content_score'
  | 'hide_cover_image_from_preview'
  | 'hide_revisions_texts_from_preview'
  | 'published_at'
> & {
  /** the latest version's review state (kept by the database) */
  review_state: ReviewState;
  statuses: { name: string } | null;
};

/**
 * DataError not_found when the page is missing, not the user's, or of another site. A demo page
 * (hide_revisions_texts_from_preview) is readable by everyone, so the page's site is joined with
 * `!inner`: a site that is not the signed-in user's (the sites policy hides it) leaves no row.
 */
export async function getPage(siteId: number, pageId: number): Promise<PageDetail> {
  // maybeSingle: no row is a 200 with null (single() would answer 406, an error in the console)
  const page = await request((db) =>
    db
      .from('pages')
      .select('id, site, name, url, status, date_created, date_modified, llm_answers_count, serp_results_count, content_score, review_state, published_at, hide_cover_image_from_preview, hide_revisions_texts_from_preview, statuses(name), sites!inner(id)')
      .eq('id', pageId)
      .eq('site', siteId)
      .maybeSingle(),
  );
  if (!page) throw new DataError('not_found', 'Page not found');
  return page as PageDetail;
}

export function usePage(siteId: number | null, pageId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.pages.detail(pageId ?? 0), { siteId }],
    queryFn: () => getPage(siteId as number, pageId as number),
    enabled: siteId !== null && pageId !== null,
  });
}

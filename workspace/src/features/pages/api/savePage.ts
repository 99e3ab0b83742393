/** Create and update a page (docs/data-model.md#calls "pages": insert, update), as mutations. */
import { useMutation } from '@tanstack/react-query';
import type { Page } from '@citable/shared';
import { DataError, request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export interface PagePayload {
  name: string;
  url: string;
  status: number;
  /** the article preview (/view) without its cover image */
  hide_cover_image_from_preview: boolean;
  /** a demo article: a public example, revision texts hidden, review actions blocked */
  hide_revisions_texts_from_preview: boolean;
}

/**
 * A new page of the site. date_created and date_modified are the database's now() (column defaults),
 * so every writer gets the same clock; the creator is the caller (default auth.uid()).
 */
export async function createPage(siteId: number, payload: PagePayload): Promise<Page> {
  const page = await request((db) => db.from('pages').insert({ site: siteId, ...payload }).select().maybeSingle());
  if (!page) throw new DataError('forbidden', 'No data returned after page creation');
  return page;
}

/** Updates a page; its date_modified is set by the database (trigger pages_before_write). */
export async function updatePage(siteId: number, pageId: number, payload: PagePayload): Promise<Page> {
  const page = await request((db) => db.from('pages').update(payload).eq('id', pageId).eq('site', siteId).select().maybeSingle());
  if (!page) throw new DataError('not_found', 'Page not found');
  return page;
}

export function useCreatePage(siteId: number) {
  return useMutation({
    mutationFn: (payload: PagePayload) => createPage(siteId, payload),
    meta: { invalidates: [queryKeys.pages.lists(siteId), queryKeys.sites.detail(siteId), queryKeys.sites.lists(), queryKeys.workQueue.all] },
  });
}

export function useUpdatePage(siteId: number) {
  return useMutation({
    mutationFn: ({ pageId, payload }: { pageId: number; payload: PagePayload }) => updatePage(siteId, pageId, payload),
    meta: { invalidates: [queryKeys.pages.lists(siteId), queryKeys.pages.details(), queryKeys.workQueue.all] },
  });
}

/**
 * Another page of the site stored with this URL (or the same with a trailing slash), for the page
 * form's non-blocking warning; null when there is none.
 */
export async function findPageWithUrl(siteId: number, url: string, exceptPageId: number | null): Promise<{ id: number; name: string } | null> {
  const variants = url.endsWith('/') ? [url, url.replace(/\/+$/, '')] : [url, `${url}/`];
  const rows = await request((db) => {
    let query = db.from('pages').select('id, name').eq('site', siteId).in('url', variants);
    if (exceptPageId !== null) query = query.neq('id', exceptPageId);
    return query.order('id').limit(1);
  });
  return rows[0] ?? null;
}

/** The sites table (docs/data-model.md#calls "sites"), one function per call, and their hooks. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Site, SiteInsert, SiteUpdate } from '@citable/shared';
import { DataError, request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import { removeLogo } from './logo';

/** A site with the number of its pages (embedded count). */
export type SiteWithPageCount = Site & { pages: { count: number }[] };

export const pageCount = (site: SiteWithPageCount) => site.pages[0]?.count ?? 0;

/** All the user's sites, newest first (by id descending), with their page counts. */
export const getSites = () =>
  request((db) => db.from('sites').select('*, pages(count)').order('id', { ascending: false })) as Promise<SiteWithPageCount[]>;

/** One site by id, with its page count; DataError not_found when missing or not the user's. */
export const getSite = (siteId: number) =>
  request((db) => db.from('sites').select('*, pages(count)').eq('id', siteId).single()) as Promise<SiteWithPageCount>;

export async function createSite(payload: SiteInsert): Promise<Site> {
  const site = await request((db) => db.from('sites').insert(payload).select().maybeSingle());
  if (!site) throw new DataError('unknown', 'No data returned after site creation');
  return site;
}

export async function updateSite(siteId: number, payload: SiteUpdate): Promise<Site> {
  const site = await request((db) => db.from('sites').update(payload).eq('id', siteId).select().maybeSingle());
  if (!site) throw new DataError('not_found', 'No data returned after site update');
  return site;
}

export async function updateSiteName(siteId: number, name: string): Promise<Site> {
  const site = await request((db) => db.from('sites').update({ name }).eq('id', siteId).select().maybeSingle());
  if (!site) throw new DataError('not_found', 'No data returned after site update');
  return site;
}

/** Deletes a site (its pages, versions, keyword links, SERPs… go with it: on delete cascade). */
export async function deleteSite(siteId: number): Promise<void> {
  const rows = await request((db) => db.from('sites').delete().eq('id', siteId).select('id'));
  if (rows.length === 0) throw new DataError('not_found', 'Site not found');
}

export function useSites() {
  return useQuery({ queryKey: queryKeys.sites.list(), queryFn: getSites });
}

export function useSite(siteId: number | null) {
  return useQuery({
    queryKey: queryKeys.sites.detail(siteId ?? 0),
    queryFn: () => getSite(siteId as number),
    enabled: siteId !== null,
  });
}

export function useUpdateSiteName() {
  return useMutation({
    mutationFn: ({ siteId, name }: { siteId: number; name: string }) => updateSiteName(siteId, name),
    meta: { invalidates: [queryKeys.sites.all] },
  });
}

export function useDeleteSite() {
  return useMutation({
    mutationFn: async (site: Pick<Site, 'id' | 'image_logo'>) => {
      await deleteSite(site.id);
      await removeLogo(site.image_logo);
    },
    meta: { invalidates: [queryKeys.sites.all, queryKeys.pages.all] },
  });
}

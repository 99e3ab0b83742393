/**
 * The figures of the visibility screen, computed in the database (migration 20261201007000):
 * visibility_series (per engine and week), visibility_version_counts (per version, engine and prompt),
 * visibility_overview (settings, month's spend, calls per run, cost per call, last runs); the engines
 * (llms) and the page's versions (the chart's markers).
 */
import { useQuery } from '@tanstack/react-query';
import type { FunctionReturns } from '@citable/shared';
import { request } from '@citable/shared/data';
import type { SeriesRow } from '../utils/series';
import type { VersionCountRow } from '../utils/lift';
import { visibilityKeys } from './keys';

export type VisibilityOverview = FunctionReturns<'visibility_overview'>;

export function useVisibilityOverview(siteId: number, pageId: number | null) {
  return useQuery({
    queryKey: visibilityKeys.overview(siteId, pageId),
    queryFn: async () => (await request((db) => db.rpc('visibility_overview', { p_site: siteId, p_page: pageId }))) as VisibilityOverview,
    // a run under way: its progress every few seconds
    refetchInterval: (query) => (query.state.data?.runs.some((r) => r.status === 'queued' || r.status === 'running') ? 3000 : false),
  });
}

export function useVisibilitySeries(siteId: number, pageId: number | null, bucket: 'week' | 'day') {
  return useQuery({
    queryKey: visibilityKeys.series(siteId, pageId, bucket),
    queryFn: async () => ((await request((db) => db.rpc('visibility_series', { p_site: siteId, p_page: pageId, p_bucket: bucket }))) ?? []) as SeriesRow[],
  });
}

export function useVersionCounts(pageId: number) {
  return useQuery({
    queryKey: visibilityKeys.versionCounts(pageId),
    queryFn: async () => ((await request((db) => db.rpc('visibility_version_counts', { p_page: pageId }))) ?? []) as VersionCountRow[],
  });
}

export interface Engine {
  id: number;
  name: string;
}

/** The models the worker may ask (llms), named as the user knows them. */
export function useEngines() {
  return useQuery({
    queryKey: visibilityKeys.engines(),
    queryFn: async () => ((await request((db) => db.from('llms').select('id, name').order('id'))) ?? []) as Engine[],
    staleTime: 5 * 60_000,
  });
}

/** The page's versions, oldest first: numbered 1, 2, 3… and drawn as markers where each went live. */
export function usePageVersions(pageId: number) {
  return useQuery({
    queryKey: visibilityKeys.versions(pageId),
    queryFn: async () =>
      ((await request((db) => db.from('pages_versions').select('id, created_date').eq('page', pageId).order('created_date', { ascending: true }))) ??
        []) as { id: string; created_date: string }[],
  });
}

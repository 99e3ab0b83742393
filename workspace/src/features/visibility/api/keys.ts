/** Query keys of the visibility screen. */
export const visibilityKeys = {
  all: ['visibility'] as const,
  overview: (siteId: number, pageId: number | null) => [...visibilityKeys.all, 'overview', { siteId, pageId }] as const,
  series: (siteId: number, pageId: number | null, bucket: 'week' | 'day') => [...visibilityKeys.all, 'series', { siteId, pageId, bucket }] as const,
  versionCounts: (pageId: number) => [...visibilityKeys.all, 'versionCounts', { pageId }] as const,
  prompts: (pageId: number) => [...visibilityKeys.all, 'prompts', { pageId }] as const,
  engines: () => [...visibilityKeys.all, 'engines'] as const,
  versions: (pageId: number) => [...visibilityKeys.all, 'versions', { pageId }] as const,
  shareOfVoice: (siteId: number, pageId: number | null) => [...visibilityKeys.all, 'shareOfVoice', { siteId, pageId }] as const,
  reportLink: (siteId: number) => [...visibilityKeys.all, 'reportLink', { siteId }] as const,
  draftSources: (pageId: number) => [...visibilityKeys.all, 'draftSources', { pageId }] as const,
};

/** The site's visibility settings (visibility_settings) and a run started by hand (queue_visibility_run). */
import { useMutation } from '@tanstack/react-query';
import { request } from '@citable/shared/data';
import { visibilityKeys } from './keys';

export interface SettingsInput {
  engines: number[] | null;
  runs_per_prompt: number;
  schedule: 'weekly' | 'daily' | 'paused';
  monthly_budget_usd: number;
  target_margin: number;
}

export async function saveSettings(siteId: number, input: SettingsInput) {
  return request((db) => db.from('visibility_settings').upsert({ site: siteId, ...input }, { onConflict: 'site' }).select('site').single());
}

export function useSaveSettings(siteId: number) {
  return useMutation({
    mutationFn: (input: SettingsInput) => saveSettings(siteId, input),
    meta: { invalidates: [visibilityKeys.all] },
  });
}

export function useQueueRun(siteId: number, pageId: number | null) {
  return useMutation({
    mutationFn: () => request((db) => db.rpc('queue_visibility_run', { p_site: siteId, p_page: pageId })),
    meta: { invalidates: [visibilityKeys.overview(siteId, pageId)] },
  });
}

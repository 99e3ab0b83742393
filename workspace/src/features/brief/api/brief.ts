/**
 * A page's brief and the sources research read (docs/article-engine.md; page_briefs and
 * page_brief_sources, the owner's under RLS), the operator's save, and the research_page action.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Json } from '@citable/shared';
import type { BriefSource } from '@citable/shared/engine';
import { DataError, request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import { parseBrief, parseSource, type EditableBrief } from '../utils/briefEdit';

export const briefKeys = {
  all: ['briefs'] as const,
  detail: (pageId: number) => [...briefKeys.all, 'detail', pageId] as const,
};

export interface PageBrief {
  /** null when the stored JSON is not a brief */
  brief: EditableBrief | null;
  researchedAt: string | null;
  editedAt: string | null;
  /** the row's version: a save checks that nobody (a research run) wrote it meanwhile */
  updatedAt: string;
}

export interface BriefData {
  /** null: no research yet */
  brief: PageBrief | null;
  sources: BriefSource[];
}

/** Thrown by saveBrief when the brief changed since it was read (kind conflict). */
export const BRIEF_CHANGED = 'The brief changed since it was loaded';

export async function getBrief(pageId: number): Promise<BriefData> {
  const [row, sources] = await Promise.all([
    request((db) => db.from('page_briefs').select('brief, researched_at, edited_at, updated_at').eq('page', pageId).maybeSingle()),
    request((db) =>
      db
        .from('page_brief_sources')
        .select('n, url, kind, position, title, status, error, words, headings')
        .eq('page', pageId)
        .order('n'),
    ),
  ]);
  return {
    brief: row
      ? { brief: parseBrief(row.brief), researchedAt: row.researched_at, editedAt: row.edited_at, updatedAt: row.updated_at }
      : null,
    sources: (sources as unknown as Record<string, unknown>[]).map(parseSource),
  };
}

export function useBrief(pageId: number) {
  return useQuery({ queryKey: briefKeys.detail(pageId), queryFn: () => getBrief(pageId) });
}

/**
 * Saves the operator's brief (the database marks it edited: edited_at). Only over the version read
 * (`updatedAt`): a research run that finished meanwhile is not overwritten (DataError conflict).
 */
export async function saveBrief(pageId: number, brief: EditableBrief, updatedAt: string) {
  const rows = await request((db) =>
    db
      .from('page_briefs')
      .update({ brief: { ...brief, editedAt: new Date().toISOString() } as unknown as Json })
      .eq('page', pageId)
      .eq('updated_at', updatedAt)
      .select('page'),
  );
  if (rows.length === 0) throw new DataError('conflict', BRIEF_CHANGED);
  return rows.length;
}

export function useSaveBrief(pageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ brief, updatedAt }: { brief: EditableBrief; updatedAt: string }) => saveBrief(pageId, brief, updatedAt),
    onSettled: () => queryClient.invalidateQueries({ queryKey: briefKeys.detail(pageId) }),
  });
}

/** Thrown when the actions table has no research_page row. */
export const RESEARCH_ACTION_MISSING = "Failed to find the 'research_page' action";

/** Queues a research_page run of the page (the worker reads the SERP's top results and writes the brief). */
export async function queueResearch(pageId: number): Promise<number> {
  const action = await request((db) => db.from('actions').select('id').eq('name', 'research_page').maybeSingle());
  if (!action) throw new DataError('not_found', RESEARCH_ACTION_MISSING);
  const row = await request((db) =>
    db.from('pages_actions').insert({ linked_page: pageId, linked_action: action.id, queued: true }).select('id').single(),
  );
  return row.id;
}

export function useQueueResearch(pageId: number) {
  return useMutation({
    mutationFn: () => queueResearch(pageId),
    meta: { invalidates: [queryKeys.pageActions.lists(pageId)] },
  });
}

/**
 * A page's prompt set (visibility_prompts): list, add, edit, remove, and what the drafts are made of
 * (the page's keywords, its brief's questions, the site's language).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Brief } from '@citable/shared/engine';
import { request } from '@citable/shared/data';
import type { PromptDraft } from '../utils/drafts';
import { visibilityKeys } from './keys';

export interface Prompt {
  id: number;
  question: string;
  phrasings: string[];
  language: string;
  source: 'keywords' | 'brief' | 'operator';
  active: boolean;
  position: number;
}

export function usePrompts(pageId: number) {
  return useQuery({
    queryKey: visibilityKeys.prompts(pageId),
    queryFn: async () =>
      ((await request((db) =>
        db.from('visibility_prompts').select('id, question, phrasings, language, source, active, position').eq('page', pageId).order('position').order('id'),
      )) ?? []) as Prompt[],
  });
}

const invalidates = { meta: { invalidates: [visibilityKeys.all] } };

export function useAddPrompts(pageId: number) {
  return useMutation({
    mutationFn: (drafts: (Omit<PromptDraft, 'source' | 'language'> & { source?: Prompt['source']; language: string })[]) =>
      request((db) =>
        db.from('visibility_prompts').insert(
          drafts.map((d, i) => ({ page: pageId, question: d.question, phrasings: d.phrasings, language: d.language, source: d.source ?? 'operator', position: i })),
        ),
      ),
    ...invalidates,
  });
}

export function useUpdatePrompt() {
  return useMutation({
    mutationFn: ({ id, ...patch }: Partial<Pick<Prompt, 'question' | 'phrasings' | 'active'>> & { id: number }) =>
      request((db) => db.from('visibility_prompts').update(patch).eq('id', id)),
    ...invalidates,
  });
}

export function useDeletePrompt() {
  return useMutation({
    mutationFn: (id: number) => request((db) => db.from('visibility_prompts').delete().eq('id', id)),
    ...invalidates,
  });
}

export interface DraftSources {
  keywords: string[];
  briefQuestions: string[];
  languageCode: string | null;
}

/** The page's keywords (those to search first), its brief's questions and its site's language. */
export async function getDraftSources(siteId: number, pageId: number): Promise<DraftSources> {
  const [keywords, brief, site] = await Promise.all([
    request((db) => db.from('pages_keywords').select('to_search, keywords(keyword)').eq('linked_page', pageId).order('id')),
    request((db) => db.from('page_briefs').select('brief').eq('page', pageId).maybeSingle()),
    request((db) => db.from('sites').select('location_languages(language_code)').eq('id', siteId).maybeSingle()),
  ]);
  const rows = (keywords ?? []) as unknown as { to_search: boolean; keywords: { keyword: string } | null }[];
  const ordered = [...rows.filter((r) => r.to_search), ...rows.filter((r) => !r.to_search)];
  const questions = ((brief as { brief: Partial<Brief> } | null)?.brief?.questions ?? []).map((q) => q.question).filter(Boolean);
  return {
    keywords: ordered.map((r) => r.keywords?.keyword ?? '').filter(Boolean),
    briefQuestions: questions,
    languageCode: (site as unknown as { location_languages: { language_code: string | null } | null } | null)?.location_languages?.language_code ?? null,
  };
}

export function useDraftSources(siteId: number, pageId: number) {
  return useQuery({ queryKey: visibilityKeys.draftSources(pageId), queryFn: () => getDraftSources(siteId, pageId) });
}

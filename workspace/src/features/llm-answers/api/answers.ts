/** A page's LLM answers with their citation figures (docs/data-model.md#calls pages_llm_answers, §4 search, §8 LLM messages). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { DEFAULT_LLM_ANSWERS_PER_MODEL, getRuntimeConfig, type LlmAnswer } from '@citable/shared';
import { DataError, request, requestCount } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import { getActionId, queueSearchAction } from '../../../components/queueSearchAction';

export type AnswerRow = Pick<
  LlmAnswer,
  | 'id'
  | 'answer'
  | 'question'
  | 'linked_llm'
  | 'brand_mentioned'
  | 'domain_cited'
  | 'cited_urls'
  | 'cited_domains'
  | 'pages_version'
  | 'analysed_at'
  | 'created_at'
> & { llms: { name: string; name_openrouter: string } | null };

export const getAnswers = (pageId: number) =>
  request((db) =>
    db
      .from('pages_llm_answers')
      .select(
        'id, answer, question, linked_llm, brand_mentioned, domain_cited, cited_urls, cited_domains, pages_version, analysed_at, created_at, llms(name, name_openrouter)',
      )
      .eq('linked_page', pageId)
      // the llm_answers action's answers only: the AI-visibility runs' answers have their own screen
      .eq('visibility', false)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false }),
  ) as Promise<AnswerRow[]>;

export function useAnswers(pageId: number) {
  return useQuery({ queryKey: queryKeys.llmAnswers.list(pageId), queryFn: () => getAnswers(pageId) });
}

export interface VersionDate {
  id: string;
  created_date: string;
}

/** The page's versions (id and date, newest first), to name the version of each answer. */
export function useVersionDates(pageId: number) {
  return useQuery({
    queryKey: [...queryKeys.pageVersions.lists(pageId), 'dates'],
    queryFn: () =>
      request((db) =>
        db.from('pages_versions').select('id, created_date').eq('page', pageId).order('created_date', { ascending: false }),
      ) as Promise<VersionDate[]>,
  });
}

/** Thrown when the actions table has no llm_answers row. */
export const LLM_ACTION_MISSING = 'LLM answers action not found in the database.';

export async function searchLlmAnswers(pageId: number): Promise<number> {
  const actionId = await getActionId('llm_answers');
  if (actionId === null) throw new DataError('not_found', LLM_ACTION_MISSING);
  return queueSearchAction(pageId, actionId, null);
}

export function useSearchLlmAnswers(pageId: number) {
  return useMutation({
    mutationFn: () => searchLlmAnswers(pageId),
    meta: { invalidates: [queryKeys.pageActions.lists(pageId)] },
  });
}

/**
 * Answers the worker asks of each model per run: its LLM_ANSWERS_PER_MODEL, served in the runtime
 * config by the app servers (the worker's default when the config does not say).
 */
export function llmAnswersPerModel(): number {
  try {
    return getRuntimeConfig().llmAnswersPerModel ?? DEFAULT_LLM_ANSWERS_PER_MODEL;
  } catch {
    return DEFAULT_LLM_ANSWERS_PER_MODEL;
  }
}

/** How many models a run asks (the llms table, which every user reads), when `enabled`. */
export function useLlmCount(enabled: boolean) {
  return useQuery({
    queryKey: ['llms', 'count'],
    queryFn: () => requestCount((db) => db.from('llms').select('id', { count: 'exact', head: true })),
    enabled,
    staleTime: 5 * 60_000,
  });
}

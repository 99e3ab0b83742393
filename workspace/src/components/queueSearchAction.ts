/**
 * Queues a page's background search (docs/product-rules.md#states "SERP search for a keyword … The LLM answers
 * search works the same, without info2"): the page's pages_actions row for that action is refreshed
 * (new created_date, info2) when it exists, created otherwise. Each step fails with its own stage so
 * the screen can show the §8 message of that step.
 */
import { loadSupabase } from '@citable/shared';
import { DataError, request } from '@citable/shared/data';

export type SearchActionStage = 'action' | 'check' | 'update' | 'create';

export class SearchActionError extends Error {
  constructor(
    readonly stage: SearchActionStage,
    readonly reason: unknown,
  ) {
    super(`search action failed at ${stage}`, { cause: reason });
    this.name = 'SearchActionError';
  }
}

const fail = (stage: SearchActionStage, error: unknown): never => {
  throw new SearchActionError(stage, error);
};

/** The id of an action by name (actions table), or null when there is none. */
export async function getActionId(name: string): Promise<number | null> {
  const row = await request((db) => db.from('actions').select('id').eq('name', name).maybeSingle());
  return row?.id ?? null;
}

/** Refreshes or creates the page's action; returns the pages_actions id. */
export async function queueSearchAction(pageId: number, actionId: number, info2: string | null = null): Promise<number> {
  const existing = await request((db) =>
    db
      .from('pages_actions')
      .select('id')
      .eq('linked_page', pageId)
      .eq('linked_action', actionId)
      .order('created_date', { ascending: false })
      .order('id', { ascending: false })
      .limit(1),
  ).catch((error: unknown) => fail('check', error));

  const now = new Date().toISOString();
  if (existing.length > 0) {
    const id = existing[0].id;
    const updated = await request((db) =>
      db.from('pages_actions').update({ created_date: now, info2 }).eq('id', id).select('id'),
    ).catch((error: unknown) => fail('update', error));
    if (updated.length === 0) fail('update', new DataError('not_found', 'Page action not found'));
    return id;
  }
  let creator: string | null = null;
  try {
    const { data } = await (await loadSupabase()).auth.getSession();
    creator = data.session?.user.id ?? null;
  } catch {
    creator = null;
  }
  const created = await request((db) =>
    db
      .from('pages_actions')
      .insert({ linked_page: pageId, linked_action: actionId, info2, queued: true, created_date: now, creator })
      .select('id')
      .single(),
  ).catch((error: unknown) => fail('create', error));
  return created.id;
}

export const isSearchActionError = (error: unknown): error is SearchActionError => error instanceof SearchActionError;

// TEMPORARY (deleted when fix/research's engine/research.ts is merged): its loadBrief and
// researchPage signatures, so create_article can be written and tested against a stored brief.
import type pg from 'pg';
import type { Brief, BriefSource } from '@citable/shared/engine';
import type { PageContext } from '../db.js';
import type { ActionContext } from '../runner.js';

export async function loadBrief(pool: pg.Pool, pageId: number | string): Promise<{ brief: Brief; sources: Array<BriefSource & { text: string | null }> } | null> {
  const { rows } = await pool.query<{ brief: Brief }>('select brief from public.page_briefs where page = $1', [pageId]);
  if (!rows[0]) return null;
  const { rows: sources } = await pool.query(
    'select n, url, kind, position, title, status, error, words, headings, text from public.page_brief_sources where page = $1 order by n',
    [pageId],
  );
  return { brief: rows[0].brief, sources };
}

export async function researchPage(_ctx: ActionContext, _page: PageContext): Promise<unknown> {
  throw new Error('research_page is not merged in this branch yet');
}

// Backfill: the citation figures of LLM answers stored before they were recorded
// (supabase/migrations/20261126000300_page_data.sql). SQL cannot call the JS analysis, so
// prepareDatabase runs this after the migrations and the seed.
//
// Idempotent: only rows with analysed_at null are read, and each update keeps that condition,
// so a rerun (or a concurrent worker that analysed the row meanwhile) changes nothing. Rows also
// get the page version that was current when they were stored, when they have none.
import type { ClientBase } from 'pg';
import { analyzeAnswer } from '../../citations/analyze.js';

const BATCH = 500;

/**
 * @param client a superuser / migration-owner connection
 * @returns how many rows were analysed
 */
export async function backfillLlmAnswerCitations(client: ClientBase, { log = () => {}, batchSize = BATCH }: { log?: (message: string) => void; batchSize?: number; } = {}): Promise<number> {
  const { rows: ready } = await client.query(`
    select exists (
      select 1 from information_schema.columns
       where table_schema = 'public' and table_name = 'pages_llm_answers' and column_name = 'analysed_at'
    ) as ready`);
  if (!ready[0].ready) return 0;

  let total = 0;
  let lastId = 0;
  for (;;) {
    const { rows } = await client.query(
      `select a.id, a.answer, s.name as brand, s.url as site_url
         from public.pages_llm_answers a
         join public.pages p on p.id = a.linked_page
         join public.sites s on s.id = p.site
        where a.analysed_at is null and a.id > $1
        order by a.id
        limit $2`,
      [lastId, batchSize],
    );
    if (rows.length === 0) break;
    for (const row of rows) {
      const result = analyzeAnswer({ answer: row.answer, brand: row.brand, siteUrl: row.site_url });
      const { rowCount } = await client.query(
        `update public.pages_llm_answers a
            set brand_mentioned = $2, domain_cited = $3, cited_urls = $4, cited_domains = $5, analysed_at = now(),
                pages_version = coalesce(a.pages_version, (
                  select v.id from public.pages_versions v
                   where v.page = a.linked_page and v.created_date <= a.created_at
                   order by v.created_date desc, v.id desc limit 1))
          where a.id = $1 and a.analysed_at is null`,
        [row.id, result.brand_mentioned, result.domain_cited, result.cited_urls, result.cited_domains],
      );
      total += rowCount ?? 0;
    }
    lastId = rows[rows.length - 1].id;
  }
  if (total > 0) log(`backfill: ${total} LLM answer(s) analysed for citations`);
  return total;
}

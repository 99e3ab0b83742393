// llm_answers: asks each model of the llms table the question a searcher would ask about the
// page (from its main keywords, in the site's language: siteQuestion), LLM_ANSWERS_PER_MODEL times per model
// (default 3: assistants rarely answer the same twice), and stores every answer with its
// citation analysis (worker/src/citations/analyze.ts) and the page's current version, in one
// transaction once every call has answered. A model the provider refuses (4xx: retired, unknown
// id) is skipped and named in last_error of the done row; a retryable error runs it all again.
import { analyzeAnswer } from '../citations/analyze.js';
import { PermanentError, TransientError, isPermanent } from '../errors.js';
import { loadKeywords, loadPageContext, workerTx } from '../db.js';
import { loadTemplate, placeNames, promptLanguage, render } from '../prompts.js';
import type { ActionContext } from '../runner.js';

/** Answer-row columns written when the table has them (the LLM-answers issue's migration). */
const OPTIONAL_COLUMNS = ['question', 'brand_mentioned', 'domain_cited', 'cited_urls', 'cited_domains', 'pages_version', 'analysed_at'];

/**
 * Runs tasks with at most `limit` at once; rejects with the first error after all settle.
 */
async function pooled<T>(tasks: (() => Promise<T>)[], limit: number) {
  const results: T[] = new Array(tasks.length);
  const errors: unknown[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        try {
          results[i] = await tasks[i]();
        } catch (error) {
          errors.push(error);
        }
      }
    }),
  );
  if (errors.length > 0) throw errors[0];
  return results;
}

/**
 * The searcher's question for a page, from the fr or en template.
 */
export function questionFor(lang: 'fr' | 'en', keywords: string[]) {
  return render(loadTemplate('llm_question', lang), { keywords: keywords.join(', ') });
}

/**
 * The searcher's question in the site's language. French and English sites get their template as
 * is; a site in another language (de, es, it, nl, pt …) gets the English template rewritten in
 * that language, named in English (Intl.DisplayNames: "German"), by ARTICLE_MODEL (else the
 * first model of the llms table) — so every model is asked what a searcher of that language asks.
 * (The rewrite prompt, llm_question.translate, exists in English only: only non-French sites,
 * which get the English prompts, use it.)
 */
export async function siteQuestion(ctx: ActionContext, place: { language_code?: string | null; language_name?: string | null; }, keywords: string[], fallbackModel: string) {
  const code = place.language_code?.toLowerCase() ?? null;
  const lang = promptLanguage(code);
  const question = questionFor(lang, keywords);
  if (!code || code === lang) return question;
  const language = placeNames('en', place).language;
  const { text } = await ctx.openrouter.chat({
    model: ctx.config.openrouter.articleModel || fallbackModel,
    messages: [
      { role: 'system', content: render(loadTemplate('llm_question.translate', 'en'), { language }) },
      { role: 'user', content: question },
    ],
    onUsage: ctx.recordUsage,
  });
  const rewritten = text
    .trim()
    .replace(/^["'«“„`]+|["'»”`]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 1000);
  if (!rewritten) throw new TransientError(`The question could not be written in ${language}: the model returned nothing`);
  return rewritten;
}

/** A row of public.llms (id: bigint, as a string). */
interface Llm {
  id: string;
  name: string;
  name_openrouter: string;
}

export async function runLlmAnswers(ctx: ActionContext) {
  const page = await loadPageContext(ctx.pool, ctx.action.linked_page);
  if (!page) throw new PermanentError('The page no longer exists');
  const keywords = await loadKeywords(ctx.pool, page.page_id);
  const main = (keywords.some((k) => k.to_search) ? keywords.filter((k) => k.to_search) : keywords).slice(0, 3).map((k) => k.keyword);
  if (main.length === 0) main.push(page.page_name);
  const { rows: llms } = await ctx.pool.query<Llm>('select id, name, name_openrouter from public.llms order by id');
  if (llms.length === 0) throw new PermanentError('No language model is listed in the llms table');
  const question = await siteQuestion(ctx, page, main, llms[0].name_openrouter);

  const calls = llms.flatMap((llm) =>
    Array.from({ length: ctx.config.llmAnswersPerModel }, () => async () => {
      try {
        const { text } = await ctx.openrouter.chat({
          model: llm.name_openrouter,
          messages: [{ role: 'user', content: question }],
          webSearch: false,
          onUsage: ctx.recordUsage,
        });
        return { llm, text, error: null };
      } catch (error) {
        // A model the provider refuses (retired, unknown id) is skipped; anything retryable
        // fails the run, which runs again with every model.
        if (!isPermanent(error)) throw error;
        return { llm, text: null, error: (error as Error) };
      }
    }),
  );
  const results = await pooled(calls, 4);
  const answers = results.filter((r): r is { llm: Llm; text: string; error: null } => r.text !== null);
  const refused = new Map(results.filter((r) => r.error).map((r) => [r.llm.name_openrouter, r.error?.message]));
  if (answers.length === 0) throw new PermanentError(`No model answered: ${[...refused].map(([m, e]) => `${m}: ${e}`).join('; ')}`);

  const { rows: columnRows } = await ctx.pool.query(
    `select column_name, data_type from information_schema.columns where table_schema = 'public' and table_name = 'pages_llm_answers'`,
  );
  const present = new Map(columnRows.map((r) => [r.column_name, r.data_type]));
  const { rows: versions } = await ctx.pool.query(
    'select id from public.pages_versions where page = $1 order by created_date desc limit 1',
    [page.page_id],
  );
  const versionId = versions[0]?.id ?? null;

  await workerTx(ctx.pool, async (client) => {
    for (const { llm, text } of answers) {
      const analysis = analyzeAnswer({ answer: text, brand: page.site_name, siteUrl: page.site_url });
      const row: Record<string, unknown> = { linked_page: page.page_id, linked_llm: llm.id, answer: text };
      const optional: Record<string, unknown> = {
        brand_mentioned: analysis.brand_mentioned,
        domain_cited: analysis.domain_cited,
        cited_urls: analysis.cited_urls,
        cited_domains: analysis.cited_domains,
        pages_version: versionId,
        question,
        analysed_at: new Date(),
      };
      for (const name of OPTIONAL_COLUMNS) {
        if (!present.has(name)) continue;
        const value = optional[name];
        row[name] = present.get(name) === 'jsonb' || present.get(name) === 'json' ? JSON.stringify(value) : value;
      }
      const names = Object.keys(row);
      await client.query(
        `insert into public.pages_llm_answers (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
        names.map((n) => row[n]),
      );
    }
  });
  return {
    answers: answers.length,
    models: llms.length,
    warning: refused.size > 0 ? `Skipped ${refused.size} model(s): ${[...refused].map(([m, e]) => `${m} (${e})`).join('; ')}` : null,
  };
}

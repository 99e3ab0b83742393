// modify_articles_with_instructions: rewrites the version in linked_pages_version following its
// comments and flags (web search, highlight changes with <mark>, remove earlier highlights, the
// example version). create_new_version: a new version with parent_version = that version,
// origin 'instruction' and the instruction; otherwise the same version updated in place, which
// then records the instruction too (appended to earlier ones) with origin 'instruction'.
// The options come from info_json (request_version_modification's snake_case keys, or the
// camelCase ones of older rows), else from the version's own columns. The version written is then
// checked (engine/checks.ts: claims, content score, structured data).
import { PermanentError, TransientError } from '../errors.js';
import { loadPageContext, workerTx } from '../db.js';
import { buildMessages, loadTemplate, placeNames, promptLanguage, render } from '../prompts.js';
import { removeHighlights, sanitizeArticleHtml, textOf } from '../sanitize.js';
import { recheckVersion } from '../engine/checks.js';
import type { ActionContext } from '../runner.js';

function pick(info: Record<string, unknown> | null, keys: string[]) {
  for (const k of keys) if (info && info[k] !== undefined && info[k] !== null) return info[k];
  return undefined;
}

export async function runModifyArticle(ctx: ActionContext) {
  const versionId = ctx.action.linked_pages_version;
  if (!versionId) throw new PermanentError('No version to modify: the action has no linked_pages_version');
  const { rows } = await ctx.pool.query('select * from public.pages_versions where id = $1', [versionId]);
  const version = rows[0];
  if (!version) throw new PermanentError('The version to modify no longer exists');
  const page = await loadPageContext(ctx.pool, version.page);
  if (!page) throw new PermanentError('The page no longer exists');

  const info = (ctx.action.info_json as Record<string, unknown> | null);
  const comments = String(pick(info, ['comments', 'comments_to_modify']) ?? version.comments_to_modify ?? '').trim();
  const webSearch = Boolean(pick(info, ['use_web_search', 'useWebSearch']) ?? version.need_to_do_web_search_for_modification);
  const highlight = Boolean(pick(info, ['highlight_modifications', 'highlightModifications']) ?? version.highlight_modified_content);
  const unhighlight = Boolean(pick(info, ['unhighlight_modifications', 'unhighlightModifications']) ?? version.unhighlight_modified_content);
  const createNew = Boolean(pick(info, ['create_new_version', 'createNewVersion']) ?? false);
  const exampleId = (pick(info, ['example_version_id', 'exampleVersionId']) ?? version.pages_versions_to_take_as_example ?? undefined as string | undefined);

  let example = null;
  if (exampleId) {
    const { rows: ex } = await ctx.pool.query('select html_content from public.pages_versions where id = $1 and page = $2', [exampleId, version.page]);
    example = ex[0]?.html_content ?? null;
  }
  const current = unhighlight ? removeHighlights(version.html_content ?? '') : (version.html_content ?? '');
  if (!comments && !unhighlight && !example) throw new PermanentError('Nothing to do: the request has no instructions');

  const lang = promptLanguage(page.language_code);
  const system = render(loadTemplate('modify.system', lang), {
    language: placeNames(lang, page).language,
    highlight,
    no_highlight: !highlight,
    web_search: webSearch,
  });
  const instructions = comments || (lang === 'fr' ? 'Retire les surlignages, sans rien changer d’autre.' : 'Remove the highlights and change nothing else.');
  const task = render(loadTemplate('modify.task', lang), { page_name: page.page_name, instructions, example: Boolean(example) });
  const messages = buildMessages({ lang, system, task, data: { current_article: current, ...(example ? { example_article: example } : {}) } });

  const { text } = await ctx.openrouter.chat({ model: ctx.config.openrouter.articleModel, messages, webSearch, onUsage: ctx.recordUsage });
  let html = sanitizeArticleHtml(text);
  if (!highlight && unhighlight) html = removeHighlights(html);
  if (!textOf(html)) throw new TransientError('The model returned an empty article');

  const written = await workerTx(ctx.pool, async (client) => {
    if (createNew) {
      const { rows: created } = await client.query(
        `insert into public.pages_versions (page, html_content, creator, parent_version, origin, instruction, sources)
         values ($1, $2, $3, $4, 'instruction', $5, $6) returning id`,
        [version.page, html, ctx.action.creator, version.id, comments || null, version.sources === null ? null : JSON.stringify(version.sources)],
      );
      return { version: created[0].id, created: true };
    }
    // Rewritten in place: the version records the instruction (after any earlier ones, so its
    // lineage is not lost) and becomes origin 'instruction'. A request without comments (only
    // removing highlights) leaves both as they were.
    await client.query(
      `update public.pages_versions
          set html_content = $2,
              origin = case when $3::text is null then origin else 'instruction' end,
              instruction = case when $3::text is null then instruction
                                 when coalesce(instruction, '') = '' then $3::text
                                 else right(instruction || E'\n\n' || $3::text, 20000) end
        where id = $1`,
      [version.id, html, comments || null],
    );
    return { version: version.id, created: false };
  });
  // The version's claims, score and structured data, against the page's brief as it is now.
  const checks = await ctx.stage('checks', () => recheckVersion(ctx.pool, written.version, ctx.config.storage.supabaseUrl));
  return { ...written, score: checks?.score ?? null };
}

// A fake article model for the fake OpenRouter server (fakes/providers.js `fake.text(fakeWriter())`):
// answers the article engine's calls as a model following the prompts would, from what each
// request carries — the outline call with a JSON plan of the brief's sections, a section call
// with its <h2>, its <h3>, the terms it was given and sentences taken from its source excerpts,
// cited [n]; the introduction with the <h1>; the FAQ with an <h3> and an answer per question.
// Options: `outline` replaces the plan's answer (a bad JSON to test the retry), `alter` rewrites a
// section's HTML (a wrong figure to test the claims check).
import { splitUserMessage } from '../../dist/prompts.js';

/** The kind of engine call a chat request is, from its task's opening words. */
export function callKind(/** @type {any} */ body) {
  const first = body?.messages?.find((/** @type {any} */ m) => m.role === 'user')?.content;
  const user = typeof first === 'string' ? first : '';
  const task = user.split('\n').slice(0, 2).join(' ');
  if (/Prépare le plan|Plan the article/.test(task)) return 'outline';
  if (/Écris la FAQ|Write the FAQ/.test(task)) return 'faq';
  if (/Écris le début|Write the opening/.test(task)) return 'intro';
  if (/Écris la section|Write the section/.test(task)) return 'section';
  return 'other';
}

/** The first sentence of an excerpt with a figure, else its first sentence. */
function sentenceOf(/** @type {string} */ excerpt, /** @type {number} */ k = 0) {
  const sentences = excerpt.replace(/…/g, ' ').split(/(?<=[.!?])\s+/).map((s) => s.trim()).filter((s) => s.length > 20);
  const withFigure = sentences.filter((s) => /\d/.test(s));
  const pool = withFigure.length ? withFigure : sentences;
  return (pool[k % Math.max(1, pool.length)] ?? '').replace(/[.!?]+$/, '');
}

/**
 * @param {{ outline?: (data: any, attempt: number) => string | null, alter?: (html: string, title: string) => string }} [options]
 */
export function fakeWriter(options = {}) {
  let outlineAttempts = 0;
  return (/** @type {any} */ body) => {
    const kind = callKind(body);
    if (kind === 'other') return '<h1>Titre</h1><p>Un article [1].</p>';
    const { task, data } = splitUserMessage(body.messages[1].content);
    if (kind === 'outline') {
      outlineAttempts += 1;
      const custom = options.outline?.(data, outlineAttempts);
      if (custom) return custom;
      const read = data.sources.map((/** @type {any} */ s) => s.n);
      const sections = (data.brief.sections.length ? data.brief.sections : [{ title: 'Les bases' }, { title: 'En pratique' }]).map((/** @type {any} */ s, /** @type {number} */ i) => ({
        title: s.title,
        subsections: i === 0 ? [`${s.title} : l'essentiel`] : [],
        sources: s.covered_by?.length ? s.covered_by : read.slice(i % Math.max(1, read.length), (i % Math.max(1, read.length)) + 1),
        terms: data.brief.terms.filter((/** @type {any} */ _t, /** @type {number} */ j) => j % data.brief.sections.length === i).map((/** @type {any} */ t) => t.term),
        words: 300,
      }));
      return '```json\n' + JSON.stringify({ title: `Tout savoir : ${data.brief.keywords[0] ?? 'le sujet'}`, description: 'Un guide.', sections }) + '\n```';
    }
    if (kind === 'intro') {
      const title = /<h1>(.*?)<\/h1>/.exec(task)?.[1] ?? 'Titre';
      const s = data.sources[0];
      return `<h1>${title}</h1><p>Voici ce qu'il faut savoir. ${s ? `${sentenceOf(s.excerpt, 1)} [${s.n}].` : ''}</p>`;
    }
    if (kind === 'faq') {
      return data.questions
        .map((/** @type {string} */ q, /** @type {number} */ i) => {
          const s = data.sources[i % Math.max(1, data.sources.length)];
          return `<h3>${q}</h3><p>${s ? `${sentenceOf(s.excerpt, i)} [${s.n}].` : 'Cela dépend.'}</p>`;
        })
        .join('');
    }
    if (kind === 'section') {
      const title = /<h2>(.*?)<\/h2>/.exec(task)?.[1] ?? 'Section';
      const terms = /(?:Emploie naturellement ces termes|Use these terms naturally)[^:]*: (.*?)\.\n/.exec(task)?.[1] ?? '';
      const h3 = /sous-parties <h3> : (.*?)\.\n|<h3> subsections: (.*?)\.\n/.exec(task);
      const parts = [`<h2>${title}</h2>`];
      if (h3) parts.push(`<h3>${h3[1] ?? h3[2]}</h3>`);
      data.sources.forEach((/** @type {any} */ s, /** @type {number} */ i) => parts.push(`<p>${sentenceOf(s.excerpt, i)} [${s.n}].</p>`));
      if (terms) parts.push(`<p>Retenez : ${terms.replace(/ \(×\d+\)/g, '')}.</p>`);
      const page = data.site_pages?.[0];
      if (page) parts.push(`<p>Voir aussi <a href="${page.url}">${page.name}</a>.</p>`);
      const html = parts.join('');
      return options.alter ? options.alter(html, title) : html;
    }
    return '<h1>Titre</h1><p>Un article [1].</p>';
  };
}

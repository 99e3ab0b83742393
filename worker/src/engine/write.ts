// Writing (docs/article-engine.md): the article from the page's brief.
//   outline   one model call: the <h1>, the <h2>/<h3> plan from the sections the operator kept,
//             the sources each section rests on, its terms and length; a JSON answer checked
//             (zod) and asked again once when it is not what was asked.
//   sections  the introduction and every section, each its own model call, in parallel (bounded
//             by ARTICLE_CONCURRENCY), with the site's tone samples, guidelines, vous/tu and
//             first-person settings, the section's share of the brief's terms and target length,
//             the excerpts of its sources that match it best (BM25) and the site's other pages.
//   faq       at the same time: an <h2> FAQ with the brief's questions as <h3> and their answers.
// Then the parts are put together, sanitized, citations of sources that were not read removed
// (a warning), and French typography applied to the text nodes in French.
// Third-party text (source excerpts, tone samples, page names) only ever goes to the model as
// quoted data (buildMessages), never into a template.
import pLimit from 'p-limit';
import { z } from 'zod';
import type { ActionWarning, Brief, EngineLanguage } from '@citable/shared/engine';
import { TransientError } from '../errors.js';
import { buildMessages, loadTemplate, placeNames, render } from '../prompts.js';
import { sanitizeArticleHtml, textOf } from '../sanitize.js';
import type { PageContext } from '../db.js';
import type { ActionContext } from '../runner.js';
import { Bm25Index, sentencesAndTokens, tokens, type SourceWithText } from './claims.js';
import { frenchTypography } from './typography.js';

/** What the writer runs with: the action's context (providers, usage), its stages and warnings. */
export type EngineContext = Pick<ActionContext, 'openrouter' | 'config' | 'recordUsage' | 'log'> & {
  stage: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
  warn: (warning: ActionWarning) => void;
};

export interface WriteInput {
  page: PageContext;
  brief: Brief;
  sources: SourceWithText[];
  toneSamples: { name: string; content: string }[];
  /** The site's other pages (links where relevant). */
  sitePages: { name: string; url: string }[];
}

/** Parallel model calls of one article, at most (ARTICLE_CONCURRENCY). */
export const DEFAULT_CONCURRENCY = 10;
const MAX_SECTIONS = 8;
const MAX_QUESTIONS = 8;
/** Characters of excerpts per source given to one section call. */
const EXCERPT_CHARS = 3000;
/** Sources given to one section call, at most. */
const SOURCES_PER_SECTION = 4;

export const FAQ_TITLE: Record<EngineLanguage, string> = { fr: 'Questions fréquentes', en: 'Frequently asked questions' };

const OutlineSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(400).optional().default(''),
  sections: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(200),
        subsections: z.array(z.string().trim().min(1).max(200)).max(8).optional().default([]),
        sources: z.array(z.number().int()).optional().default([]),
        terms: z.array(z.string().trim().min(1)).optional().default([]),
        words: z.number().positive().optional(),
      }),
    )
    .min(1)
    .max(20),
});

export interface OutlineSection {
  title: string;
  subsections: string[];
  sources: number[];
  terms: string[];
  words: number;
}

export interface Outline {
  title: string;
  description: string;
  introWords: number;
  faqWords: number;
  sections: OutlineSection[];
}

/** The model's JSON answer (a fenced or surrounded object taken out), or null. */
export function parseJsonAnswer(text: string): unknown {
  const fenced = /```(?:json)?\s*\n?([\s\S]*?)\n?```/i.exec(text);
  const body = fenced ? fenced[1] : text;
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(body.slice(start, end + 1));
  } catch {
    return null;
  }
}

/**
 * The outline the model answered, made to fit the brief: only read sources, at most MAX_SECTIONS,
 * every brief term given to a section (those the model left out go round the sections), and the
 * target length spread: the introduction and the FAQ their share, the sections the rest in the
 * proportions the model gave.
 */
export function fitOutline(answer: z.infer<typeof OutlineSchema>, brief: Brief, readSources: number[], questions: number): Outline {
  const read = new Set(readSources);
  const sections: OutlineSection[] = answer.sections.slice(0, MAX_SECTIONS).map((s) => ({
    title: s.title,
    subsections: s.subsections.slice(0, 4),
    sources: [...new Set(s.sources.filter((n) => read.has(n)))],
    terms: [],
    words: s.words ?? 0,
  }));
  const known = new Map(brief.terms.map((t) => [t.term.toLowerCase(), t.term]));
  answer.sections.slice(0, MAX_SECTIONS).forEach((s, i) => {
    for (const term of s.terms) {
      const own = known.get(term.toLowerCase());
      if (own && !sections[i].terms.includes(own)) sections[i].terms.push(own);
    }
  });
  const given = new Set(sections.flatMap((s) => s.terms));
  let next = 0;
  for (const t of brief.terms) {
    if (given.has(t.term)) continue;
    sections[next % sections.length].terms.push(t.term);
    next += 1;
  }
  // a section without any source: the read sources round-robin, so it has something to rest on
  sections.forEach((s, i) => {
    if (s.sources.length === 0 && readSources.length > 0) s.sources = [readSources[i % readSources.length]];
  });
  const target = Math.max(300, brief.targetWords);
  const introWords = Math.round(Math.min(200, Math.max(60, target * 0.08)));
  const faqWords = questions > 0 ? Math.round(Math.min(target * 0.2, questions * 70)) : 0;
  const rest = Math.max(150, target - introWords - faqWords);
  const asked = sections.reduce((sum, s) => sum + (s.words > 0 ? s.words : 0), 0);
  for (const s of sections) {
    const share = asked > 0 && s.words > 0 ? s.words / asked : 1 / sections.length;
    s.words = Math.max(80, Math.round((rest * share) / 10) * 10);
  }
  return { title: answer.title, description: answer.description ?? '', introWords, faqWords, sections };
}

function promptSettings(page: PageContext, lang: EngineLanguage) {
  const { language, country } = placeNames(lang, page);
  return {
    language,
    country,
    site_url: page.site_url,
    familiar: page.familiar_terms,
    formal: !page.familiar_terms,
    first_person: page.address_the_reader_with_i,
  };
}

/** The brief as the outline call sees it (its sections, terms, questions, and the read sources' headings). */
export function outlineMessages(input: WriteInput) {
  const { page, brief } = input;
  const lang = brief.language;
  const system = render(loadTemplate('outline.system', lang), promptSettings(page, lang));
  const task = render(loadTemplate('outline.task', lang), {
    page_name: page.page_name,
    page_url: page.page_url,
    keywords: brief.keywords.join(', ') || page.page_name,
    target_words: brief.targetWords,
    accepted_topics: page.accepted_topics,
    guidelines: page.additional_guidelines,
  });
  const data = {
    brief: {
      keywords: brief.keywords,
      target_words: brief.targetWords,
      sections: brief.sections.map((s) => ({ title: s.title, covered_by: s.coveredBy })),
      terms: brief.terms.map((t) => ({ term: t.term, uses: t.target })),
      questions: brief.questions.map((q) => q.question),
    },
    sources: input.sources
      .filter((s) => s.status === 'read')
      .map((s) => ({ n: s.n, url: s.url, title: s.title, words: s.words, headings: s.headings.filter((h) => h.level <= 3).slice(0, 40) })),
  };
  return buildMessages({ lang, system, task, data });
}

/** Each source's sentences indexed once per run (BM25), for the excerpts of every call. */
const sentenceIndexes = new WeakMap<SourceWithText, Bm25Index>();
function sentenceIndex(source: SourceWithText, lang: EngineLanguage) {
  let index = sentenceIndexes.get(source);
  if (!index) {
    const { sents, toks } = sentencesAndTokens(source.text ?? '', lang, source);
    sentenceIndexes.set(source, (index = new Bm25Index(sents, lang, toks)));
  }
  return index;
}

/** The sentences of a source that match a query best (BM25), up to maxChars, in reading order. */
export function excerptsFor(source: SourceWithText, query: string, lang: EngineLanguage, maxChars = EXCERPT_CHARS): string {
  const index = sentenceIndex(source, lang);
  const hits = index.search(tokens(query, lang), 60);
  const chosen: number[] = [];
  let length = 0;
  for (const [i] of hits) {
    const p = index.docs[i];
    if (length + p.length > maxChars) continue;
    chosen.push(i);
    length += p.length + 1;
  }
  if (chosen.length === 0) return (source.text ?? '').slice(0, maxChars);
  chosen.sort((x, y) => x - y);
  // consecutive sentences run on; a gap is marked
  return chosen.map((i, k) => (k > 0 && chosen[k - 1] !== i - 1 ? `… ${index.docs[i]}` : index.docs[i])).join(' ');
}

interface PartData {
  tone_samples: WriteInput['toneSamples'];
  plan: { title: string; sections: { title: string; subsections: string[] }[] };
  sources: { n: number; url: string; title: string | null; excerpt: string }[];
  site_pages?: WriteInput['sitePages'];
  questions?: string[];
}

function sourcesFor(input: WriteInput, numbers: number[], query: string) {
  const byN = new Map(input.sources.map((s) => [s.n, s]));
  return numbers
    .map((n) => byN.get(n))
    .filter((s): s is SourceWithText => Boolean(s && s.status === 'read' && s.text))
    .slice(0, SOURCES_PER_SECTION)
    .map((s) => ({ n: s.n, url: s.url, title: s.title, excerpt: excerptsFor(s, query, input.brief.language) }));
}

/** The messages of one section's call. */
export function sectionMessages(input: WriteInput, outline: Outline, section: OutlineSection) {
  const { page, brief } = input;
  const lang = brief.language;
  const system = render(loadTemplate('section.system', lang), promptSettings(page, lang));
  const uses = new Map(brief.terms.map((t) => [t.term, t.target]));
  const task = render(loadTemplate('section.task', lang), {
    section_title: section.title,
    article_title: outline.title,
    page_url: page.page_url,
    words: section.words,
    subsections: section.subsections.join(' ; '),
    terms: section.terms.map((t) => ((uses.get(t) ?? 1) > 1 ? `${t} (×${Math.max(1, Math.round((uses.get(t) ?? 1) / Math.max(1, countSections(outline, t))))})` : t)).join(', '),
    guidelines: page.additional_guidelines,
  });
  const query = [section.title, ...section.subsections, ...section.terms, ...brief.keywords].join(' ');
  const data: PartData = {
    tone_samples: input.toneSamples,
    plan: planOf(outline),
    sources: sourcesFor(input, section.sources, query),
    site_pages: input.sitePages,
  };
  return buildMessages({ lang, system, task, data });
}

const countSections = (outline: Outline, term: string) => outline.sections.filter((s) => s.terms.includes(term)).length;
const planOf = (outline: Outline) => ({ title: outline.title, sections: outline.sections.map((s) => ({ title: s.title, subsections: s.subsections })) });

/** The messages of the introduction's call. */
export function introMessages(input: WriteInput, outline: Outline) {
  const { page, brief } = input;
  const lang = brief.language;
  const system = render(loadTemplate('section.system', lang), promptSettings(page, lang));
  const task = render(loadTemplate('intro.task', lang), {
    article_title: outline.title,
    page_url: page.page_url,
    keywords: brief.keywords.join(', ') || page.page_name,
    words: outline.introWords,
    guidelines: page.additional_guidelines,
  });
  const read = input.sources.filter((s) => s.status === 'read').map((s) => s.n);
  const data: PartData = { tone_samples: input.toneSamples, plan: planOf(outline), sources: sourcesFor(input, read.slice(0, 3), [outline.title, ...brief.keywords].join(' ')) };
  return buildMessages({ lang, system, task, data });
}

/** The messages of the FAQ's call. */
export function faqMessages(input: WriteInput, outline: Outline, questions: string[]) {
  const { page, brief } = input;
  const lang = brief.language;
  const system = render(loadTemplate('section.system', lang), promptSettings(page, lang));
  const task = render(loadTemplate('faq.task', lang), { article_title: outline.title, page_url: page.page_url });
  const read = input.sources.filter((s) => s.status === 'read').map((s) => s.n);
  const data: PartData = { tone_samples: input.toneSamples, plan: planOf(outline), questions, sources: sourcesFor(input, read, questions.join(' ')) };
  return buildMessages({ lang, system, task, data });
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A part as the model wrote it, sanitized, without any <h1> (only the introduction has it). */
function partHtml(text: string, { keepH1 = false } = {}) {
  let html = sanitizeArticleHtml(text);
  if (!keepH1) html = html.replace(/<h1(\s[^>]*)?>([\s\S]*?)<\/h1>/gi, '');
  return html.trim();
}

/** Removes the [n] citations of sources that were not read; returns the HTML and the numbers removed. */
export function keepKnownCitations(html: string, readSources: number[]) {
  const read = new Set(readSources);
  const dropped = new Set<number>();
  const out = html.replace(/\s?\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\]/g, (m, list: string) => {
    const all = list.split(/[,;]/).map((x) => Number(x.trim()));
    const kept = all.filter((n) => read.has(n));
    for (const n of all) if (!read.has(n)) dropped.add(n);
    if (kept.length === all.length) return m;
    return kept.length ? `${m.startsWith(' ') ? ' ' : ''}${kept.map((n) => `[${n}]`).join('')}` : '';
  });
  return { html: out, dropped: [...dropped].sort((a, b) => a - b) };
}

export interface WrittenArticle {
  html: string;
  outline: Outline;
  /** The model calls made. */
  calls: number;
}

/**
 * Writes the article of the brief: outline, then the introduction, sections and FAQ in parallel.
 */
export async function writeArticle(ctx: EngineContext, input: WriteInput): Promise<WrittenArticle> {
  const { brief } = input;
  const lang = brief.language;
  const model = ctx.config.openrouter.articleModel;
  const readSources = input.sources.filter((s) => s.status === 'read' && s.text).map((s) => s.n);
  const questions = brief.questions.map((q) => q.question.trim()).filter(Boolean).slice(0, MAX_QUESTIONS);
  let calls = 0;
  const chat = async (messages: ReturnType<typeof buildMessages>) => {
    calls += 1;
    const { text } = await ctx.openrouter.chat({ model, messages, onUsage: ctx.recordUsage });
    return text;
  };

  const outline = await ctx.stage('outline', async () => {
    const messages = outlineMessages(input);
    let problem = '';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const asked = attempt === 0 ? messages : [...messages, { role: 'user' as const, content: problem }];
      const answer = parseJsonAnswer(await chat(asked));
      const parsed = OutlineSchema.safeParse(answer);
      if (parsed.success) return fitOutline(parsed.data, brief, readSources, questions.length);
      problem =
        lang === 'fr'
          ? `Ta réponse n'est pas l'objet JSON demandé (${answer === null ? 'JSON illisible' : parsed.error.issues.map((i) => `${i.path.join('.')} : ${i.message}`).join(' ; ')}). Réponds uniquement par l'objet JSON de la forme indiquée.`
          : `Your answer is not the JSON object asked for (${answer === null ? 'unreadable JSON' : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}). Answer with the JSON object of the given shape only.`;
    }
    throw new TransientError(`The model's outline was not the JSON asked for, twice: ${problem.slice(0, 300)}`);
  });

  const limit = pLimit(Math.max(1, ctx.config.articleConcurrency || DEFAULT_CONCURRENCY));
  const sectionsDone = ctx.stage('sections', () =>
    Promise.all([
      limit(() => chat(introMessages(input, outline))),
      ...outline.sections.map((section) => limit(() => chat(sectionMessages(input, outline, section)))),
    ]),
  );
  const faqDone = questions.length > 0 ? ctx.stage('faq', () => limit(() => chat(faqMessages(input, outline, questions)))) : Promise.resolve(null);
  const [[intro, ...sections], faq] = await Promise.all([sectionsDone, faqDone]);

  let introHtml = partHtml(intro, { keepH1: true });
  if (!/<h1[\s>]/i.test(introHtml)) introHtml = `<h1>${escapeHtml(outline.title)}</h1>${introHtml}`;
  const parts = [introHtml];
  outline.sections.forEach((section, i) => {
    let html = partHtml(sections[i]);
    if (!/^<h2[\s>]/i.test(html)) html = `<h2>${escapeHtml(section.title)}</h2>${html}`;
    parts.push(html);
  });
  if (faq !== null) {
    const body = partHtml(faq).replace(/<h2(\s[^>]*)?>[\s\S]*?<\/h2>/gi, '');
    parts.push(`<h2 id="faq">${escapeHtml(FAQ_TITLE[lang])}</h2>${body}`);
  }
  let html = sanitizeArticleHtml(parts.join('\n'));
  const { html: cited, dropped } = keepKnownCitations(html, readSources);
  html = cited;
  if (dropped.length > 0) {
    ctx.warn({
      stage: 'sections',
      code: 'unknown_citations_removed',
      message: `Citations of sources that were not read removed: ${dropped.map((n) => `[${n}]`).join(', ')}`,
      params: { numbers: dropped.map(String) },
    });
  }
  if (lang === 'fr') html = frenchTypography(html);
  if (!textOf(html)) throw new TransientError('The model returned an empty article');
  return { html, outline, calls };
}

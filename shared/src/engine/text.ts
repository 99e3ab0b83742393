// The text normalisation of the article engine, the same in the worker (research, claims) and in
// the browser (the live content score): words, stop words, stems, and the key that matches a brief
// term in an article. Stems: the Snowball stemmers of nlp.js (@nlpjs/lang-fr, @nlpjs/lang-en-min);
// stop words: stopwords-iso's French and English lists (stopwords-fr, stopwords-en).
import { StemmerEn } from '@nlpjs/lang-en-min';
import { StemmerFr } from '@nlpjs/lang-fr';
import stopwordsEn from 'stopwords-en';
import stopwordsFr from 'stopwords-fr';
import type { EngineLanguage } from './types';

/**
 * Words of the lists that are content words in an article's brief (« levain naturel », « four
 * ouvert », "page title"): kept as terms.
 */
const NOT_STOP_WORDS: Record<EngineLanguage, readonly string[]> = {
  fr: ['naturel', 'naturelle', 'naturelles', 'ouvert', 'force', 'mine', 'mot', 'essai', 'dos', 'droite', 'haut'],
  en: ['home', 'page', 'pages', 'world', 'information', 'research', 'results', 'value', 'test', 'tests', 'line', 'water', 'work', 'house', 'area', 'system', 'number', 'problem', 'order', 'point', 'present', 'state', 'part', 'parts', 'place', 'group', 'interest', 'side', 'room', 'face', 'fact', 'case', 'cases', 'end', 'ends', 'form'],
};

/** French elided articles and pronouns: « l'eau » is « eau », « qu'il » is « il ». */
const ELISION = /^(?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu|quoiqu|presqu)'/;

/** A word (letters, with inner hyphens or apostrophes) or a number (with a decimal part). */
const TOKEN = /\p{N}+(?:[.,]\p{N}+)*|[\p{L}\p{M}]+(?:['-][\p{L}\p{M}]+)*/gu;

const stopSets: Partial<Record<EngineLanguage, Set<string>>> = {};

function stopSet(lang: EngineLanguage): Set<string> {
  let set = stopSets[lang];
  if (!set) {
    const list = lang === 'fr' ? stopwordsFr : stopwordsEn;
    const keep = new Set(NOT_STOP_WORDS[lang]);
    set = new Set(list.map((w) => w.toLowerCase().replace(/’/g, "'")).filter((w) => !keep.has(w)));
    stopSets[lang] = set;
  }
  return set;
}

const stemmers: { fr?: StemmerFr; en?: StemmerEn } = {};

/** Removes accents and other combining marks (« température » → « temperature »). */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').normalize('NFC');
}

/** True for a token that is a number (« 250 », « 1,5 »). */
export function isNumberToken(token: string): boolean {
  return /^\p{N}/u.test(token);
}

/**
 * The words and numbers of a text, lower-cased, in order. French elisions are removed
 * (« l'hydratation » → « hydratation »), English possessives too ("baker's" → "baker"); numbers are
 * tokens of their own (« 250g » → « 250 », « g »).
 */
export function tokenize(text: string, lang: EngineLanguage): string[] {
  const normalized = text.normalize('NFC').replace(/[’‘ʼ`´]/g, "'").toLocaleLowerCase(lang);
  const tokens: string[] = [];
  for (const match of normalized.matchAll(TOKEN)) {
    let token = match[0];
    if (lang === 'fr') {
      // « d'l'eau » does not happen, but « jusqu'à » and « qu'on » do: strip one elision
      token = token.replace(ELISION, '');
    } else {
      token = token.replace(/'s$/, '').replace(/s'$/, 's');
    }
    if (token) tokens.push(token);
  }
  return tokens;
}

/** True for a stop word of the language (« le », « pour », « the », "which"), whatever its case. */
export function isStopWord(word: string, lang: EngineLanguage): boolean {
  const w = word.toLocaleLowerCase(lang).replace(/’/g, "'");
  const set = stopSet(lang);
  return set.has(w) || (lang === 'fr' && set.has(foldAccents(w)));
}

/** The Snowball stem of a word, accent-insensitive (« températures » and « temperature » → « temperatur »). */
export function stem(word: string, lang: EngineLanguage): string {
  const w = word.toLocaleLowerCase(lang);
  if (isNumberToken(w)) return w;
  let stemmed: string;
  if (lang === 'fr') {
    stemmers.fr ??= new StemmerFr();
    stemmed = stemmers.fr.stemWord(w);
  } else {
    stemmers.en ??= new StemmerEn();
    stemmed = stemmers.en.stemWord(w);
  }
  return foldAccents(stemmed || w);
}

/** A token of a text with its stem, and whether it is a stop word. */
export interface AnalyzedToken {
  /** As written, lower-cased. */
  word: string;
  stem: string;
  stop: boolean;
}

/** Tokens of a text with their stems and stop-word flags (what terms are built from). */
export function analyze(text: string, lang: EngineLanguage): AnalyzedToken[] {
  return tokenize(text, lang).map((word) => {
    const stop = isStopWord(word, lang);
    return { word, stop, stem: stop ? foldAccents(word) : stem(word, lang) };
  });
}

/** The stems of the content words of a phrase (stop words dropped, unless the phrase has only stop words). */
function keyStems(phrase: string, lang: EngineLanguage): string[] {
  const tokens = analyze(phrase, lang);
  const content = tokens.filter((t) => !t.stop);
  return (content.length ? content : tokens).map((t) => t.stem);
}

/**
 * The key of a term of one to three words: the stems of its content words, accent-insensitive,
 * space-separated. « Températures de cuisson » and « température cuisson » share the key
 * « temperatur cuisson »; a brief term matches an article where the key does.
 */
export function termKey(phrase: string, lang: EngineLanguage): string {
  return keyStems(phrase, lang).join(' ');
}

/** The stems of a text's content words, in order (stop words skipped), for matching term keys. */
export function contentStems(text: string, lang: EngineLanguage): string[] {
  return analyze(text, lang)
    .filter((t) => !t.stop)
    .map((t) => t.stem);
}

/**
 * How many times a term occurs in a text, by its key: the term's content-word stems in a row among
 * the text's content words (« la température de cuisson » counts for « températures cuisson »).
 * Pass the text's contentStems instead of the text to count many terms in one text.
 */
export function countTermOccurrences(text: string | readonly string[], term: string, lang: EngineLanguage): number {
  const stems = typeof text === 'string' ? contentStems(text, lang) : text;
  const key = keyStems(term, lang);
  if (!key.length) return 0;
  let count = 0;
  for (let i = 0; i + key.length <= stems.length; i++) {
    let j = 0;
    while (j < key.length && stems[i + j] === key[j]) j++;
    if (j === key.length) {
      count++;
      i += key.length - 1;
    }
  }
  return count;
}

/** The number of words of a text (numbers count as words; punctuation does not). */
export function countWords(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(TOKEN)) n++;
  return n;
}

/**
 * Drafts of a page's prompt set: the questions a searcher of the site's language would ask, from the
 * page's main keywords and its brief's questions (page_briefs.brief.questions), several phrasings
 * each. Written in French for French sites (not translated from English); English otherwise. The
 * operator edits them before or after they run.
 */
export interface PromptDraft {
  question: string;
  phrasings: string[];
  language: 'fr' | 'en';
  source: 'keywords' | 'brief';
}

const TEMPLATES = {
  fr: {
    question: (k: string) => `${k} : que faut-il savoir ?`,
    phrasings: (k: string) => [
      `Que faut-il savoir sur ${k} ?`,
      `Quels conseils donnerais-tu à propos de ${k} ?`,
      `Quels sites de référence recommandes-tu sur ${k} ?`,
    ],
    sourced: (q: string) => `${q} Cite les sites que tu recommandes.`,
  },
  en: {
    question: (k: string) => `${k}: what should I know?`,
    phrasings: (k: string) => [
      `What should I know about ${k}?`,
      `What advice would you give about ${k}?`,
      `Which reference websites do you recommend on ${k}?`,
    ],
    sourced: (q: string) => `${q} Name the websites you recommend.`,
  },
} as const;

/** French typography: a no-break space before ? ! : ; and none doubled. */
function frenchSpaces(text: string) {
  return text.replace(/\s*([?!:;])/g, '\u00a0$1').replace(/\u00a0\u00a0+/g, '\u00a0');
}

const capitalised = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/** The drafts, keywords first (at most `maxKeywords`), then the brief's questions (at most `maxQuestions`), without duplicates. */
export function draftPrompts(
  { keywords, briefQuestions, languageCode }: { keywords: readonly string[]; briefQuestions: readonly string[]; languageCode: string | null | undefined },
  { maxKeywords = 5, maxQuestions = 5 }: { maxKeywords?: number; maxQuestions?: number } = {},
): PromptDraft[] {
  const language: 'fr' | 'en' = (languageCode ?? 'fr').toLowerCase().startsWith('en') ? 'en' : 'fr';
  const t = TEMPLATES[language];
  const fix = (s: string) => (language === 'fr' ? frenchSpaces(s) : s);
  const seen = new Set<string>();
  const unique = (s: string) => {
    const key = s.trim().toLocaleLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const fromKeywords = keywords
    .map((k) => k.trim())
    .filter(unique)
    .slice(0, maxKeywords)
    .map((k): PromptDraft => ({ question: fix(capitalised(t.question(k))), phrasings: t.phrasings(k).map(fix), language, source: 'keywords' }));
  const fromBrief = briefQuestions
    .map((q) => q.trim().replace(/\s+/g, ' '))
    .filter((q) => q.length >= 3 && q.length <= 500)
    .filter(unique)
    .slice(0, maxQuestions)
    .map((q): PromptDraft => {
      const question = fix(capitalised(q));
      return { question, phrasings: [question, fix(t.sourced(question))], language, source: 'brief' };
    });
  return [...fromKeywords, ...fromBrief];
}

import { frenchTypographyIssues } from '@citable/shared/testing/french-typography';
import { draftPrompts } from './drafts';

describe('draftPrompts', () => {
  it('French questions for a French site, from keywords then brief questions, with French typography', () => {
    const drafts = draftPrompts({ keywords: ['pain au levain', 'Pain au levain', 'farine T65'], briefQuestions: ['Comment nourrir un levain ?', ''], languageCode: 'fr' });
    expect(drafts.map((d) => d.source)).toEqual(['keywords', 'keywords', 'brief']);
    expect(drafts[0].question).toBe('Pain au levain\u00a0: que faut-il savoir\u00a0?');
    expect(drafts[0].phrasings).toHaveLength(3);
    expect(drafts[0].phrasings[0]).toBe('Que faut-il savoir sur pain au levain\u00a0?');
    expect(drafts[2].phrasings[0]).toBe('Comment nourrir un levain\u00a0?');
    expect(drafts.every((d) => d.language === 'fr')).toBe(true);
    expect(frenchTypographyIssues(drafts.flatMap((d) => [d.question, ...d.phrasings]))).toEqual([]);
  });
  it('English for an English site; at most five of each', () => {
    const drafts = draftPrompts({ keywords: ['a1', 'b2', 'c3', 'd4', 'e5', 'f6'], briefQuestions: [], languageCode: 'en' });
    expect(drafts).toHaveLength(5);
    expect(drafts[0]).toMatchObject({ language: 'en', question: 'A1: what should I know?' });
    expect(draftPrompts({ keywords: [], briefQuestions: [], languageCode: null })).toEqual([]);
  });
});

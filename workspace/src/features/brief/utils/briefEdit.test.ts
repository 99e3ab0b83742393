import {
  addQuestion,
  addTerm,
  dropSection,
  parseBrief,
  parseSource,
  questionError,
  removeQuestion,
  removeTerm,
  restoreSection,
  sameBrief,
  setTargetWords,
  targetWordsError,
  termError,
  type EditableBrief,
} from './briefEdit';

const brief = (): EditableBrief => ({
  version: 1,
  language: 'fr',
  keywords: ['pain au levain'],
  keywordsDerived: false,
  targetWords: 1800,
  competitorWords: { median: 1800, min: 900, max: 3200, count: 7 },
  sections: [
    { title: 'Préparer le levain', coveredBy: [1, 2, 3, 5] },
    { title: 'La cuisson', coveredBy: [1, 2, 4] },
    { title: 'Conserver son pain', coveredBy: [2] },
  ],
  terms: [
    { term: 'levain naturel', weight: 1, sources: 6, target: 4 },
    { term: 'température de cuisson', weight: 0.62, sources: 4, target: 2 },
  ],
  questions: [{ question: 'Combien de temps pour un levain ?', from: 'serp' }],
  editedAt: null,
});

describe('the target length', () => {
  it('accepts a whole number of words from 300 to 10,000, typed with or without spaces', () => {
    for (const ok of ['300', '1800', '1 800', '1\u00a0800', '10000', 10_000, 300]) expect(targetWordsError(ok)).toBeNull();
    expect(setTargetWords(brief(), '2 400').targetWords).toBe(2400);
  });

  it('refuses blank, non-integers and values outside 300–10,000 with their reason, and leaves the brief as it was', () => {
    expect(targetWordsError('')).toBe('required');
    expect(targetWordsError('   ')).toBe('required');
    expect(targetWordsError('1800.5')).toBe('notInteger');
    expect(targetWordsError('1,5')).toBe('notInteger');
    expect(targetWordsError('deux mille')).toBe('notInteger');
    expect(targetWordsError('-500')).toBe('notInteger');
    expect(targetWordsError('299')).toBe('range');
    expect(targetWordsError('10001')).toBe('range');
    expect(targetWordsError(0)).toBe('range');
    const b = brief();
    expect(setTargetWords(b, '50')).toBe(b);
    expect(setTargetWords(b, 'abc').targetWords).toBe(1800);
  });
});

describe('terms', () => {
  it('adds a trimmed term typed by the operator, marked added, aimed at once', () => {
    const next = addTerm(brief(), '  farine   de seigle ');
    expect(next.terms.at(-1)).toEqual({ term: 'farine de seigle', weight: 0, sources: 0, target: 1, added: true });
    expect(next.terms).toHaveLength(3);
  });

  it('refuses a blank, too long or duplicate (any case) term', () => {
    expect(termError(brief(), '  ')).toBe('required');
    expect(termError(brief(), 'x'.repeat(81))).toBe('tooLong');
    expect(termError(brief(), 'Levain Naturel')).toBe('duplicate');
    expect(addTerm(brief(), 'LEVAIN NATUREL').terms).toHaveLength(2);
  });

  it('removes a term, the others stay in order', () => {
    expect(removeTerm(brief(), 'levain naturel').terms.map((t) => t.term)).toEqual(['température de cuisson']);
  });
});

describe('sections', () => {
  it('drops a section and keeps it aside; restoring puts it back by coverage', () => {
    const dropped = dropSection(brief(), 'La cuisson');
    expect(dropped.sections.map((s) => s.title)).toEqual(['Préparer le levain', 'Conserver son pain']);
    expect(dropped.droppedSections?.map((s) => s.title)).toEqual(['La cuisson']);
    const restored = restoreSection(dropped, 'La cuisson');
    expect(restored.sections.map((s) => s.title)).toEqual(['Préparer le levain', 'La cuisson', 'Conserver son pain']);
    expect(restored.droppedSections).toEqual([]);
  });

  it('ignores an unknown title', () => {
    const b = brief();
    expect(dropSection(b, 'Nope')).toBe(b);
    expect(restoreSection(b, 'Nope')).toBe(b);
  });

  it('a dropped section survives a save and reload (stored beside the brief)', () => {
    const stored = JSON.parse(JSON.stringify(dropSection(brief(), 'Conserver son pain'))) as unknown;
    const read = parseBrief(stored);
    expect(read?.droppedSections?.map((s) => s.title)).toEqual(['Conserver son pain']);
    expect(read?.sections).toHaveLength(2);
  });
});

describe('questions', () => {
  it('adds an operator question, refuses blanks and duplicates, removes one', () => {
    const next = addQuestion(brief(), ' Faut-il du sel dans le levain ? ');
    expect(next.questions.at(-1)).toEqual({ question: 'Faut-il du sel dans le levain ?', from: 'operator' });
    expect(questionError(brief(), '')).toBe('required');
    expect(questionError(brief(), 'combien de temps pour un levain ?')).toBe('duplicate');
    expect(questionError(brief(), 'q'.repeat(301))).toBe('tooLong');
    expect(removeQuestion(next, 'Combien de temps pour un levain ?').questions.map((q) => q.from)).toEqual(['operator']);
  });
});

describe('reading what is stored', () => {
  it('parses a stored brief, filling missing lists; null when it is not a brief', () => {
    expect(parseBrief(brief())).toEqual(brief());
    expect(parseBrief(null)).toBeNull();
    expect(parseBrief({ terms: [] })).toBeNull();
    const partial = parseBrief({ targetWords: 1200, terms: [{ term: 'a' }, { nope: 1 }], questions: [{ question: 'q', from: 'weird' }] });
    expect(partial?.terms).toEqual([{ term: 'a', weight: 0, sources: 0, target: 1 }]);
    expect(partial?.sections).toEqual([]);
    expect(partial?.questions).toEqual([{ question: 'q', from: 'page' }]);
    expect(partial?.competitorWords).toBeNull();
  });

  it('a source row: headings kept when well formed, status defaults to failed', () => {
    const s = parseSource({ n: 2, url: 'https://a.fr/x', status: 'read', words: 1500, headings: [{ level: 2, text: 'A' }, { level: 9, text: 'B' }, 'x'] });
    expect(s.headings).toEqual([{ level: 2, text: 'A' }]);
    expect(parseSource({ n: 3, url: 'https://b.fr', status: '??' }).status).toBe('failed');
  });

  it('only http(s) URLs are links', () => {
  });

  it('sameBrief tells an edited brief from the stored one', () => {
    expect(sameBrief(brief(), brief())).toBe(true);
    expect(sameBrief(brief(), addTerm(brief(), 'x'))).toBe(false);
  });
});

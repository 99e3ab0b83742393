import { answerToMarkdown, groupAnswerRuns, llmRunCalls, RUN_WINDOW_MS, truncateWords, wordCount } from './answers';

describe('truncateWords (150 words)', () => {
  it('keeps a short answer whole', () => {
    expect(truncateWords('un deux trois', 150)).toEqual({ text: 'un deux trois', truncated: false });
    const exactly = Array.from({ length: 150 }, (_, i) => `w${i}`).join(' ');
    expect(truncateWords(exactly)).toEqual({ text: exactly, truncated: false });
  });

  it('cuts after the 150th word, keeping line breaks', () => {
    const words = Array.from({ length: 160 }, (_, i) => `w${i}`);
    const text = `${words.slice(0, 100).join(' ')}\n\n${words.slice(100).join(' ')}`;
    const cut = truncateWords(text);
    expect(cut.truncated).toBe(true);
    expect(wordCount(cut.text)).toBe(150);
    expect(cut.text.endsWith('w149…')).toBe(true);
    expect(cut.text).toContain('w99\n\nw100');
  });
});

describe('answerToMarkdown', () => {
  it('leaves Markdown alone', () => {
    expect(answerToMarkdown('**Gras** et [lien](https://a.fr)')).toBe('**Gras** et [lien](https://a.fr)');
    expect(answerToMarkdown(null)).toBe('');
  });

  it('turns stored HTML paragraphs into Markdown and drops every other tag', () => {
    expect(answerToMarkdown('<p>Un <strong>deux</strong></p><p>trois<br>quatre</p>')).toBe('Un **deux**\n\ntrois  \nquatre');
    const hostile = answerToMarkdown('<p>Texte</p><script>window.__x=1</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">clic</a>');
    expect(hostile).toBe('Texte\n\nclic');
    expect(hostile).not.toMatch(/[<>]|javascript:/);
  });
});

describe('answers grouped by run (issue 32)', () => {
  const at = (iso: string, id: number, model: string) => ({ id, created_at: iso, model });
  const model = (a: { model: string }) => a.model;

  it('one run per transaction (same date), newest first, answers in their order, models once each', () => {
    const runs = groupAnswerRuns(
      [
        at('2026-11-26T09:30:00.123456+00:00', 6, 'GPT-4o'),
        at('2026-11-26T09:30:00.123456+00:00', 5, 'Claude'),
        at('2026-11-26T09:30:00.123456+00:00', 4, 'GPT-4o'),
        at('2026-11-20T08:00:00Z', 3, 'Sonar'),
        at('2026-11-20T08:00:00Z', 2, 'GPT-4o'),
        at('2026-11-12T17:45:00Z', 1, 'GPT-4o'),
      ],
      model,
    );
    expect(runs.map((r) => r.answers.map((a) => a.id))).toEqual([[6, 5, 4], [3, 2], [1]]);
    expect(runs.map((r) => r.models)).toEqual([['GPT-4o', 'Claude'], ['Sonar', 'GPT-4o'], ['GPT-4o']]);
    expect(runs[0].key).toBe('2026-11-26T09:30:00.123456+00:00');
    expect(runs[0].date).toBe('2026-11-26T09:30:00.123456+00:00');
  });

  it('answers stored one by one within a minute are one run; a longer gap starts another, whatever the input order', () => {
    const base = Date.parse('2026-11-26T09:30:00Z');
    const iso = (ms: number) => new Date(base + ms).toISOString();
    const runs = groupAnswerRuns([at(iso(-RUN_WINDOW_MS - 1), 1, 'A'), at(iso(0), 3, 'A'), at(iso(-RUN_WINDOW_MS), 2, 'B')], model);
    expect(runs.map((r) => r.answers.map((a) => a.id))).toEqual([[3, 2], [1]]);
  });

  it('42 answers of 3 runs make 3 groups; no answers, no runs', () => {
    const answers = [0, 1, 2].flatMap((run) =>
      Array.from({ length: 14 }, (_, i) => at(new Date(Date.UTC(2026, 10, 26 - run * 3, 9)).toISOString(), run * 14 + i, `M${i % 7}`)),
    );
    const runs = groupAnswerRuns(answers, model);
    expect(runs.map((r) => r.answers.length)).toEqual([14, 14, 14]);
    expect(runs[0].models).toHaveLength(7);
    expect(groupAnswerRuns([], model)).toEqual([]);
  });
});

describe('the model calls of a run', () => {
  it('questions × models × answers per model', () => {
    expect(llmRunCalls({ questions: 1, models: 4, perModel: 3 })).toBe(12);
    expect(llmRunCalls({ questions: 1, models: 0, perModel: 3 })).toBe(0);
  });
});

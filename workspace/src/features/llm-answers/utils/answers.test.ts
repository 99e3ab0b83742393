import { answerToMarkdown, truncateWords, wordCount } from './answers';

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

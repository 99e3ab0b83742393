import { articleLines } from './readableText';

describe('articleLines', () => {
  it('gives one line per heading, paragraph, list item, table row and quote', () => {
    const html = `<h1>Titre</h1><p>Un  paragraphe
      sur deux lignes.</p><h2>Liste</h2><ul><li>Un<ul><li>Sous-point</li></ul></li><li>Deux</li></ul>
      <ol><li>Premier</li><li>Second</li></ol><table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>
      <blockquote><p>Citation</p></blockquote><div><p>Dans un bloc</p></div><img src="x.png" alt="">`;
    expect(articleLines(html).split('\n')).toEqual([
      '# Titre',
      'Un paragraphe sur deux lignes.',
      '## Liste',
      '• Un',
      '  • Sous-point',
      '• Deux',
      '1. Premier',
      '2. Second',
      'A | B',
      '1 | 2',
      '> Citation',
      'Dans un bloc',
    ]);
  });

  it('drops what could run and keeps it out of the text', () => {
    const lines = articleLines('<p>Bonjour<script>window.__xss=1</script></p><img src=x onerror="alert(1)"><style>p{}</style>');
    expect(lines).toBe('Bonjour');
  });

  it('is empty for no content', () => {
    expect(articleLines(null)).toBe('');
    expect(articleLines('<p>   </p>')).toBe('');
  });
});

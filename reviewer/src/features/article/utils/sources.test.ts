import { linkCitations, listedSources, sourceAnchor, sourceLabel } from './sources';
import { sanitizeArticleHtml } from '@citable/shared/article-html';

const sources = listedSources([
  { n: 2, url: 'https://www.b.example/cuisson', title: null },
  { n: 1, url: 'https://a.example/levain', title: 'Le levain naturel' },
  { n: 3, url: 'javascript:alert(1)', title: 'Piège' },
  { n: 1, url: 'https://dup.example', title: 'Doublon' },
  { n: 0, url: 'https://zero.example', title: 'Zéro' },
  null,
]);
const describeSource = (s: { n: number }) => `Source ${s.n}`;

describe('the sources of /view', () => {
  it('lists well-formed web sources once per number, by number', () => {
    expect(sources).toEqual([
      { n: 1, url: 'https://a.example/levain', title: 'Le levain naturel' },
      { n: 2, url: 'https://www.b.example/cuisson', title: null },
    ]);
    expect(listedSources(undefined)).toEqual([]);
  });

  it('shows the title, else the domain', () => {
    expect(sourceLabel(sources[0])).toBe('Le levain naturel');
    expect(sourceLabel(sources[1])).toBe('b.example');
  });

  it('turns each [n] of a listed source into a link to its entry, and nothing else', () => {
    const html = sanitizeArticleHtml(
      '<p>Le levain double en 6 heures [1]. La cuisson se fait à 240 °C [2][7], voir [1, 2].</p><p>Un tableau [9] et <a href="https://x.example">un lien [1]</a>, <code>arr[1]</code>.</p>',
    );
    const out = linkCitations(html, sources, describeSource);
    const box = document.createElement('div');
    box.innerHTML = out;
    const cites = [...box.querySelectorAll('a.cv-cite')];
    expect(cites.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-label')])).toEqual([
      ['1', `#${sourceAnchor(1)}`, 'Source 1'],
      ['2', '#cv-source-2', 'Source 2'],
      ['1', '#cv-source-1', 'Source 1'],
      ['2', '#cv-source-2', 'Source 2'],
    ]);
    // the text reads the same: markers of unknown numbers, in links and in code stay text
    // a linked run keeps to the word before it (no-break space) and is one unbreakable group
    expect(box.textContent).toBe('Le levain double en 6 heures\u00a0[1]. La cuisson se fait à 240 °C\u00a0[2][7], voir\u00a0[1, 2].Un tableau [9] et un lien [1], arr[1].');
    expect([...box.querySelectorAll('.cv-cite-group')].map((g) => g.textContent)).toEqual(['[1]', '[2][7]', '[1, 2]']);
    expect(box.querySelector('code')?.innerHTML).toBe('arr[1]');
  });

  it('leaves the HTML alone without sources or markers', () => {
    expect(linkCitations('<p>a [1]</p>', [], describeSource)).toBe('<p>a [1]</p>');
    expect(linkCitations('<p>nothing</p>', sources, describeSource)).toBe('<p>nothing</p>');
  });

  it('never makes markup of the text around a marker', () => {
    const out = linkCitations('<p>&lt;img src=x onerror=alert(1)&gt; [1]</p>', sources, describeSource);
    const box = document.createElement('div');
    box.innerHTML = out;
    expect(box.querySelector('img')).toBeNull();
    expect(box.querySelectorAll('a.cv-cite')).toHaveLength(1);
  });
});

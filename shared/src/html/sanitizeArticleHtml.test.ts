import { sanitizeArticleHtml } from './sanitizeArticleHtml';

/** Renders the sanitized HTML in a detached container and returns it. */
function rendered(html: string) {
  const box = document.createElement('div');
  box.innerHTML = sanitizeArticleHtml(html);
  return box;
}

describe('sanitizeArticleHtml', () => {
  it('keeps the article: headings, paragraphs, lists, links, images, tables, emphasis', () => {
    const box = rendered('<h2>Titre</h2><p>Un <strong>texte</strong> <a href="https://exemple.fr/a">lien</a></p><ul><li>un</li></ul><img src="https://exemple.fr/i.png" alt="x"><table><tr><td>1</td></tr></table><mark>neuf</mark>');
    expect(box.querySelector('h2')?.textContent).toBe('Titre');
    expect(box.querySelector('a')?.getAttribute('href')).toBe('https://exemple.fr/a');
    expect(box.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(box.querySelector('a')?.getAttribute('target')).toBe('_blank');
    expect(box.querySelector('img')?.getAttribute('src')).toBe('https://exemple.fr/i.png');
    expect(box.querySelector('td')?.textContent).toBe('1');
    expect(box.querySelector('mark')).not.toBeNull();
  });

  it.each([
    ['script tag', '<p>a</p><script>window.__xss = 1</script>', 'script'],
    ['img onerror', '<img src="x" onerror="window.__xss = 1">', '[onerror]'],
    ['svg onload', '<svg onload="window.__xss = 1"><circle r="1"/></svg>', 'svg, [onload]'],
    ['srcdoc iframe', '<iframe srcdoc="<script>parent.__xss = 1</script>"></iframe>', 'iframe, [srcdoc]'],
    ['foreign iframe', '<iframe src="https://evil.example/"></iframe>', 'iframe'],
    ['object / embed', '<object data="evil.swf"></object><embed src="evil.swf">', 'object, embed'],
    ['base tag', '<base href="https://evil.example/"><a href="/x">x</a>', 'base'],
    ['form', '<form action="https://evil.example/"><button formaction="javascript:alert(1)">go</button></form>', 'form, button, [formaction]'],
    ['style expression', '<p style="width: expression(alert(1)); background: url(javascript:alert(1))">a</p><style>body{display:none}</style>', '[style], style'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', 'meta'],
    ['details ontoggle', '<details open ontoggle="window.__xss = 1"><summary>a</summary></details>', '[ontoggle]'],
  ])('removes %s', (_name, html, selector) => {
    expect(rendered(html).querySelector(selector)).toBeNull();
  });

  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'jav&#x09;ascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)'])(
    'drops the URL %s from links',
    (url) => {
      const a = rendered(`<a href="${url}">x</a>`).querySelector('a');
      expect(a?.getAttribute('href') ?? null).toBeNull();
    },
  );

  it('keeps relative, anchor, mailto and tel links', () => {
    const box = rendered('<a href="/guide">a</a><a href="#faq">b</a><a href="mailto:a@b.fr">c</a><a href="tel:+33100000000">d</a><a href="guide.html">e</a>');
    expect([...box.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/guide', '#faq', 'mailto:a@b.fr', 'tel:+33100000000', 'guide.html']);
  });
});

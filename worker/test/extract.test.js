// Research's main-content extraction (worker/src/engine/extract.ts): trimHtml's pre-pass and the
// extraction it feeds; linkedom's CommonJS build cannot load under jest, hence node:test on dist.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractMainContent, trimHtml, MAX_EXTRACT_HTML } from '../dist/engine/extract.js';

const PARAGRAPHS = Array.from(
  { length: 8 },
  (_, i) =>
    `<p>Le levain naturel se nourrit de farine et d'eau, paragraphe ${i + 1} : il faut le rafraîchir la veille, le laisser doubler de volume à température ambiante et l'utiliser au pic de son activité, quand il sent le yaourt et présente de nombreuses bulles.</p>`,
).join('');
const ARTICLE = `<article><h1>Le pain au levain</h1><h2>Les ingrédients</h2>${PARAGRAPHS}<h2>La cuisson</h2>${PARAGRAPHS}</article>`;
const page = (/** @type {string} */ body) => `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Pain au levain</title></head><body>${body}</body></html>`;

describe('trimHtml', () => {
  it('drops scripts, styles, svg, noscript, templates and comments, and keeps the rest byte for byte', () => {
    const html = page(
      `<!-- tag manager --><nav>Accueil</nav><script>if (a < b && "</div>") { x = '<p>pas du texte</p>'; }</script>` +
        `<style>p > a { color: red }</style><p class="x">Un &amp; deux</p><svg viewBox="0 0 1 1"><svg><path d="M0 0"/></svg><text>icône</text></svg>` +
        `<noscript><img src="/pixel.gif"></noscript><template><p>gabarit</p></template><script type="application/ld+json">{"@type":"Article"}</script><p>Trois</p>`,
    );
    const { html: out, stats } = trimHtml(html);
    assert.equal(out, page('<nav>Accueil</nav><p class="x">Un &amp; deux</p><p>Trois</p>'));
    assert.equal(stats.elements, html.length - out.length);
    assert.deepEqual(stats, { input: html.length, elements: html.length - out.length, attributes: 0, capped: 0, output: out.length });
  });

  it('drops data: URIs and oversized attribute values, writing the start tag again without them', () => {
    const blob = JSON.stringify({ items: Array.from({ length: 300 }, (_, i) => ({ id: i, label: `Produit ${i}` })) });
    const html = `<p><img alt="Un « pain »" src="data:image/png;base64,iVBORw0KGgo=" width="10"><a href="/levain" title='a "b" &amp; c'>lien</a><div data-state='${blob}' class="card">Carte</div></p>`;
    const { html: out, stats } = trimHtml(html);
    assert.equal(out, '<p><img alt="Un « pain »" width="10"><a href="/levain" title=\'a "b" &amp; c\'>lien</a><div class="card">Carte</div></p>');
    assert.equal(stats.attributes, 'data:image/png;base64,iVBORw0KGgo='.length + blob.length);
  });

  it('drops an unclosed script to the end of the page (a page cut by the byte cap)', () => {
    assert.equal(trimHtml('<p>Avant</p><script>window.__STATE__ = {"a": "<p>').html, '<p>Avant</p>');
  });

  it('caps what is left before a tag', () => {
    const html = `<div>${'<p>Une phrase de texte.</p>'.repeat(100)}</div>`;
    const { html: out, stats } = trimHtml(html, 1000);
    assert.ok(out.length <= 1000, `${out.length} characters`);
    assert.equal(out, html.slice(0, out.length));
    assert.equal(html[out.length], '<', 'cut before a tag');
    assert.equal(stats.capped, html.length - out.length);
    assert.equal(MAX_EXTRACT_HTML, 1_000_000);
  });
});

describe('extractMainContent', () => {
  it('gives the same article with or without the page weight that is never main text', () => {
    const plain = extractMainContent(page(`<nav>Accueil Blog Contact</nav>${ARTICLE}<footer>Mentions légales</footer>`), 'https://example.test/pain');
    const icon = '<svg viewBox="0 0 24 24"><path d="M2 2 L22 22"/></svg>';
    const heavy = extractMainContent(
      page(
        `<style>.a{color:red}</style><nav>Accueil ${icon} Blog Contact</nav><!-- pub -->` +
          ARTICLE.replace('<h2>La cuisson</h2>', `<img src="data:image/png;base64,${'A'.repeat(50_000)}"><h2>La cuisson</h2>${icon}`) +
          `<footer>Mentions légales</footer><script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ a: 'x'.repeat(100_000) })}</script><noscript>Activez JavaScript pour voir les recettes et les commentaires</noscript>`,
      ),
      'https://example.test/pain',
    );
    assert.deepEqual(heavy, plain);
    assert.equal(plain?.title, 'Pain au levain');
    assert.deepEqual(plain?.headings.map((/** @type {any} */ h) => h.text), ['Les ingrédients', 'La cuisson']);
    assert.equal(plain?.text.split('\n\n').length, 18);
    assert.doesNotMatch(plain?.text ?? '', /Accueil|Mentions/);
  });

  it('reads a 2 MB page in well under 2 s (capped, the text walk linear)', () => {
    const big = page(`<article><h1>Le pain au levain</h1>${`<h2>Une étape</h2>${PARAGRAPHS}`.repeat(900)}</article>`);
    assert.ok(big.length > 1_800_000);
    const started = performance.now();
    const result = extractMainContent(big, 'https://example.test/pain');
    // 6–9 s whole with childNodes[i] on linkedom (quadratic), about 0.25 s here
    const ms = performance.now() - started;
    assert.ok(ms < 2000, `${ms.toFixed(0)} ms`);
    assert.ok((result?.words ?? 0) > 120_000, `${result?.words} words`);
    assert.ok((result?.text.length ?? Infinity) <= 100_000);
  });
});

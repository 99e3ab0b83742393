// Gutenberg conversion (worker/src/wordpress/blocks.ts, issue 31): sample articles, sanitized as
// pages_versions.html_content holds them, go to block markup that WordPress's own parser
// (@wordpress/block-serialization-default-parser) reads back into the expected blocks, whose HTML
// put together is the article again (h1 left out, highlights removed).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { parse } from '@wordpress/block-serialization-default-parser';
import { articleToBlocks, serializeAttributes } from '../dist/wordpress/blocks.js';
import { sanitizeArticleHtml } from '../dist/sanitize.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'articles');
const sample = (/** @type {string} */ name) => sanitizeArticleHtml(fs.readFileSync(path.join(FIXTURES, name), 'utf8'));

/**
 * @typedef {{ blockName: string | null, attrs: Record<string, any>, innerBlocks: Block[], innerHTML: string, innerContent: (string | null)[] }} Block
 */

/** A block's HTML with its inner blocks' HTML in their places. */
function htmlOf(/** @type {Block} */ block) {
  let i = 0;
  return block.innerContent.map((part) => (part === null ? htmlOf(block.innerBlocks[i++]) : part)).join('');
}

/** Top-level blocks, the whitespace WordPress's parser returns between them (blockName null) checked and left out. */
function blocksOf(/** @type {string} */ markup) {
  const all = /** @type {Block[]} */ (parse(markup));
  for (const b of all) if (b.blockName === null) assert.equal(b.innerHTML.trim(), '', `freeform content between blocks: ${b.innerHTML}`);
  return all.filter((b) => b.blockName !== null);
}

/** A tree of names: [name, attrs, [inner…]] */
function shape(/** @type {Block} */ b) {
  return b.innerBlocks.length ? [b.blockName, b.attrs, b.innerBlocks.map(shape)] : [b.blockName, b.attrs];
}

/**
 * HTML made comparable: the classes WordPress's blocks add (wp-block-*, wp-element-*, has-*,
 * citable-*) removed, the FAQ group and a table's or image's <figure> unwrapped (a figcaption of a
 * table back as its <caption>), a <p> holding only an <img> unwrapped, <mark> unwrapped, comments
 * dropped, attributes sorted, whitespace collapsed.
 */
function normalize(/** @type {string} */ html) {
  const doc = new JSDOM(`<body>${html}</body>`).window.document;
  const unwrap = (/** @type {Element} */ el) => el.replaceWith(...Array.from(el.childNodes));
  for (const mark of Array.from(doc.querySelectorAll('mark'))) unwrap(mark);
  const walker = doc.createTreeWalker(doc.body, 128);
  const comments = [];
  for (let c = walker.nextNode(); c; c = walker.nextNode()) comments.push(c);
  for (const c of comments) c.parentNode?.removeChild(c);
  for (const faq of Array.from(doc.querySelectorAll('section.citable-faq'))) unwrap(faq);
  for (const figure of Array.from(doc.querySelectorAll('figure.wp-block-table'))) {
    const table = figure.querySelector('table');
    const figcaption = figure.querySelector(':scope > figcaption');
    if (table && figcaption) {
      const caption = doc.createElement('caption');
      caption.innerHTML = figcaption.innerHTML;
      table.prepend(caption);
      figcaption.remove();
    }
    unwrap(figure);
  }
  for (const el of Array.from(doc.querySelectorAll('p, figure'))) {
    const kids = Array.from(el.childNodes).filter((n) => n.nodeType !== 3 || (n.nodeValue ?? '').trim());
    if (kids.length === 1 && /** @type {Element} */ (kids[0]).tagName === 'IMG') unwrap(el);
  }
  for (const el of Array.from(doc.body.querySelectorAll('*'))) {
    const classes = (el.getAttribute('class') ?? '').split(/\s+/).filter((c) => c && !/^(wp-block-|wp-element-|has-|citable-)/.test(c));
    if (classes.length) el.setAttribute('class', classes.join(' '));
    else el.removeAttribute('class');
    const attrs = Array.from(el.attributes).map((a) => [a.name, a.value]).sort(([a], [b]) => a.localeCompare(b));
    for (const [name] of attrs) el.removeAttribute(name);
    for (const [name, value] of attrs) el.setAttribute(name, value);
  }
  return doc.body.innerHTML.replace(/\s+/g, ' ').replace(/>\s+/g, '>').replace(/\s+</g, '<').trim();
}

/** The article without its <h1> (WordPress shows the title). */
const withoutH1 = (/** @type {string} */ html) => html.replace(/<h1[\s>][\s\S]*?<\/h1>/i, '');

const LAYOUT = { layout: { type: 'constrained' } };

describe('Gutenberg blocks of an article', () => {
  it('an engine article (French): headings, paragraphs, lists, table, quote, the FAQ group and the sources', () => {
    const html = sample('engine-fr.html');
    const sources = [
      { n: 1, url: 'https://ademe.example/pac', title: 'ADEME — les pompes à chaleur' },
      { n: 2, url: 'https://www.prix.example/pac', title: null },
      { n: 3, url: 'https://guide.example/cop', title: 'Guide du COP' },
    ];
    const result = articleToBlocks(html, { language: 'fr', sources });
    assert.equal(result.title, 'Tout savoir\u00a0: la pompe à chaleur air-eau');
    const blocks = blocksOf(result.markup);
    assert.deepEqual(blocks.map((b) => b.blockName), result.blocks);
    const p = ['core/paragraph', {}];
    assert.deepEqual(blocks.map(shape), [
      p,
      ['core/heading', {}],
      ['core/heading', { level: 3 }],
      p,
      p,
      ['core/list', {}, [['core/list-item', {}], ['core/list-item', {}]]],
      ['core/heading', {}],
      ['core/list', { ordered: true }, [['core/list-item', {}], ['core/list-item', {}, [['core/list', {}, [['core/list-item', {}], ['core/list-item', {}]]]]]]],
      ['core/table', { hasFixedLayout: false }],
      ['core/quote', {}, [p]],
      p,
      ['core/group', { tagName: 'section', className: 'citable-faq', ...LAYOUT }, [['core/heading', { anchor: 'faq' }], ['core/heading', { level: 3 }], p, ['core/heading', { level: 3 }], p]],
      ['core/group', { tagName: 'section', className: 'citable-sources', ...LAYOUT }, [['core/heading', {}], ['core/list', { ordered: true }, [['core/list-item', {}], ['core/list-item', {}], ['core/list-item', {}]]]]],
    ]);
    // the blocks' HTML is the article (less its h1 and highlights), the sources list apart
    const content = blocks.slice(0, -1).map(htmlOf).join('');
    assert.equal(normalize(content), normalize(withoutH1(html)));
    assert.doesNotMatch(result.markup, /<mark/);
    assert.match(result.markup, /<li>Le prix moyen est de 12&nbsp;000&nbsp;€ à vérifier\.<\/li>/);
    // each block as the core block's save() writes it
    assert.match(htmlOf(blocks[1]), /^\s*<h2 class="wp-block-heading">Les bases<\/h2>\s*$/);
    assert.match(htmlOf(blocks[8]), /^\s*<figure class="wp-block-table"><table><thead><tr><th>Modèle<\/th><th>COP<\/th><\/tr><\/thead><tbody>/);
    assert.match(htmlOf(blocks[9]), /^\s*<blockquote class="wp-block-quote">/);
    assert.match(result.markup, /<section class="wp-block-group citable-faq"><!-- wp:heading \{"anchor":"faq"\} -->\s*<h2 class="wp-block-heading" id="faq">Questions fréquentes<\/h2>/);
    // the sources, numbered 1…3 without gaps: an ordered list, a source without title by its domain
    const sourcesHtml = normalize(htmlOf(blocks[12]));
    assert.equal(
      sourcesHtml,
      '<section><h2>Sources</h2><ol>' +
        '<li><a href="https://ademe.example/pac" rel="noreferrer noopener nofollow" target="_blank">ADEME — les pompes à chaleur</a></li>' +
        '<li><a href="https://www.prix.example/pac" rel="noreferrer noopener nofollow" target="_blank">prix.example</a></li>' +
        '<li><a href="https://guide.example/cop" rel="noreferrer noopener nofollow" target="_blank">Guide du COP</a></li></ol></section>',
    );
  });

  it('unusual content: each kind to its block, anything a block cannot keep to core/html, nothing lost', () => {
    const html = sample('odd-en.html');
    const result = articleToBlocks(html, { language: 'en', sources: [{ n: 2, url: 'https://b.example/', title: 'B <b>&</b>' }, { n: 5, url: 'javascript:alert(1)' }] });
    assert.equal(result.title, 'Odd content');
    const blocks = blocksOf(result.markup);
    const p = ['core/paragraph', {}];
    assert.deepEqual(blocks.map(shape), [
      ['core/html', {}], // stray text
      ['core/paragraph', { className: 'lead', anchor: 'intro' }],
      ['core/html', {}], // <p lang>
      ['core/heading', { level: 4, anchor: 'deep--end' }],
      ['core/list', { ordered: true, start: 3, reversed: true }, [['core/list-item', {}], ['core/list-item', {}]]],
      ['core/html', {}], // a <p> inside an <li>
      ['core/separator', {}],
      ['core/image', {}], // figure with caption
      ['core/image', {}], // <p><img></p>
      ['core/html', {}], // <img width>
      ['core/table', { hasFixedLayout: false }],
      ['core/html', {}], // a list in a cell
      ['core/quote', {}, [p, p]],
      ['core/html', {}], // text straight in a blockquote
      ['core/code', {}],
      ['core/preformatted', {}],
      ['core/html', {}], // <dl>
      ['core/group', { tagName: 'section', ...LAYOUT }, [['core/heading', {}], p]],
      ['core/html', {}], // <details>
      ['core/group', { tagName: 'section', className: 'citable-faq', ...LAYOUT }, [['core/heading', {}], ['core/heading', { level: 3 }], p]],
      ['core/heading', {}],
      p,
      ['core/group', { tagName: 'section', className: 'citable-sources', ...LAYOUT }, [['core/heading', {}], ['core/list', {}, [['core/list-item', {}]]]]],
    ]);
    assert.equal(normalize(blocks.slice(0, -1).map(htmlOf).join('')), normalize(withoutH1(html)));
    // "--" in an attribute cannot end the block's comment
    assert.match(result.markup, /<!-- wp:heading \{"level":4,"anchor":"deep\\u002d\\u002dend"\} -->/);
    // sources with gaps: "[n]" before each; a non-http source left out; the title escaped
    assert.equal(normalize(htmlOf(blocks[blocks.length - 1])), '<section><h2>Sources</h2><ul><li>[2]<a href="https://b.example/" rel="noreferrer noopener nofollow" target="_blank">B &lt;b&gt;&amp;&lt;/b&gt;</a></li></ul></section>');
    assert.match(htmlOf(blocks[14]), /<pre class="wp-block-code"><code>const a = 1 &lt; 2;<\/code><\/pre>/);
    assert.match(htmlOf(blocks[6]), /^\s*<hr class="wp-block-separator has-alpha-channel-opacity"\/>\s*$/);
    assert.match(htmlOf(blocks[7]), /^\s*<figure class="wp-block-image"><img src="https:\/\/cdn.example\/a.png" alt="A chart"\/><figcaption class="wp-element-caption">Figure 1: <em>growth<\/em><\/figcaption><\/figure>\s*$/);
  });

  it('text that looks like block comments stays text; the h1 kept on request; no sources, no sources block', () => {
    const html = sanitizeArticleHtml('<h1>T</h1><p>&lt;!-- wp:html --&gt; not a block --&gt;</p><p>Two</p>');
    const result = articleToBlocks(html, { dropH1: false });
    const blocks = blocksOf(result.markup);
    assert.deepEqual(blocks.map(shape), [['core/heading', { level: 1 }], ['core/paragraph', {}], ['core/paragraph', {}]]);
    assert.equal(normalize(blocks.map(htmlOf).join('')), normalize(html));
  });

  it('attributes are escaped as WordPress escapes them', () => {
    assert.equal(serializeAttributes({ a: '--><script>&"' }), '{"a":"\\u002d\\u002d\\u003e\\u003cscript\\u003e\\u0026\\u0022"}');
  });
});

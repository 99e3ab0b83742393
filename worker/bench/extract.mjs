#!/usr/bin/env node
// node worker/bench/extract.mjs — what each step of research's main-content extraction costs on a
// 2 MB page (worker/src/engine/extract.ts), one step added at a time, on the main thread:
//   before        the page parsed whole by linkedom, Readability's HTML serialised and parsed
//                 again, its text walked by childNodes[i] (linkedom builds childNodes anew at each
//                 access: quadratic)
//   + sibling walk    the text walked by firstChild/nextSibling
//   + no reparse      Readability hands back its element (serializer), not HTML to parse again
//   + trim            trimHtml: <script>, <style>, <svg>, <noscript>, <template>, comments, data:
//                     URIs and oversized attributes dropped by htmlparser2's tokenizer first
//   + 1 MB cap        what is left capped at MAX_EXTRACT_HTML (= extractMainContent)
// Pages: `article`, the article benchmark's competitor page padded with more sections to 2 MB (all
// of it text: only the cap helps), and `heavy`, a 60 kB article in 2 MB of what modern pages carry
// (inline SVG icons, base64 images, CSS, a framework's JSON state, tracking <noscript>, comments).
// Env: BENCH_RUNS (3): runs of each step, the median printed; BENCH_BEFORE=0 skips the quadratic
// "before" step (8–12 s a run).
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import os from 'node:os';
import { countWords } from '@citable/shared/engine';
import { extractMainContent, trimHtml, MAX_EXTRACT_HTML } from '../dist/engine/extract.js';
import { competitorPage, median } from './article-pipeline.mjs';

const RUNS = Number(process.env.BENCH_RUNS || 3);
const BYTES = 2_000_000;
const clean = (/** @type {string | null | undefined} */ s) => (s ?? '').replace(/\s+/g, ' ').trim();
const BLOCKS = new Set(['P', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'TR', 'DT', 'DD', 'FIGCAPTION', 'DIV', 'SECTION', 'ARTICLE', 'TABLE', 'UL', 'OL']);

/** extract.ts's text walk, by index (before) or by sibling. */
function blockText(/** @type {any} */ root, /** @type {boolean} */ byIndex) {
  /** @type {string[]} */ const parts = [];
  let current = '';
  const flush = () => {
    const t = clean(current);
    if (t) parts.push(t);
    current = '';
  };
  const walk = (/** @type {any} */ node) => {
    if (node.nodeType === 3) return void (current += node.textContent ?? '');
    if (node.nodeType !== 1) return;
    if (node.nodeName === 'BR') current += ' ';
    const block = BLOCKS.has(node.nodeName);
    if (block) flush();
    if (byIndex) for (let i = 0; i < node.childNodes.length; i++) walk(node.childNodes[i]);
    else for (let child = node.firstChild; child; child = child.nextSibling) walk(child);
    if (block) flush();
  };
  walk(root);
  flush();
  return parts.join('\n\n');
}

/** The extraction with some of the steps; the same result shape as extractMainContent. */
function extractWith(/** @type {string} */ html, /** @type {{ sibling: boolean, reparse: boolean, trim: boolean, cap: boolean }} */ o) {
  const input = o.trim ? trimHtml(html, o.cap ? MAX_EXTRACT_HTML : Infinity).html : o.cap ? html.slice(0, MAX_EXTRACT_HTML) : html;
  const { document } = parseHTML(input);
  const base = document.createElement('base');
  base.setAttribute('href', 'https://example.test/page');
  document.head?.prepend(base);
  /** @type {any} */
  const article = o.reparse
    ? new Readability(/** @type {any} */ (document), { charThreshold: 200 }).parse()
    : new Readability(/** @type {any} */ (document), { charThreshold: 200, serializer: (n) => n }).parse();
  if (!article?.content) return null;
  const root = o.reparse ? parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document.body : article.content;
  const headings = [...root.querySelectorAll('h1, h2, h3')].map((/** @type {any} */ h) => clean(h.textContent));
  const text = blockText(root, !o.sibling);
  return { headings: headings.length, words: countWords(text), chars: text.length };
}

/** A 60 kB article inside ~2 MB of page weight that is never main text. */
function heavyPage() {
  const article = competitorPage('pain au levain', 1, 'fr', 60_000);
  const icon = (/** @type {number} */ i) =>
    `<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M${i % 24} 2 L22 ${i % 20} L2 22 Z M4 4 h16 v16 h-16 Z M12 2 a10 10 0 1 0 0.1 0"/><circle cx="12" cy="12" r="${i % 9}"/></svg>`;
  const pixel = `data:image/png;base64,${Buffer.alloc(6_000, 7).toString('base64')}`;
  const junk = [];
  let size = article.length;
  for (let i = 0; size < BYTES - 300_000; i += 1) {
    const piece =
      i % 4 === 0
        ? `<div class="promo"><a href="/p/${i}">${icon(i)}<img alt="" src="${pixel}"></a></div>`
        : i % 4 === 1
          ? `<style>.c${i}{display:flex;gap:${i % 13}px;color:#${(i * 2654435761 % 0xffffff).toString(16).padStart(6, '0')}} .c${i} > a:hover{opacity:.8}</style>${icon(i)}`
          : i % 4 === 2
            ? `<noscript><img src="https://track.example.test/p.gif?id=${i}" width="1" height="1"></noscript><!-- widget ${i}: ${'x'.repeat(200)} -->`
            : `<template id="t${i}"><div class="card"><h3>Carte ${i}</h3><p>Texte de la carte ${i}.</p></div></template>${icon(i)}`;
    junk.push(piece);
    size += piece.length;
  }
  const state = `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { items: Array.from({ length: 6000 }, (_, i) => ({ id: i, label: `Produit ${i}`, price: i % 100 })) } })}</script>`;
  return article.replace('<body>', `<body>${junk.slice(0, junk.length / 2).join('')}`).replace('</footer>', `</footer>${junk.slice(junk.length / 2).join('')}${state}`);
}

const STEPS = /** @type {const} */ ([
  ['before', { sibling: false, reparse: true, trim: false, cap: false }],
  ['+ sibling walk', { sibling: true, reparse: true, trim: false, cap: false }],
  ['+ no reparse', { sibling: true, reparse: false, trim: false, cap: false }],
  ['+ trim', { sibling: true, reparse: false, trim: true, cap: false }],
  ['+ 1 MB cap', { sibling: true, reparse: false, trim: true, cap: true }],
]);

console.log(`Extraction benchmark — ${new Date().toISOString()}, ${os.cpus().length} CPU(s), Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; median of ${RUNS} runs\n`);
for (const [name, html] of [
  ['article', competitorPage('pain au levain', 3, 'fr', BYTES)],
  ['heavy', heavyPage()],
]) {
  const { stats } = trimHtml(html);
  console.log(
    `${name}: ${(html.length / 1e6).toFixed(2)} M characters; trimHtml drops ${(stats.elements / 1e6).toFixed(2)} M of elements and comments, ${(stats.attributes / 1e6).toFixed(2)} M of attributes, the cap ${(stats.capped / 1e6).toFixed(2)} M: ${(stats.output / 1e6).toFixed(2)} M to the DOM`,
  );
  let t = performance.now();
  trimHtml(html);
  console.log(`  trimHtml alone: ${(performance.now() - t).toFixed(0)} ms`);
  for (const [step, options] of STEPS) {
    if (step === 'before' && process.env.BENCH_BEFORE === '0') continue;
    /** @type {number[]} */ const times = [];
    let result;
    for (let r = 0; r < (step === 'before' ? 1 : RUNS); r += 1) {
      t = performance.now();
      result = extractWith(html, options);
      times.push(performance.now() - t);
    }
    console.log(`  ${step.padEnd(16)} ${median(times).toFixed(0).padStart(6)} ms  (${result?.words} words, ${result?.headings} headings)`);
  }
  t = performance.now();
  const page = extractMainContent(html, 'https://example.test/page');
  console.log(`  extractMainContent ${(performance.now() - t).toFixed(0)} ms (${page?.words} words, ${page?.text.length} characters kept)\n`);
}

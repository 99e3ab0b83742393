// What the JavaScript of a page load is made of: each downloaded file's transferred (gzip) bytes are
// split over the sources its source map attributes the minified code to, and the sources are grouped
// into the parts of the stack (docs/architecture.md fixes react, module federation, i18next, the router and
// Mantine) and the product's own code and copy. Printed by bench:web under its table (and in --json).
const fs = require('node:fs');
const path = require('node:path');
const { SourceMapConsumer } = require('source-map-js');

/**
 * The parts, in print order. `stack: true` marks what every page needs under docs/architecture.md before
 * any product code: its sum is the floor of the first-load JS with this stack.
 */
const PARTS = [
  { key: 'react', label: 'react + react-dom (+ scheduler)', stack: true, test: /node_modules\/(react|react-dom|scheduler)\// },
  {
    key: 'federation',
    label: 'module federation runtime + webpack runtime',
    stack: true,
    test: /node_modules\/@module-federation\/|^webpack\/|^\.federation|^scripts\/webpack\//,
  },
  {
    key: 'i18n',
    label: 'i18next + react-i18next + language detector',
    stack: true,
    test: /node_modules\/(i18next|react-i18next|i18next-browser-languagedetector|use-sync-external-store|html-parse-stringify|void-elements)\//,
  },
  { key: 'router', label: 'react-router', stack: true, test: /node_modules\/(react-router|react-router-dom|cookie|set-cookie-parser)\// },
  { key: 'mantineCore', label: "Mantine's provider and style system", stack: true, test: /node_modules\/@mantine\/core\/esm\/core\// },
  { key: 'mantineComponents', label: 'Mantine components, hooks and their helpers', stack: false, test: /node_modules\/(@mantine\/|clsx\/|@floating-ui\/|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib\/|react-number-format|react-textarea-autosize|embla-carousel)/ },
  { key: 'copy', label: 'marketing copy (one language)', stack: false, test: /^marketing\/src\/locales\// },
  { key: 'marketing', label: 'marketing remote code', stack: false, test: /^marketing\// },
  { key: 'shell', label: 'shell code', stack: false, test: /^shell\// },
  { key: 'shared', label: '@citable/shared (incl. its fr/en JSON)', stack: false, test: /^shared\// },
  { key: 'other', label: 'other libraries (zustand, icons, …)', stack: false, test: /^node_modules\// },
  // code no source maps to: webpack's module wrappers and inlined JSON (e.g. @citable/shared's texts)
  { key: 'unmapped', label: 'not source-mapped (module wrappers, JSON data)', stack: false, test: /./ },
];

/** Normalises a source-map source to a path relative to the repository (or webpack's own names). */
function normaliseSource(source, appName) {
  if (!source) return '?';
  let s = source.replace(/^webpack:\/\/[^/]*\//, '');
  if (s.includes('node_modules/')) return s.replace(/^.*?node_modules\//, 'node_modules/');
  s = s.replace(/^(\.\.?\/)+/, '');
  // an app's own files are named relative to the app ("src/…"), the others from the repository root
  return s.startsWith('src/') ? `${appName || 'app'}/${s}` : s;
}

function partOf(source) {
  return PARTS.find((p) => p.test.test(source)).key;
}

/**
 * Bytes per source of one built file, scaled so they sum to `bytes` (the transferred size).
 * Without a source map, the whole file counts for `other`.
 * @returns {Map<string, number>}
 */
function attributeFile(file, bytes, appName) {
  const out = new Map();
  const mapFile = `${file}.map`;
  if (!fs.existsSync(file) || !fs.existsSync(mapFile)) {
    out.set(`(no source map) ${path.basename(file)}`, bytes);
    return out;
  }
  const code = fs.readFileSync(file, 'utf8');
  const lines = code.split('\n');
  const consumer = new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8')));
  const segments = [];
  consumer.eachMapping((m) => segments.push(m));
  const chars = new Map();
  let mapped = 0;
  for (let i = 0; i < segments.length; i += 1) {
    const m = segments[i];
    const next = segments[i + 1];
    const line = lines[m.generatedLine - 1] || '';
    const end = next && next.generatedLine === m.generatedLine ? next.generatedColumn : line.length;
    const n = Math.max(0, end - m.generatedColumn);
    const key = normaliseSource(m.source, appName);
    chars.set(key, (chars.get(key) || 0) + n);
    mapped += n;
  }
  // code before the first mapping of a line (webpack glue) counts as unmapped
  const unmapped = Math.max(0, code.length - mapped);
  if (unmapped) chars.set('?', (chars.get('?') || 0) + unmapped);
  const total = mapped + unmapped || 1;
  for (const [key, n] of chars) out.set(key, (n / total) * bytes);
  return out;
}

/**
 * Bytes per source over several built files (the sum of attributeFile's), with the URLs or files each
 * source came from.
 * @param {{ file: string, bytes: number, app?: string, url?: string }[]} files
 * @returns {Map<string, { bytes: number, from: string[] }>}
 */
function sourceBytes(files) {
  const out = new Map();
  for (const { file, bytes, app, url } of files) {
    for (const [source, b] of attributeFile(file, bytes, app)) {
      const entry = out.get(source) || { bytes: 0, from: [] };
      entry.bytes += b;
      entry.from.push(url || file);
      out.set(source, entry);
    }
  }
  return out;
}

/**
 * @param {{ file: string, bytes: number, app?: string }[]} files built files (absolute paths) and the
 *   bytes the page transferred for each
 * @returns {{ parts: { key: string, label: string, stack: boolean, bytes: number }[], stackBytes: number, total: number }}
 */
function composition(files) {
  const byPart = new Map(PARTS.map((p) => [p.key, 0]));
  for (const [source, { bytes }] of sourceBytes(files)) {
    const key = partOf(source);
    byPart.set(key, byPart.get(key) + bytes);
  }
  const parts = PARTS.map(({ key, label, stack }) => ({ key, label, stack, bytes: byPart.get(key) }));
  return {
    parts,
    stackBytes: parts.filter((p) => p.stack).reduce((s, p) => s + p.bytes, 0),
    total: parts.reduce((s, p) => s + p.bytes, 0),
  };
}

module.exports = { PARTS, normaliseSource, partOf, attributeFile, sourceBytes, composition };

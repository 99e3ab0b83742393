// bench:web's /view pages: two 3,000-word articles with a cover, on a local backend of its own.
// Starts the backend (embedded PostgreSQL, migrations, seed) in a temp dir, the four built apps on free
// ports pointed at it, and creates the articles through the REST API with the service key, as pages of
// the seeded demo user's first site, each with one version of 3,000 words (headings, paragraphs, lists,
// a table, a quote) and three cover propositions (seed images), the second chosen:
//   /view/:bench-article  a demo article (a public example: the viewer's read-only case, the one crawlers
//                         and prospects see; the shell server caches its answer 60 s);
//   /view/:bench-draft    a client's private link: a draft, fetched fresh by the shell server on every
//                         request, with the live review panel (Approve, Send for Revision).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePorts } from '@citable/supabase-local/free-port';
import { buildServer } from '../../scripts/lib/server-build.mjs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
buildServer(ROOT); // the production server is TypeScript: server/dist first
const { startPlatform } = require('@citable/server/platform');

export const VIEW_TOKEN = '/view/:bench-article';
export const VIEW_DRAFT_TOKEN = '/view/:bench-draft';
const DEMO_USER = '00000000-0000-4000-8000-00000000de01';

const SENTENCES = [
  'Un lombricomposteur bien réglé ne dégage aucune odeur, à condition de respecter quelques règles simples.',
  'Les vers transforment chaque semaine l’équivalent de la moitié de leur poids en déchets organiques.',
  'Il faut alterner les matières vertes, riches en azote, et les matières brunes, riches en carbone.',
  'Un excès d’humidité attire les moucherons ; un carton découpé en morceaux suffit souvent à rétablir l’équilibre.',
  'Le compost obtenu nourrit les plantes d’intérieur comme les jardinières du balcon.',
  'Comptez trois à quatre mois avant la première récolte, puis une récolte toutes les six semaines.',
  'Les agrumes, l’ail et l’oignon se donnent avec modération, car ils acidifient le bac.',
  'Un bac de quarante litres suffit pour un foyer de deux à trois personnes.',
  'Le thé liquide récupéré au robinet du bac se dilue dix fois avant d’arroser les plantes.',
  'En été, placez le lombricomposteur à l’ombre ; en hiver, à l’abri du gel.',
  'Les coquilles d’œufs broyées apportent du calcium et aident les vers à digérer.',
  'Observer le bac une fois par semaine permet de corriger les petits déséquilibres avant qu’ils ne s’installent.',
];

/** About `words` words of French article HTML, deterministic. */
export function benchArticleHtml(title, words = 3000) {
  const parts = [`<h1>${title}</h1>`];
  let count = 0;
  let s = 0;
  const sentence = () => SENTENCES[s++ % SENTENCES.length];
  const paragraph = (n) => `<p>${Array.from({ length: n }, sentence).join(' ')}</p>`;
  const wordsOf = (html) => html.replace(/<[^>]+>/g, ' ').split(/\s+/).filter(Boolean).length;
  const add = (html) => {
    parts.push(html);
    count += wordsOf(html);
  };
  add(paragraph(4));
  for (let section = 1; count < words; section += 1) {
    add(`<h2>Étape ${section} : ${['préparer le bac', 'choisir les vers', 'nourrir régulièrement', 'surveiller l’humidité', 'récolter le compost', 'utiliser le thé de compost'][section % 6]}</h2>`);
    add(paragraph(5));
    if (section % 3 === 1) add(`<ul><li>${sentence()}</li><li>${sentence()}</li><li>${sentence()}</li></ul>`);
    if (section % 4 === 2) add('<table><thead><tr><th>Déchet</th><th>Accepté</th><th>Conseil</th></tr></thead><tbody><tr><td>Épluchures</td><td>Oui</td><td>Coupées en morceaux</td></tr><tr><td>Agrumes</td><td>Avec modération</td><td>Une fois par semaine</td></tr><tr><td>Viande</td><td>Non</td><td>Au bac à ordures</td></tr></tbody></table>');
    if (section % 5 === 3) add(`<blockquote><p>${sentence()}</p></blockquote>`);
    add(paragraph(4));
    if (section % 4 === 0) add(`<h3>Bon à savoir</h3>${paragraph(3)}`);
  }
  return { html: parts.join('\n'), words: count };
}

/**
 * @param {{ log: (m: string) => void }} opts
 * @returns {Promise<{ platform: any, paths: Record<string, string>, words: Record<string, number>, close: () => Promise<void> }>}
 *   paths and words by token (VIEW_TOKEN, VIEW_DRAFT_TOKEN)
 */
export async function startViewBench({ log }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'citable-bench-view-'));
  // the apps' ports are known before the backend starts: its CORS origins and site URL name them
  const [shell, marketing, workspace, reviewer] = await freePorts(4);
  const ports = { shell, marketing, workspace, reviewer };
  const origins = Object.values(ports).map((p) => `http://127.0.0.1:${p}`);
  const { startStack } = await import(pathToFileURL(path.join(ROOT, 'supabase-local/src/index.js')).href);
  log('view: starting a local backend for the /view articles');
  const backend = await startStack({ port: 0, dataDir, siteUrl: origins[0], allowedOrigins: origins });
  let platform = null;
  try {
    const headers = { apikey: backend.serviceRoleKey, Authorization: `Bearer ${backend.serviceRoleKey}`, 'Content-Type': 'application/json', Prefer: 'return=representation' };
    const rest = async (p, init = {}) => {
      const response = await fetch(`${backend.url}/rest/v1/${p}`, { headers, ...init });
      if (!response.ok) throw new Error(`bench view: ${p} → ${response.status} ${await response.text()}`);
      return response.json();
    };
    const [site] = await rest(`sites?linked_user=eq.${DEMO_USER}&select=id&order=id&limit=1`);
    /** A page (a demo article or a client's draft), its 3,000-word version and three cover propositions. */
    const createArticle = async ({ title, slug, demo }) => {
      const [page] = await rest('pages', {
        method: 'POST',
        body: JSON.stringify({ site: site.id, name: title, url: `https://example.fr/${slug}`, status: 1, creator: DEMO_USER, hide_revisions_texts_from_preview: demo }),
      });
      const { html, words } = benchArticleHtml(title);
      const [version] = await rest('pages_versions', { method: 'POST', body: JSON.stringify({ page: page.id, html_content: html, creator: DEMO_USER }) });
      await rest('pages_versions_images', {
        method: 'POST',
        body: JSON.stringify([1, 2, 3].map((n) => ({ linked_page: page.id, image_url: `/storage/v1/object/public/page-images/seed/proposition-${n}.png`, type: 'proposition', chosen: n === 2 }))),
      });
      return { path: `/view/${version.id}`, words };
    };
    const demo = await createArticle({ title: 'Le lombricompostage en appartement : le guide complet', slug: 'lombricompostage', demo: true });
    const draft = await createArticle({ title: 'Composter sur son balcon : le guide pratique', slug: 'compost-balcon', demo: false });
    platform = await startPlatform({ ports, env: { SUPABASE_URL: backend.url, SUPABASE_ANON_KEY: backend.anonKey, SITE_URL: origins[0], CSP: process.env.CSP } });
    log(`view: demo article of ${demo.words} words at ${demo.path}; client draft of ${draft.words} words at ${draft.path}`);
    return {
      platform,
      paths: { [VIEW_TOKEN]: demo.path, [VIEW_DRAFT_TOKEN]: draft.path },
      words: { [VIEW_TOKEN]: demo.words, [VIEW_DRAFT_TOKEN]: draft.words },
      close: async () => {
        await platform.close();
        await backend.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (platform) await platform.close();
    await backend.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

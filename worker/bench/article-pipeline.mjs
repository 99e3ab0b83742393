// The article pipeline on a machine of its own, for `npm run bench:article` and `npm run
// eval:article`: an embedded PostgreSQL (migrated, not seeded), worker processes
// (`node worker/dist/cli.js`) running create_article (research, then writing, then checks), and
// either the real providers (the environment's keys) or local fakes: the fake OpenRouter and SERP
// servers of worker/test/fakes/providers.js (the model answering as fakes/writer.js), and a fake
// web of competitor pages (article HTML with navigation and a cookie banner, French or English,
// optionally padded to a size), each with a fixed latency.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { prepareDatabase } from '../dist/db/migrate.js';
import { startDatabase } from '../../supabase-local/src/db/postgres.js';
import { fakeProviderEnv, startFakeProviders } from '../test/fakes/providers.js';
import { fakeWriter } from '../test/fakes/writer.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WORKER_CLI = path.resolve(HERE, '../dist/cli.js');
export const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** @param {number[]} xs */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const FR = {
  headings: (/** @type {string} */ q) => [`Qu'est-ce que ${q} ?`, `Comment réussir ${q}`, 'Les erreurs à éviter', `Combien coûte ${q} ?`, 'Le matériel nécessaire'],
  sentences: (/** @type {string} */ q, /** @type {number} */ i, /** @type {number} */ k) => [
    `Pour ${q}, la préparation compte plus que le matériel.`,
    `En ${2015 + ((i + k) % 9)}, ${20 + ((i * 7 + k) % 60)} % des amateurs disaient avoir essayé ${q} au moins une fois.`,
    `Il faut compter environ ${10 + ((i + k * 3) % 50)} minutes de travail et une bonne organisation.`,
    `Un budget de ${30 + ((i * 11 + k) % 200)} euros suffit pour commencer sans se ruiner.`,
    `Les experts recommandent de noter chaque essai dans un carnet pour progresser.`,
    `La qualité des ingrédients et la régularité font la différence sur le résultat final.`,
  ],
  nav: 'Accueil Blog Contact Mentions légales',
  cookie: 'Nous utilisons des cookies pour améliorer votre expérience. Accepter Refuser',
};
const EN = {
  headings: (/** @type {string} */ q) => [`What is ${q}?`, `How to get ${q} right`, 'Mistakes to avoid', `How much does ${q} cost?`, 'The gear you need'],
  sentences: (/** @type {string} */ q, /** @type {number} */ i, /** @type {number} */ k) => [
    `For ${q}, preparation matters more than equipment.`,
    `In ${2015 + ((i + k) % 9)}, ${20 + ((i * 7 + k) % 60)}% of hobbyists said they had tried ${q} at least once.`,
    `Expect about ${10 + ((i + k * 3) % 50)} minutes of work and some planning.`,
    `A budget of ${30 + ((i * 11 + k) % 200)} dollars is enough to start.`,
    `Experts advise keeping a notebook of every attempt to improve.`,
    `Good ingredients and consistency make the difference in the end result.`,
  ],
  nav: 'Home Blog Contact Legal',
  cookie: 'We use cookies to improve your experience. Accept Reject',
};

/**
 * A competitor article: <nav>, a cookie banner, an <article> with <h1>, <h2> sections and
 * paragraphs with figures, a footer; padded with more sections up to `bytes` when given.
 */
export function competitorPage(/** @type {string} */ topic, /** @type {number} */ i, /** @type {'fr' | 'en'} */ lang, bytes = 0) {
  const L = lang === 'fr' ? FR : EN;
  const sections = [];
  const headings = L.headings(topic);
  const section = (/** @type {number} */ k) =>
    `<h2>${headings[k % headings.length]}${k >= headings.length ? ` (${k})` : ''}</h2>` +
    [0, 1, 2].map((p) => `<p>${L.sentences(topic, i, k + p).slice(p, p + 4).join(' ')}</p>`).join('');
  let length = 0;
  for (let k = 0; k < 5 || length < bytes; k += 1) {
    const s = section(k);
    sections.push(s);
    length += Buffer.byteLength(s);
  }
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${topic} : guide ${i + 1}</title><style>body{font:16px sans-serif}</style></head>` +
    `<body><nav>${L.nav}</nav><div class="cookie-banner">${L.cookie}</div><article><h1>${topic} : le guide ${i + 1}</h1>${sections.join('')}</article>` +
    `<footer>${L.nav} © 2026</footer><script>window.dataLayer = [];</script></body></html>`
  );
}

/** The fake web of competitor pages: GET /<lang>/<topic>/<i>[?bytes=n], after `latencyMs`. */
export async function startCompetitorWeb({ latencyMs = 0, bytes = 0 } = {}) {
  let hits = 0;
  const server = http.createServer(async (req, res) => {
    hits += 1;
    const url = new URL(req.url ?? '/', 'http://web');
    const [, lang, topic, n] = url.pathname.split('/');
    if (latencyMs) await sleep(latencyMs);
    if (!topic || !['fr', 'en'].includes(lang)) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not found</h1>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(competitorPage(decodeURIComponent(topic), Number(n) || 0, /** @type {'fr' | 'en'} */ (lang), bytes));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get hits() {
      return hits;
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve(undefined));
    }),
  };
}

/** A worker process; its CPU time and peak memory read from /proc. */
export function startWorkerProcess(/** @type {Record<string, string>} */ env) {
  const child = spawn(process.execPath, [WORKER_CLI], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', () => /Worker .* ready/.test(out) && resolve(undefined));
    child.on('exit', (code) => reject(new Error(`worker exited ${code}: ${out.slice(-2000)}`)));
  });
  return {
    child,
    ready,
    output: () => out,
    /** User + system CPU seconds so far (/proc/<pid>/stat, clock ticks of 10 ms). */
    async cpuSeconds() {
      const stat = await readFile(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    /** Peak resident memory so far, MB (VmHWM). */
    async peakMb() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(undefined);
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The pipeline: database, providers (fakes unless `real`), the competitor web (fakes).
 * @param {{ real?: boolean, latency?: { page?: number, model?: number, serp?: number }, pageBytes?: number, results?: number }} [options]
 */
export async function startPipeline({ real = false, latency = {}, pageBytes = 0, results = 10 } = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-article-'));
  const db = await startDatabase({ dataDir, port: 0 });
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  pool.on('error', () => {});
  await prepareDatabase(db.url, { seed: false, authenticatorPassword: 'bench' });
  /** @type {Awaited<ReturnType<typeof startFakeProviders>> | null} */
  let fake = null;
  /** @type {Awaited<ReturnType<typeof startCompetitorWeb>> | null} */
  let web = null;
  /** @type {Record<string, string>} */
  let providerEnv;
  /** @type {(route: string, body: any) => any[]} */
  let resultsFor = () => [];
  if (real) {
    providerEnv = {};
    for (const key of ['OPENROUTER_API_KEY', 'OPENROUTER_BASE_URL', 'ARTICLE_MODEL', 'SERP_PROVIDER', 'SERP_API_KEY', 'SERP_BASE_URL', 'DATAFORSEO_LOGIN', 'DATAFORSEO_PASSWORD']) {
      if (process.env[key]) providerEnv[key] = /** @type {string} */ (process.env[key]);
    }
    providerEnv.ARTICLE_MODEL ??= 'openai/gpt-4o-mini';
  } else {
    fake = await startFakeProviders();
    web = await startCompetitorWeb({ latencyMs: latency.page ?? 0, bytes: pageBytes });
    const webUrl = web.url;
    // The SERP answers with the competitor web's pages for the query, in the site's language
    // (its country: gl 'fr' for the French site, 'us' for the English one).
    resultsFor = (/** @type {string} */ _route, /** @type {any} */ body) =>
      Array.from({ length: Math.min(results, body.num ?? 10) }, (_, i) => ({
        position: i + 1,
        title: `${body.q} : guide ${i + 1}`,
        link: `${webUrl}/${body.gl === 'fr' ? 'fr' : 'en'}/${encodeURIComponent(body.q)}/${i}`,
        snippet: `Guide ${i + 1} : ${body.q}.`,
      }));
    fake.results(resultsFor);
    fake.text(fakeWriter());
    providerEnv = { ...fakeProviderEnv(fake), OUTBOUND_ALLOW_PRIVATE: '1' };
  }
  /** Fixed latencies of the fakes, as many calls as a run needs. */
  const arm = () => {
    if (!fake) return;
    fake.reset();
    fake.results(resultsFor);
    fake.text(fakeWriter());
    if (latency.model) fake.script('chat', ...Array.from({ length: 5000 }, () => ({ delayMs: latency.model })));
    if (latency.serp) fake.script('serper', ...Array.from({ length: 5000 }, () => ({ delayMs: latency.serp })));
  };
  const env = {
    ...providerEnv,
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    WORKER_POLL_INTERVAL_MS: '100',
  };
  const { rows: actions } = await pool.query('select id, name from public.actions');
  const A = Object.fromEntries(actions.map((r) => [r.name, Number(r.id)]));
  return {
    db,
    pool,
    fake,
    web,
    env,
    arm,
    /** A site in a language (fr with France, en with the United States). */
    async addSite(/** @type {'fr' | 'en'} */ lang, name = `Site ${lang}`) {
      const { rows: place } = await pool.query(
        `select l.id as language, l.linked_country as country from public.location_languages l
           join public.location_countries c on c.id = l.linked_country
          where c.country_code = $1 and l.language_code = $2 limit 1`,
        [lang === 'fr' ? 'FR' : 'US', lang],
      );
      const { rows } = await pool.query(
        `insert into public.sites (name, url, country, language, nb_images_to_create, serps_nb_results)
         values ($1, $2, $3, $4, 0, $5) returning id`,
        [name, `https://${lang}.citable.test`, place[0]?.country ?? null, place[0]?.language ?? null, results],
      );
      return Number(rows[0].id);
    },
    /** A page with one keyword to search. */
    async addPage(/** @type {number} */ site, /** @type {string} */ keyword) {
      const { rows } = await pool.query(
        `insert into public.pages (site, name, url) values ($1, $2, $3) returning id`,
        [site, keyword, `https://citable.test/${encodeURIComponent(keyword)}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`],
      );
      const { rows: kw } = await pool.query('insert into public.keywords (keyword) values ($1) on conflict do nothing returning id', [keyword]);
      const keywordId = kw[0]?.id ?? (await pool.query('select id from public.keywords where keyword = $1', [keyword])).rows[0].id;
      await pool.query('insert into public.pages_keywords (linked_page, linked_keyword, to_search) values ($1, $2, true)', [rows[0].id, keywordId]);
      return Number(rows[0].id);
    },
    /** create_article for each page; a batch is queued as the UI does (null, then true). */
    async queueArticles(/** @type {number[]} */ pages, { batch = false } = {}) {
      const { rows } = await pool.query(
        `insert into public.pages_actions (linked_page, linked_action, queued)
         select p, $2, case when $3::boolean and o > 1 then true else null end
           from unnest($1::bigint[]) with ordinality as t(p, o) returning id`,
        [pages, A.create_article, batch],
      );
      return rows.map((r) => Number(r.id));
    },
    /** Waits until every action is done or failed; the rows. */
    async waitDone(/** @type {number[]} */ ids, timeoutMs = 600_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await pool.query("select * from public.pages_actions where id = any($1::bigint[]) and status in ('done', 'failed') order by id", [ids]);
        if (rows.length === ids.length) return rows;
        if (Date.now() > end) throw new Error(`${ids.length - rows.length} action(s) not finished`);
        await sleep(50);
      }
    },
    startWorkers: (/** @type {number} */ n, /** @type {Record<string, string>} */ extra = {}) =>
      Array.from({ length: n }, (_, i) => startWorkerProcess({ ...env, WORKER_NAME: `article-${i}-${process.pid}`, ...extra })),
    async stop() {
      await pool.end().catch(() => {});
      await fake?.close();
      await web?.close();
      await db.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

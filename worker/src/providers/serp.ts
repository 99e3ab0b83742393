// SERP providers behind one function: the top organic results of a keyword for a country and,
// optionally, a language. SERP_PROVIDER = serper (default) | serpapi | dataforseo.
//
//   serper      POST {base=https://google.serper.dev}/search  X-API-KEY  {q, gl, hl, num}
//               -> organic[] {position, title, link, snippet}
//   serpapi     GET  {base=https://serpapi.com}/search.json?engine=google&q&gl&hl&num&api_key
//               -> organic_results[] {position, title, link, snippet}
//   dataforseo  POST {base=https://api.dataforseo.com}/v3/serp/google/organic/live/advanced  Basic
//               [{keyword, location_name, language_code, depth}]
//               -> tasks[0].result[0].items[] {type: 'organic', rank_absolute, title, url, description}
// and the questions searchers ask, where the provider returns them (searchPage): Serper
// peopleAlsoAsk[] {question}, SerpApi related_questions[] {question}, DataForSEO items of type
// people_also_ask {items[] {title}}.
import { NotConfiguredError, PermanentError, TransientError } from '../errors.js';
import { requestJson } from '../http.js';
import type { WorkerConfig } from '../config.js';

/** What the worker reads of each provider's answer (their documented shapes; every field optional). */
interface SerperResponse {
  organic?: { position?: number; title?: string; link: string; snippet?: string }[];
  peopleAlsoAsk?: { question?: string; snippet?: string; link?: string }[];
}
interface SerpApiResponse {
  error?: string;
  organic_results?: { position?: number; title?: string; link: string; snippet?: string }[];
  related_questions?: { question?: string; snippet?: string; link?: string }[];
}
interface DataForSeoResponse {
  status_code?: number;
  status_message?: string;
  cost?: number;
  tasks?: {
    status_code: number;
    status_message?: string;
    result?: {
      items?: { type?: string; rank_absolute?: number; title?: string; url: string; description?: string; items?: { type?: string; title?: string }[] }[];
    }[] | null;
  }[];
}

export type SerpResult = { position: number; title: string | null; url: string; snippet: string | null; type: string; };

/** A SERP page: the organic results and the questions searchers ask ("people also ask"). */
export type SerpPage = { results: SerpResult[]; questions: string[] };

/** The questions of a provider's answer: trimmed, non-empty, each once. */
function questionsOf(list: (string | undefined | null)[] | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const q of list ?? []) {
    const text = typeof q === 'string' ? q.replace(/\s+/g, ' ').trim() : '';
    if (!text || text.length > 300 || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    out.push(text);
  }
  return out;
}

export type SerpQuery = { keyword: string; countryCode?: string | null; countryName?: string | null; languageCode?: string | null; num: number; onUsage?: (entry: { serp_queries: number; cost?: number; }) => void; };

export function createSerp(config: WorkerConfig['serp'], { fetchImpl }: { fetchImpl?: typeof fetch; } = {}) {
  const common = { timeoutMs: config.timeoutMs, fetchImpl };

  const providers: Record<string, (q: SerpQuery) => Promise<SerpPage>> = {
    async serper(q) {
      if (!config.apiKey) throw new NotConfiguredError('The SERP provider (Serper)', 'SERP_API_KEY');
      const data = (await requestJson(`${config.baseUrl ?? 'https://google.serper.dev'}/search`, {
        provider: 'Serper',
        headers: { 'x-api-key': config.apiKey },
        json: {
          q: q.keyword,
          num: q.num,
          ...(q.countryCode ? { gl: q.countryCode.toLowerCase() } : {}),
          ...(q.languageCode ? { hl: q.languageCode } : {}),
        },
        ...common,
      })) as SerperResponse;
      q.onUsage?.({ serp_queries: 1 });
      return {
        results: (data.organic ?? []).map((r, i) => ({
          position: Number(r.position) || i + 1,
          title: r.title ?? null,
          url: r.link,
          snippet: r.snippet ?? null,
          type: 'organic',
        })),
        questions: questionsOf(data.peopleAlsoAsk?.map((p) => p.question)),
      };
    },

    async serpapi(q) {
      if (!config.apiKey) throw new NotConfiguredError('The SERP provider (SerpApi)', 'SERP_API_KEY');
      const params = new URLSearchParams({ engine: 'google', q: q.keyword, num: String(q.num), api_key: config.apiKey });
      if (q.countryCode) params.set('gl', q.countryCode.toLowerCase());
      if (q.languageCode) params.set('hl', q.languageCode);
      const data = (await requestJson(`${config.baseUrl ?? 'https://serpapi.com'}/search.json?${params}`, { provider: 'SerpApi', ...common })) as SerpApiResponse;
      if (typeof data.error === 'string' && !/hasn't returned any results/i.test(data.error)) {
        throw new PermanentError(`SerpApi: ${data.error}`);
      }
      q.onUsage?.({ serp_queries: 1 });
      return {
        results: (data.organic_results ?? []).map((r, i) => ({
          position: Number(r.position) || i + 1,
          title: r.title ?? null,
          url: r.link,
          snippet: r.snippet ?? null,
          type: 'organic',
        })),
        questions: questionsOf(data.related_questions?.map((p) => p.question)),
      };
    },

    async dataforseo(q) {
      if (!config.login || !config.password) {
        throw new NotConfiguredError('The SERP provider (DataForSEO)', 'DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD');
      }
      const task = {
        keyword: q.keyword,
        depth: Math.min(700, Math.max(10, q.num)),
        ...(q.countryName ? { location_name: q.countryName } : { location_code: 2840 }),
        language_code: q.languageCode ?? 'en',
      };
      const data = (await requestJson(`${config.baseUrl ?? 'https://api.dataforseo.com'}/v3/serp/google/organic/live/advanced`, {
        provider: 'DataForSEO',
        headers: { authorization: `Basic ${Buffer.from(`${config.login}:${config.password}`).toString('base64')}` },
        json: [task],
        ...common,
      })) as DataForSeoResponse;
      if (data.status_code !== 20000) throw new PermanentError(`DataForSEO error ${data.status_code}: ${data.status_message}`);
      const t = data.tasks?.[0];
      if (!t) throw new TransientError('DataForSEO returned no task');
      if (t.status_code >= 50000) throw new TransientError(`DataForSEO error ${t.status_code}: ${t.status_message}`);
      if (t.status_code !== 20000) throw new PermanentError(`DataForSEO error ${t.status_code}: ${t.status_message}`);
      q.onUsage?.({ serp_queries: 1, cost: typeof data.cost === 'number' ? data.cost : undefined });
      const items = t.result?.[0]?.items ?? [];
      return {
        results: items
          .filter((r) => r.type === 'organic')
          .map((r, i) => ({
            position: Number(r.rank_absolute) || i + 1,
            title: r.title ?? null,
            url: r.url,
            snippet: r.description ?? null,
            type: 'organic',
          })),
        questions: questionsOf(
          items.filter((r) => r.type === 'people_also_ask').flatMap((r) => (r.items ?? []).map((e) => e.title)),
        ),
      };
    },
  };

  /** The organic results (http and https only, at most num) and the questions of a keyword's SERP. */
  async function searchPage(q: SerpQuery): Promise<SerpPage> {
    const provider = providers[config.provider];
    if (!provider) throw new NotConfiguredError(`The SERP provider "${config.provider}"`, 'SERP_PROVIDER to serper, serpapi or dataforseo');
    const page = await provider(q);
    return { results: page.results.filter((r) => typeof r.url === 'string' && /^https?:\/\//i.test(r.url)).slice(0, q.num), questions: page.questions };
  }

  return {
    searchPage,
    async search(q: SerpQuery): Promise<SerpResult[]> {
      return (await searchPage(q)).results;
    },
  };
}

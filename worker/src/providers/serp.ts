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
import { NotConfiguredError, PermanentError, TransientError } from '../errors.js';
import { requestJson } from '../http.js';
import type { WorkerConfig } from '../config.js';

/** What the worker reads of each provider's answer (their documented shapes; every field optional). */
interface SerperResponse {
  organic?: { position?: number; title?: string; link: string; snippet?: string }[];
}
interface SerpApiResponse {
  error?: string;
  organic_results?: { position?: number; title?: string; link: string; snippet?: string }[];
}
interface DataForSeoResponse {
  status_code?: number;
  status_message?: string;
  cost?: number;
  tasks?: {
    status_code: number;
    status_message?: string;
    result?: { items?: { type?: string; rank_absolute?: number; title?: string; url: string; description?: string }[] }[] | null;
  }[];
}

export type SerpResult = { position: number; title: string | null; url: string; snippet: string | null; type: string; };

export type SerpQuery = { keyword: string; countryCode?: string | null; countryName?: string | null; languageCode?: string | null; num: number; onUsage?: (entry: { serp_queries: number; cost?: number; }) => void; };

export function createSerp(config: WorkerConfig['serp'], { fetchImpl }: { fetchImpl?: typeof fetch; } = {}) {
  const common = { timeoutMs: config.timeoutMs, fetchImpl };

  const providers: Record<string, (q: SerpQuery) => Promise<SerpResult[]>> = {
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
      return (data.organic ?? []).map((r, i) => ({
        position: Number(r.position) || i + 1,
        title: r.title ?? null,
        url: r.link,
        snippet: r.snippet ?? null,
        type: 'organic',
      }));
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
      return (data.organic_results ?? []).map((r, i) => ({
        position: Number(r.position) || i + 1,
        title: r.title ?? null,
        url: r.link,
        snippet: r.snippet ?? null,
        type: 'organic',
      }));
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
      return items
        .filter((r) => r.type === 'organic')
        .map((r, i) => ({
          position: Number(r.rank_absolute) || i + 1,
          title: r.title ?? null,
          url: r.url,
          snippet: r.description ?? null,
          type: 'organic',
        }));
    },
  };

  return {
    async search(q: SerpQuery): Promise<SerpResult[]> {
      const provider = providers[config.provider];
      if (!provider) throw new NotConfiguredError(`The SERP provider "${config.provider}"`, 'SERP_PROVIDER to serper, serpapi or dataforseo');
      const results = await provider(q);
      return results.filter((r) => typeof r.url === 'string' && /^https?:\/\//i.test(r.url)).slice(0, q.num);
    },
  };
}

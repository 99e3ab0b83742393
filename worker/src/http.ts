// HTTP calls to the providers: a timeout on every call, 429 Retry-After honoured (waited for
// in place when short, else a retryable error carrying the delay, which the runner reschedules the
// job for), 5xx and network failures retryable, other 4xx permanent.
import { PermanentError, TransientError } from './errors.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Milliseconds to wait from a Retry-After header (seconds or an HTTP date), or null.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()) {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/**
 * The provider's error message from a JSON or text body (OpenRouter/OpenAI `{error:{message}}`,
 * SerpApi `{error}`, Serper `{message}`, DataForSEO `{status_message}`).
 */
export function errorMessageOf(text: string) {
  try {
    const body = JSON.parse(text);
    const candidates = [body?.error?.message, body?.error, body?.message, body?.status_message, body?.detail];
    for (const c of candidates) if (typeof c === 'string' && c.trim()) return c.trim();
  } catch {
    /* not JSON */
  }
  return text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 300);
}

interface RequestOptions {
  provider: string;
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  timeoutMs?: number;
  maxRateLimitWaitMs?: number;
  rateLimitRetries?: number;
  fetchImpl?: typeof fetch;
}

/**
 * @returns the parsed JSON body, for the caller to read as its provider documents it
 */
export async function requestJson(url: string, options: RequestOptions): Promise<unknown> {
  const {
    provider,
    method = options.json === undefined ? 'GET' : 'POST',
    headers = {},
    json,
    timeoutMs = 120_000,
    maxRateLimitWaitMs = 30_000,
    rateLimitRetries = 3,
    fetchImpl = fetch,
  } = options;
  for (let attempt = 0; ; attempt += 1) {
    let response;
    try {
      response = await fetchImpl(url, {
        method,
        headers: { accept: 'application/json', ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: json === undefined ? undefined : JSON.stringify(json),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const err = (error as Error & { cause?: { code?: string } });
      if (err.name === 'TimeoutError' || err.name === 'AbortError') {
        throw new TransientError(`${provider} did not answer within ${Math.round(timeoutMs / 1000)} s`, { cause: error });
      }
      throw new TransientError(`${provider} could not be reached (${err.cause?.code ?? err.message})`, { cause: error });
    }
    let text;
    try {
      text = await response.text();
    } catch (error) {
      throw new TransientError(`${provider}: the answer was cut off (${(error as Error).message})`, { cause: error });
    }
    if (response.status === 429) {
      const waitMs = parseRetryAfter(response.headers.get('retry-after'));
      const message = errorMessageOf(text) || 'Too many requests';
      if (attempt < rateLimitRetries && waitMs !== null && waitMs <= maxRateLimitWaitMs) {
        await sleep(waitMs);
        continue;
      }
      throw new TransientError(
        `${provider} is rate limiting (429: ${message})${waitMs !== null ? `; retry after ${Math.ceil(waitMs / 1000)} s` : ''}`,
        { status: 429, ...(waitMs !== null ? { retryAfterMs: waitMs } : {}) },
      );
    }
    if (response.status >= 500 || response.status === 408 || response.status === 425) {
      throw new TransientError(`${provider} error ${response.status}: ${errorMessageOf(text) || response.statusText}`, {
        status: response.status,
      });
    }
    if (response.status >= 400) {
      throw new PermanentError(`${provider} refused the request (${response.status}): ${errorMessageOf(text) || response.statusText}`);
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new TransientError(`${provider} answered with something that is not JSON: ${text.slice(0, 120)}`, { cause: error });
    }
  }
}

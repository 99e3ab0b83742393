// The backend as supabase-js sees it through fetch, for the API functions' tests (jsdom has no fetch:
// this is the part of a Response supabase-js reads), and the runtime config that points it there.
import { setRuntimeConfig } from '@citable/shared';

export type BackendAnswer = { status: number; body?: unknown } | Error;

/** Replaces fetch with one that gives `answer` (an Error is a network failure); returns the mock. */
export function stubBackend(answer: BackendAnswer) {
  const fetch = jest.fn(async (_url: string, _init?: RequestInit) => {
    if (answer instanceof Error) throw answer;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return { ok: answer.status < 300, status: answer.status, statusText: '', headers: new Headers(), text: async () => text, json: async () => answer.body };
  });
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return fetch;
}

/** The runtime config of these tests: supabase-js talks to http://backend.test. */
export function setupTestBackendConfig() {
  beforeAll(() => {
    setRuntimeConfig({
      supabaseUrl: 'http://backend.test',
      supabaseAnonKey: 'anon-key',
      remotes: { marketing: 'http://m.test', workspace: 'http://w.test', reviewer: 'http://r.test' },
      linkedinScriptUrl: null,
      siteUrl: 'http://site.test',
      contact: { email: 'hello@citable.test', phone: '', address: '' },
      checkout: null,
    });
  });
}

// Helpers of the marketing specs: backend URL from the shell's /config.json, and a service-role
// REST read (the key is minted from JWT_SECRET like the backend does, or given as SUPABASE_SERVICE_ROLE_KEY).
import { createHmac } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

function serviceRoleKey(): string {
  // the key of the backend started by e2e/global-setup.ts, else an explicit one, else minted
  if (process.env.E2E_SERVICE_ROLE_KEY) return process.env.E2E_SERVICE_ROLE_KEY;
  if (process.env.SUPABASE_SERVICE_ROLE_KEY) return process.env.SUPABASE_SERVICE_ROLE_KEY;
  const secret = process.env.JWT_SECRET || DEFAULT_JWT_SECRET;
  const b64 = (v: string) => Buffer.from(v).toString('base64url');
  const header = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64(JSON.stringify({ iss: 'supabase-demo', role: 'service_role', iat: 1641769200, exp: 2114895600 }));
  const sig = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${sig}`;
}

export async function backendUrl(request: APIRequestContext): Promise<string> {
  const response = await request.get('/config.json');
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { supabaseUrl: string }).supabaseUrl.replace(/\/+$/, '');
}

/** GET /rest/v1/<query> as service_role. */
export async function adminSelect<T>(request: APIRequestContext, query: string): Promise<T[]> {
  const api = await backendUrl(request);
  const key = serviceRoleKey();
  const response = await request.get(`${api}/rest/v1/${query}`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
  expect(response.ok(), `${query}: HTTP ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T[];
}

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Opens a public route and waits for the interactive page: the shell server first sends the
 * prerendered copy (#citable-prerender), which the marketing remote removes once its page is rendered.
 */
export async function gotoInteractive(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('[data-app="marketing"]')).toBeAttached();
  await expect(page.locator('#citable-prerender')).toHaveCount(0);
}

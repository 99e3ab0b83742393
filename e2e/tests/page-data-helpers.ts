// Shared by the keywords, LLM answers and images specs (issue 16): REST calls as a user or as the
// worker (service role), and a fresh site with one page owned by a new user.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createConfirmedUser, type TestUser } from '../support/users';

export const SUPABASE = () => process.env.E2E_SUPABASE_URL ?? '';
export const ANON = () => process.env.E2E_ANON_KEY ?? '';
export const SERVICE = () => process.env.E2E_SERVICE_ROLE_KEY ?? '';

export type Json = Record<string, unknown>;

export async function accessToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const response = await request.post(`${SUPABASE()}/auth/v1/token?grant_type=password`, {
    headers: { apikey: ANON() },
    data: { email: user.email, password: user.password },
  });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A REST call as the user (token) or as the worker (service role). */
export async function rest<T = Json[]>(
  request: APIRequestContext,
  token: string | 'service',
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const key = token === 'service' ? SERVICE() : ANON();
  const bearer = token === 'service' ? SERVICE() : token;
  const response = await request.fetch(`${SUPABASE()}/rest/v1/${path}`, {
    method,
    headers: { apikey: key, Authorization: `Bearer ${bearer}`, Prefer: 'return=representation', 'Content-Type': 'application/json' },
    data: data === undefined ? undefined : JSON.stringify(data),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export interface SitePage {
  owner: TestUser;
  token: string;
  siteId: number;
  pageId: number;
  siteUrl: string;
  siteName: string;
  pageName: string;
}

/** A new confirmed user with one site and one page, made through the REST API under RLS. */
export async function siteWithPage(
  request: APIRequestContext,
  prefix: string,
  { siteName, host, pageName }: { siteName: string; host: string; pageName: string },
): Promise<SitePage> {
  const owner = await createConfirmedUser(request, prefix);
  const token = await accessToken(request, owner);
  const siteUrl = `https://www.${host}`;
  const [site] = await rest<Json[]>(request, token, 'POST', 'sites', { url: siteUrl, name: siteName, linked_user: owner.id });
  const [page] = await rest<Json[]>(request, token, 'POST', 'pages', { site: site.id, name: pageName, url: `${siteUrl}/guide` });
  return { owner, token, siteId: site.id as number, pageId: page.id as number, siteUrl, siteName, pageName };
}

export async function actionId(request: APIRequestContext, name: string): Promise<number> {
  const [row] = await rest<Json[]>(request, 'service', 'GET', `actions?name=eq.${name}&select=id`);
  return row.id as number;
}

/** Closes the toasts shown (bottom right; on a phone across the bottom, where they may cover a sticky button). */
export async function closeToasts(page: Page) {
  const buttons = page.locator('.mantine-Notification-root button.mantine-Notification-closeButton, .mantine-Notification-root .mantine-CloseButton-root');
  for (let i = await buttons.count(); i > 0; i--) {
    await buttons.first().click({ timeout: 2000 }).catch(() => undefined);
  }
}

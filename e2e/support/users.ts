// Signed-in tests: a confirmed user made through the auth server's admin API (service role, as a
// Supabase project's admin would), then a real sign-in through the shell's /auth page.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface TestUser {
  email: string;
  password: string;
  id: string;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.citable.test`;
}

/** Creates a user whose e-mail is already confirmed (POST /auth/v1/admin/users). */
export async function createConfirmedUser(request: APIRequestContext, prefix = 'user'): Promise<TestUser> {
  const supabaseUrl = process.env.E2E_SUPABASE_URL;
  const serviceKey = process.env.E2E_SERVICE_ROLE_KEY;
  if (!supabaseUrl || !serviceKey) throw new Error('signed-in tests need the local backend (E2E_SUPABASE_URL, E2E_SERVICE_ROLE_KEY)');
  const email = uniqueEmail(prefix);
  const password = `Pw-${Math.random().toString(36).slice(2)}-9x`;
  const response = await request.post(`${supabaseUrl}/auth/v1/admin/users`, {
    headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` },
    data: { email, password, email_confirm: true, user_metadata: { full_name: 'E2E Operator' } },
  });
  expect(response.ok(), `admin create user: ${response.status()} ${await response.text()}`).toBeTruthy();
  const user = (await response.json()) as { id: string };
  return { email, password, id: user.id };
}

/** Signs in through the shell's /auth page (in whichever language it shows) and waits for the signed-in layout. */
export async function signIn(page: Page, user: TestUser, origin = ''): Promise<void> {
  await page.goto(`${origin}/auth`);
  const form = page.locator('form').filter({ has: page.locator('input[type="password"]') }).first();
  await form.locator('input[type="email"]').fill(user.email);
  await form.locator('input[type="password"]').fill(user.password);
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('sidebar').first()).toBeVisible();
}

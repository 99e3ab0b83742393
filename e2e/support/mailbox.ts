// The local backend's mailbox (GoTrue's and the worker's mails land there in development and tests):
// the messages sent to one address, and the /view link a client receives.
import { expect, type APIRequestContext } from '@playwright/test';

export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** Every message the backend's mailbox holds for `to`, oldest first. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const response = await request.get(`${process.env.E2E_SUPABASE_URL ?? ''}/mailbox/messages?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as MailboxMessage[];
}

/** The article link (/view/<version uuid>) in a mail's text, or '' when it has none. */
export function viewLinkIn(text: string): string {
  return /https?:\/\/\S+\/view\/[0-9a-f-]{36}/.exec(text)?.[0] ?? '';
}

// Outgoing mail: real SMTP through nodemailer when SMTP_URL is set, otherwise a
// local mailbox (kept in memory, persisted to DATA_DIR/mailbox.json) served at
// GET /mailbox (HTML) and GET /mailbox/messages (JSON, newest first). With a mailbox key
// (MAILBOX_KEY) those need it, in the x-mailbox-key header or ?key=: the mails hold sign-in and
// password-reset links. The file is the owner's only (0600) for the same reason.
// A mail to an address at the reserved domain bounce.invalid is refused (MailDeliveryError), to try
// failed sends locally (docs/local-backend.md "Mailbox").
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { escapeHtml, sendJson } from './http-util.js';

const MAX_MESSAGES = 500;

/**
 * The reserved domain (RFC 2606 .invalid) at which the local mailbox simulates a bounce: a mail to
 * any address @bounce.invalid is refused with a MailDeliveryError, as a real server refuses an
 * unknown recipient, so that failed sends can be tried locally and in tests.
 */
export const BOUNCE_DOMAIN = 'bounce.invalid';

/**
 * A mail the server refused for good (a bounce: unknown recipient, rejected address). `permanent`:
 * sending it again will not help (the worker's isPermanent reads it).
 */
export class MailDeliveryError extends Error {
  readonly permanent = true;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

/** Whether the address is at the simulated-bounce domain. */
export const isBounceAddress = (to: string) => String(to).trim().toLowerCase().endsWith(`@${BOUNCE_DOMAIN}`);

/** A message of the local mailbox. */
export interface MailboxMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  created_at: string;
}

/** What a mail to send holds. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailerOptions {
  /** nodemailer's SMTP URL: real SMTP; without it, the local mailbox */
  smtpUrl?: string;
  /** where the local mailbox persists (DATA_DIR/mailbox.json); none: in memory only */
  dataDir?: string;
  from?: string;
  mailboxKey?: string;
  log?: (message: string) => void;
}

export type Mailer = Awaited<ReturnType<typeof createMailer>>;

const digest = (s: string) => createHash('sha256').update(s).digest();

export async function createMailer({ smtpUrl, dataDir, from = 'Citable <no-reply@citable.local>', mailboxKey = '', log = () => {} }: MailerOptions = {}) {
  const messages: MailboxMessage[] = [];
  const file = dataDir ? path.join(dataDir, 'mailbox.json') : null;
  if (file) {
    try {
      const saved = JSON.parse(await readFile(file, 'utf8'));
      if (Array.isArray(saved)) messages.push(...saved.slice(0, MAX_MESSAGES));
    } catch {
      /* first start or unreadable file: start empty */
    }
    // A file written by an older version may be world-readable.
    await chmod(file, 0o600).catch(() => {});
  }
  let saving: Promise<void> = Promise.resolve();
  const persist = () => {
    if (!file) return saving;
    const snapshot = JSON.stringify(messages);
    saving = saving
      .then(async () => {
        await mkdir(path.dirname(file), { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        await writeFile(tmp, snapshot, { mode: 0o600 });
        await rename(tmp, file);
      })
      .catch((e: Error) => log(`mailbox: could not save ${file}: ${e.message}`));
    return saving;
  };

  // The page-actions worker (worker/src) writes to the same mailbox file from its own
  // process: merge what the file holds before adding a message and before listing.
  let fileMtime = 0;
  function reloadIfChanged() {
    if (!file) return;
    try {
      const { mtimeMs } = statSync(file);
      if (mtimeMs === fileMtime) return;
      const saved: unknown = JSON.parse(readFileSync(file, 'utf8'));
      fileMtime = mtimeMs;
      if (!Array.isArray(saved)) return;
      const known = new Set(messages.map((m) => m.id));
      const merged = [...messages, ...(saved as MailboxMessage[]).filter((m) => m && !known.has(m.id))]
        .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))
        .slice(0, MAX_MESSAGES);
      messages.length = 0;
      messages.push(...merged);
    } catch {
      /* no file yet or unreadable: keep what is in memory */
    }
  }

  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;

  async function send({ to, subject, text, html }: Mail): Promise<MailboxMessage | null> {
    if (transport) {
      try {
        await transport.sendMail({ from, to, subject, text, html });
      } catch (error) {
        // SMTP 5xx: the server refused the mail for good (unknown recipient, rejected address)
        const code = Number((error as { responseCode?: unknown }).responseCode);
        if (code >= 500 && code < 600) throw new MailDeliveryError(`The mail to ${to} was refused: ${(error as Error).message}`, { cause: error });
        throw error;
      }
      log(`mail: sent "${subject}" to ${to} through SMTP`);
      return null;
    }
    if (isBounceAddress(to)) {
      log(`mail: "${subject}" to ${to} bounced (simulated: @${BOUNCE_DOMAIN})`);
      throw new MailDeliveryError(`The mail to ${to} bounced: 550 5.1.1 mailbox unavailable (the local mailbox refuses every @${BOUNCE_DOMAIN} address)`);
    }
    reloadIfChanged();
    const msg: MailboxMessage = { id: randomUUID(), from, to, subject, text, html, created_at: new Date().toISOString() };
    messages.unshift(msg);
    if (messages.length > MAX_MESSAGES) messages.length = MAX_MESSAGES;
    await persist();
    log(`mail: stored "${subject}" for ${to} in the local mailbox`);
    return msg;
  }

  function list(to?: string | null): MailboxMessage[] {
    reloadIfChanged();
    if (!to) return messages.slice();
    const want = String(to).toLowerCase();
    return messages.filter((m) => String(m.to).toLowerCase() === want);
  }

  const linkify = (text: string) =>
    escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`);

  /** Handles /mailbox requests (prefix already stripped: '/', '/messages'). */
  function hasKey(req: IncomingMessage, query: URLSearchParams) {
    if (!mailboxKey) return true;
    const given = req.headers['x-mailbox-key'] || query.get('key') || '';
    return timingSafeEqual(digest(String(given)), digest(mailboxKey));
  }

  function handle(req: IncomingMessage, res: ServerResponse, subpath: string, query: URLSearchParams): void {
    if (!hasKey(req, query)) {
      req.resume();
      sendJson(res, 401, { message: 'The mailbox needs its key (MAILBOX_KEY): send it in the x-mailbox-key header or as ?key=' }, { 'cache-control': 'no-store' });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendJson(res, 405, { message: 'Method not allowed' }, { allow: 'GET' });
      return;
    }
    if (subpath === '/messages' || subpath === '/messages/') {
      sendJson(res, 200, list(query.get('to')), { 'cache-control': 'no-store' });
      return;
    }
    if (subpath === '' || subpath === '/') {
      const items = list(query.get('to'));
      const rows = items
        .map(
          (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">À : ${escapeHtml(m.to)} — ${escapeHtml(m.created_at)}</p>
<pre>${linkify(m.text || '')}</pre></article>`,
        )
        .join('\n');
      const page = `<!doctype html><html lang="fr"><head><meta charset="utf-8">
<title>Boîte mail locale — Citable</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#666}pre{white-space:pre-wrap}</style>
</head><body><h1>Boîte mail locale</h1>
<p>${items.length} message(s). Aucun e-mail n'est réellement envoyé : ils arrivent ici.</p>
${rows || '<p>Aucun message.</p>'}
</body></html>`;
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        'cache-control': 'no-store',
      });
      res.end(page);
      return;
    }
    sendJson(res, 404, { message: 'Not found' });
  }

  return {
    send,
    list,
    handle,
    isLocal: !transport,
    async close() {
      await saving;
      transport?.close();
    },
  };
}

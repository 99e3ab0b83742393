// E-mails: contact_form actions, public contact messages and first-article requests, each sent
// once to CONTACT_EMAIL through the backend's mailer (the local mailbox when SMTP_URL is unset);
// a first-article request also tells the requester what happens next, in their language
// (first_article_requests.language, from the public site's language when they asked).
// "Once": a key per e-mail in citable_worker.sent_mails, inserted in the transaction that sends
// it — a job that runs again finds the key and skips the e-mail. claim_first_article inserts the
// requester's key itself (skipped = 'recipient_daily_cap') when that address already had a request in
// the last 24 hours: one e-mail a day per address (migration 20261128000300).
import { NotConfiguredError, PermanentError } from '../errors.js';
import { loadPageContext, workerTx } from '../db.js';
import type { ActionContext, TaskContext } from '../runner.js';

/**
 * Sends one e-mail at most once per key.
 */
export async function sendOnce(ctx: ActionContext | TaskContext, key: string, mail: { to: string; subject: string; text: string; }) {
  return workerTx(ctx.pool, async (client) => {
    const { rowCount } = await client.query('insert into citable_worker.sent_mails (key) values ($1) on conflict do nothing', [key]);
    if (rowCount === 0) return false;
    await ctx.mailer.send(mail);
    return true;
  });
}

function contactEmail(ctx: ActionContext | TaskContext) {
  const to = ctx.config.mail.contactEmail;
  if (!to) throw new NotConfiguredError('The contact e-mail', 'CONTACT_EMAIL (the address that receives contact messages)');
  return to;
}

export async function runContactFormAction(ctx: ActionContext) {
  const info = ctx.action.info_json ?? {};
  const email = String(info.email ?? '').trim();
  const name = String(info.name ?? '').trim();
  const message = String(info.message ?? '').trim();
  if (!email || !name || !message) throw new PermanentError('All fields (email, name, message) are required');
  const to = contactEmail(ctx);
  const page = await loadPageContext(ctx.pool, ctx.action.linked_page);
  const where = page ? ` — page "${page.page_name}" (${page.site_url})` : '';
  const sent = await sendOnce(ctx, `pages_action:${ctx.action.id}:${ctx.action.created_date.toISOString()}`, {
    to,
    subject: `[Citable] Contact form: message from ${name}${page ? ` about "${page.page_name}"` : ''}`,
    text: `From: ${name} <${email}>${where}\nPage action #${ctx.action.id}\n\n${message}\n`,
  });
  return { sent };
}

export async function sendContactMessage(ctx: TaskContext, id: number) {
  const { rows } = await ctx.pool.query('select * from public.contact_messages where id = $1', [id]);
  const m = rows[0];
  if (!m) return { sent: false };
  const sent = await sendOnce(ctx, `contact_message:${id}`, {
    to: contactEmail(ctx),
    subject: `[Citable] New contact message from ${m.name}`,
    text: `From: ${m.name} <${m.email}>\nReceived: ${m.created_at.toISOString()}\n\n${m.message}\n`,
  });
  return { sent };
}

// French typography: a no-break space (U+00A0) before ? ! : ;
const NBSP = '\u00a0';

/**
 * The e-mail telling the requester what happens next, in their language (the public site's
 * language when they asked). The delay is the product's promise (docs/public-site.md, the success
 * page): delivery in 24–48 hours.
 */
export const REQUESTER_MAIL = {
  fr: (url: string) => ({
    subject: `Votre premier article Citable pour ${url}${NBSP}: la suite`,
    text: `Bonjour,

Merci pour votre demande de premier article pour ${url}.

Et maintenant${NBSP}?
1. Nous analysons votre site et vos mots-clés.
2. Nous rédigeons votre premier article SEO, optimisé pour Google et pour les assistants IA.
3. Vous le recevez à cette adresse e-mail sous 24 à 48 heures, avec un lien pour le relire et demander des modifications.

Une question${NBSP}? Répondez simplement à cet e-mail.

L'équipe Citable
`,
  }),
  en: (url: string) => ({
    subject: `Your first Citable article for ${url}: what happens next`,
    text: `Hello,

Thank you for requesting your first article for ${url}.

What happens next?
1. We analyze your site and your keywords.
2. We write your first SEO article, optimized for Google and for AI assistants.
3. You receive it at this e-mail address within 24-48 hours, with a link to review it and ask for changes.

Any question? Just reply to this e-mail.

The Citable team
`,
  }),
};

export async function sendFirstArticleRequest(ctx: TaskContext, id: number) {
  const { rows } = await ctx.pool.query('select * from public.first_article_requests where id = $1', [id]);
  const r = rows[0];
  if (!r) return { sent: false };
  const to = contactEmail(ctx);
  const team = await sendOnce(ctx, `first_article_request:${id}:team`, {
    to,
    subject: `[Citable] First-article request for ${r.url}`,
    text: `A free first article was requested.\n\nWebsite: ${r.url}\nE-mail: ${r.stripe_email}\nLanguage: ${r.language}\nSite id: ${r.site ?? '—'}\nRequest #${r.id}, ${r.created_at.toISOString()}\n`,
  });
  const lang = r.language === 'en' ? 'en' : 'fr';
  const requester = await sendOnce(ctx, `first_article_request:${id}:requester`, { to: r.stripe_email, ...REQUESTER_MAIL[lang](r.url) });
  return { sent: team || requester };
}

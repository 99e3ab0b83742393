// "Send to client" (docs/operator-desk.md): the job send_version {id} of a version_sends row
// (enqueued by its insert, migration 20261130000400) mails the client the /view link of the version
// — `${APP_URL}/view/<version id>` — in the send's language (the site's: French unless English),
// with the page's title, signed with the site's name. Once per send (sendOnce, key
// version_send:<id>). Then the row is 'sent' (sent_at), or 'failed' (error) when the mail bounced or
// the job's last attempt failed — and the page's owner gets a 'send_failed' notification. A send
// whose page was deleted meanwhile (the row goes with it) does nothing.
import { isPermanent, readableError } from '../errors.js';
import { workerTx } from '../db.js';
import type { TaskContext } from '../runner.js';
import { sendOnce } from './mail.js';

// French typography: a no-break space (U+00A0) before ? ! : ; and inside « »
const NBSP = '\u00a0';

export interface VersionMailInput {
  title: string;
  link: string;
  siteName: string;
  toName: string | null;
}

/** The mail to the client, per language. */
export const VERSION_MAIL = {
  fr: ({ title, link, siteName, toName }: VersionMailInput) => ({
    subject: `«${NBSP}${title}${NBSP}»${NBSP}: votre article à relire`,
    text: `Bonjour${toName ? ` ${toName}` : ''},

Votre article «${NBSP}${title}${NBSP}» est prêt. Lisez-le, puis approuvez-le ou demandez des modifications en quelques clics, sans créer de compte${NBSP}:

${link}

Ce lien est personnel${NBSP}: il permet à quiconque le possède de relire l’article.

Cordialement,
${siteName}
`,
  }),
  en: ({ title, link, siteName, toName }: VersionMailInput) => ({
    subject: `"${title}": your article is ready for review`,
    text: `Hello${toName ? ` ${toName}` : ''},

Your article "${title}" is ready. Read it, then approve it or ask for changes in a few clicks, no account needed:

${link}

This link is personal: anyone who has it can review the article.

Best regards,
${siteName}
`,
  }),
};

interface SendRow {
  id: string;
  version: string;
  page: string;
  to_email: string;
  to_name: string | null;
  language: string;
  status: string;
  page_name: string;
  site: string;
  site_name: string;
  owner: string | null;
}

/** The reason a send failed, for the row and the notification (at most 2000 characters). */
const reasonOf = (error: unknown) => readableError(error).slice(0, 2000);

export async function sendVersion(ctx: TaskContext, id: number, job: { attempts: number; max_attempts: number }) {
  const { rows } = await ctx.pool.query<SendRow>(
    `select s.id, s.version, s.page, s.to_email, s.to_name, s.language, s.status,
            p.name as page_name, p.site, si.name as site_name, si.linked_user as owner
       from public.version_sends s
       join public.pages p on p.id = s.page
       join public.sites si on si.id = p.site
      where s.id = $1`,
    [id],
  );
  const send = rows[0];
  if (!send || send.status !== 'queued') return { sent: false };

  const lang = send.language === 'en' ? 'en' : 'fr';
  const link = `${ctx.config.appUrl}/view/${send.version}`;
  const mail = VERSION_MAIL[lang]({ title: send.page_name, link, siteName: send.site_name, toName: send.to_name });
  try {
    const sent = await sendOnce(ctx, `version_send:${send.id}`, { to: send.to_email, ...mail });
    await ctx.pool.query("update public.version_sends set status = 'sent', sent_at = now(), error = null where id = $1 and status = 'queued'", [send.id]);
    return { sent };
  } catch (error) {
    const reason = reasonOf(error);
    if (!isPermanent(error) && job.attempts < job.max_attempts) {
      // tried again later (Graphile's backoff): the row says why it is still queued
      await ctx.pool.query("update public.version_sends set error = $2 where id = $1 and status = 'queued'", [send.id, reason]);
      throw error;
    }
    await workerTx(ctx.pool, async (client) => {
      const { rowCount } = await client.query("update public.version_sends set status = 'failed', error = $2 where id = $1 and status = 'queued'", [send.id, reason]);
      if (rowCount && send.owner) {
        await client.query(
          `insert into public.notifications (user_id, kind, site, page, version, title, body)
           values ($1, 'send_failed', $2, $3, $4, $5, $6)`,
          [send.owner, send.site, send.page, send.version, send.page_name.slice(0, 500), `${send.to_email}: ${reason}`.slice(0, 2000)],
        );
      }
    });
    ctx.log(`[send_version ${send.id}] failed for good: ${reason}`);
    return { sent: false, error: reason };
  }
}

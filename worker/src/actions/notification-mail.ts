// The operator's e-mail for a client decision (issue 30, docs/operator-desk.md "Notifications"):
// job notification_mail {id}, enqueued by the notification's trigger
// (supabase/migrations/20261130000200_notifications.sql) when the client approved a version or asked
// for a revision on /view. Sent once per notification (citable_worker.sent_mails), to the site
// owner's account e-mail, in French unless their account says English (user_metadata.language or
// .locale), with the page's name, the decision, the client's comments and a link to the page's
// versions in the workspace (APP_URL). Not sent when the notification is gone, is not a client
// decision, or the user turned these e-mails off in the meantime (/settings).
import type { TaskContext } from '../runner.js';
import { sendOnce } from './mail.js';

// French typography: a no-break space (U+00A0) before : ; ! ? and inside « »
const NBSP = '\u00a0';
const quoteFr = (s: string) => `«${NBSP}${s}${NBSP}»`;

export type Decision = 'client_approved' | 'client_revision';
export type MailLanguage = 'fr' | 'en';

export interface DecisionMail {
  decision: Decision;
  /** the page's name (kept when the page is deleted) */
  title: string;
  siteName: string | null;
  /** the client's comments (revision) */
  comments: string | null;
  /** the page's versions screen, or null when the page was deleted */
  link: string | null;
  settingsLink: string;
}

/** The language of a user's e-mails: English when their account says so, French otherwise. */
export function mailLanguage(userMetadata: unknown): MailLanguage {
  const meta = (userMetadata ?? {}) as Record<string, unknown>;
  const value = [meta.language, meta.locale, meta.lang].find((v) => typeof v === 'string');
  return typeof value === 'string' && value.trim().toLowerCase().startsWith('en') ? 'en' : 'fr';
}

const quoted = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');

/** Subject and text of the e-mail, in the user's language. */
export const DECISION_MAIL: Record<MailLanguage, (m: DecisionMail) => { subject: string; text: string }> = {
  fr: (m) => {
    const title = m.title || 'Sans titre';
    const site = m.siteName ? ` (site ${m.siteName})` : '';
    const subject =
      m.decision === 'client_approved'
        ? `[Citable] Article approuvé par le client${NBSP}: ${quoteFr(title)}`
        : `[Citable] Révision demandée par le client${NBSP}: ${quoteFr(title)}`;
    const what =
      m.decision === 'client_approved'
        ? `Votre client a approuvé l’article ${quoteFr(title)}${site}.`
        : `Votre client a demandé une révision de l’article ${quoteFr(title)}${site}.`;
    const comments = m.decision === 'client_revision' && m.comments ? `\nSes commentaires${NBSP}:\n\n${quoted(m.comments)}\n` : '';
    const action = m.link
      ? `\n${m.decision === 'client_approved' ? 'Voir la version approuvée' : 'Voir la version et la modifier'}${NBSP}: ${m.link}\n`
      : '\nLa page a été supprimée depuis.\n';
    return {
      subject,
      text: `Bonjour,\n\n${what}\n${comments}${action}\nL’équipe Citable\n\n--\nVous recevez cet e-mail parce que les e-mails de notification sont activés sur votre compte. Pour ne plus les recevoir${NBSP}: ${m.settingsLink}\n`,
    };
  },
  en: (m) => {
    const title = m.title || 'Untitled';
    const site = m.siteName ? ` (site ${m.siteName})` : '';
    const subject =
      m.decision === 'client_approved' ? `[Citable] Article approved by the client: "${title}"` : `[Citable] Revision requested by the client: "${title}"`;
    const what =
      m.decision === 'client_approved'
        ? `Your client approved the article "${title}"${site}.`
        : `Your client asked for a revision of the article "${title}"${site}.`;
    const comments = m.decision === 'client_revision' && m.comments ? `\nTheir comments:\n\n${quoted(m.comments)}\n` : '';
    const action = m.link
      ? `\n${m.decision === 'client_approved' ? 'See the approved version' : 'See the version and modify it'}: ${m.link}\n`
      : '\nThe page has since been deleted.\n';
    return {
      subject,
      text: `Hello,\n\n${what}\n${comments}${action}\nThe Citable team\n\n--\nYou receive this e-mail because notification e-mails are on for your account. To stop them: ${m.settingsLink}\n`,
    };
  },
};

/** The workspace's page versions screen (workspace/src/config/paths.ts pageVersions). */
export const pageVersionsUrl = (appUrl: string, siteId: number | string, pageId: number | string) =>
  `${appUrl}/sites/${siteId}/pages/${pageId}/page-versions`;

export async function sendNotificationMail(ctx: TaskContext, id: number) {
  const { rows } = await ctx.pool.query(
    `select n.id, n.kind, n.title, n.body, n.site, n.page, s.name as site_name, u.email, u.raw_user_meta_data as user_metadata,
            coalesce(us.notification_emails, true) as emails_on
       from public.notifications n
       join auth.users u on u.id = n.user_id
       left join public.sites s on s.id = n.site
       left join public.user_settings us on us.user_id = n.user_id
      where n.id = $1`,
    [id],
  );
  const n = rows[0];
  if (!n) return { sent: false, reason: 'notification_gone' };
  if (n.kind !== 'client_approved' && n.kind !== 'client_revision') return { sent: false, reason: 'not_a_decision' };
  if (!n.emails_on) return { sent: false, reason: 'emails_off' };
  if (!n.email) return { sent: false, reason: 'no_address' };
  const appUrl = ctx.config.appUrl;
  const mail = DECISION_MAIL[mailLanguage(n.user_metadata)]({
    decision: n.kind,
    title: n.title ?? '',
    siteName: n.site_name ?? null,
    comments: n.body ?? null,
    link: n.page !== null && n.site !== null ? pageVersionsUrl(appUrl, n.site, n.page) : null,
    settingsLink: `${appUrl}/settings`,
  });
  const sent = await sendOnce(ctx, `notification_mail:${id}`, { to: n.email, ...mail });
  return { sent };
}

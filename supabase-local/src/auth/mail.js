// The auth mails (GoTrue's mailer templates, in French): confirmation, recovery, e-mail change,
// magic link, invitation, reauthentication; each with its verify link and 6-digit code.
import { setOtp } from './one-time-tokens.js';

/** @typedef {import('./types.js').AuthContext} AuthContext */
/** @typedef {import('./types.js').Db} Db */
/** @typedef {import('./types.js').UserRow} UserRow */
/** @typedef {'signup' | 'recovery' | 'email_change' | 'magiclink' | 'invite' | 'reauthentication'} MailKind */

/**
 * The verify link a mail carries.
 * @param {AuthContext} ctx
 * @param {string} type
 * @param {string} token
 * @param {string} redirectTo
 */
export function verifyLink(ctx, type, token, redirectTo) {
  const u = new URL(`${ctx.config.publicUrl()}/auth/v1/verify`);
  u.searchParams.set('token', token);
  u.searchParams.set('type', type);
  u.searchParams.set('redirect_to', redirectTo);
  return u.toString();
}

/** @param {string} code */
const codeLine = (code) => (code ? `\n\nVous pouvez aussi saisir ce code : ${code}` : '');

/** @type {Record<MailKind, (url: string, code: string, minutes: number) => { subject: string, text: string }>} */
const TEMPLATES = {
  signup: (url, code, minutes) => ({
    subject: 'Confirmez votre inscription',
    text: `Bonjour,\n\nMerci de votre inscription sur Citable. Pour confirmer votre adresse e-mail, ouvrez ce lien :\n\n${url}${codeLine(code)}\n\nCe lien expire dans ${minutes} minutes. Si vous n'êtes pas à l'origine de cette inscription, ignorez ce message.\n\nL'équipe Citable`,
  }),
  recovery: (url, code, minutes) => ({
    subject: 'Réinitialisez votre mot de passe',
    text: `Bonjour,\n\nVous avez demandé la réinitialisation de votre mot de passe Citable. Ouvrez ce lien pour choisir un nouveau mot de passe :\n\n${url}${codeLine(code)}\n\nCe lien expire dans ${minutes} minutes. Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.\n\nL'équipe Citable`,
  }),
  email_change: (url, code) => ({
    subject: 'Confirmez votre nouvelle adresse e-mail',
    text: `Bonjour,\n\nPour confirmer votre nouvelle adresse e-mail sur Citable, ouvrez ce lien :\n\n${url}${codeLine(code)}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message.\n\nL'équipe Citable`,
  }),
  magiclink: (url, code, minutes) => ({
    subject: 'Votre lien de connexion',
    text: `Bonjour,\n\nPour vous connecter à Citable, ouvrez ce lien :\n\n${url}${codeLine(code)}\n\nCe lien expire dans ${minutes} minutes. Si vous n'avez rien demandé, ignorez ce message.\n\nL'équipe Citable`,
  }),
  invite: (url, code, minutes) => ({
    subject: 'Vous êtes invité sur Citable',
    text: `Bonjour,\n\nVous êtes invité à rejoindre Citable. Pour accepter l'invitation, ouvrez ce lien :\n\n${url}${codeLine(code)}\n\nCe lien expire dans ${minutes} minutes.\n\nL'équipe Citable`,
  }),
  reauthentication: (_url, code) => ({
    subject: 'Confirmez votre identité',
    text: `Bonjour,\n\nPour confirmer votre identité sur Citable, saisissez ce code : ${code}\n\nSi vous n'avez rien demandé, ignorez ce message.\n\nL'équipe Citable`,
  }),
};

/** @param {string} s */
const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Sends a mail of `kind` to `to` (text, and HTML with the link clickable).
 * @param {AuthContext} ctx
 * @param {MailKind} kind
 * @param {string} to
 * @param {string} url the verify link ('' for none)
 * @param {string} code the 6-digit code
 */
export async function sendTemplate(ctx, kind, to, url, code) {
  const { subject, text } = TEMPLATES[kind](url, code, Math.round(ctx.config.otpExpiry / 60));
  let html = `<p>${text
    .split('\n\n')
    .map((p) => escapeHtml(p).replace(/\n/g, '<br>'))
    .join('</p><p>')}</p>`;
  if (url) html = html.replace(url.replace(/&/g, '&amp;'), `<a href="${url.replace(/&/g, '&amp;')}">${url.replace(/&/g, '&amp;')}</a>`);
  await ctx.mailer.send({ to, subject, text, html });
}

/**
 * A new confirmation code for `u`, mailed as a sign-up confirmation or an invitation.
 * @param {AuthContext} ctx
 * @param {Db} db
 * @param {UserRow} u
 * @param {string} redirectTo
 * @param {'signup' | 'invite'} [kind]
 * @returns {Promise<UserRow>} the updated user
 */
export async function startConfirmation(ctx, db, u, redirectTo, kind = 'signup') {
  const { user, code, hash } = await setOtp(db, u, 'confirmation_token', 'confirmation_sent_at');
  await sendTemplate(ctx, kind, u.email || '', verifyLink(ctx, kind, hash, redirectTo), code);
  return user;
}

/**
 * A new e-mail change code, mailed to the new address.
 * @param {AuthContext} ctx
 * @param {Db} db
 * @param {UserRow} u
 * @param {string} newEmail
 * @param {string} redirectTo
 * @returns {Promise<UserRow>} the updated user
 */
export async function startEmailChange(ctx, db, u, newEmail, redirectTo) {
  const { user, code, hash } = await setOtp(db, u, 'email_change_token_new', 'email_change_sent_at', newEmail);
  await sendTemplate(ctx, 'email_change', newEmail, verifyLink(ctx, 'email_change', hash, redirectTo), code);
  return user;
}

/**
 * Pure rules of "Send to client" (docs/operator-desk.md), apart from the components so that they can
 * be tested alone.
 */
import { isDataError } from '@citable/shared/data';
import type { VersionSend } from '../api/versionSends';

/** The /view link a client receives for a version (the shell's origin: the link is the capability). */
export function viewLink(origin: string, versionId: string): string {
  return `${origin.replace(/\/+$/, '')}/view/${encodeURIComponent(versionId)}`;
}

/** How many times a version was sent. */
export function sendsOfVersion(sends: readonly Pick<VersionSend, 'version'>[], versionId: string | null): number {
  return versionId ? sends.filter((s) => s.version === versionId).length : 0;
}

/** Whether the address differs from the site's client (it then becomes the site's client). */
export function changesClient(email: string, clientEmail: string | null | undefined): boolean {
  const next = email.trim().toLowerCase();
  return next !== '' && next !== (clientEmail ?? '').trim().toLowerCase();
}

/**
 * What a refused send means, as a text key of the 'pageVersions' namespace: the field at fault
 * (field: the form shows it under that field) or the reason; null: the shared data error message.
 */
export function sendProblem(error: unknown): { key: string; field?: 'email' | 'name' } | null {
  if (!isDataError(error)) return null;
  switch (error.hint) {
    case 'email':
      return { key: 'send.errors.email', field: 'email' };
    case 'name':
      return { key: 'send.errors.name', field: 'name' };
    case 'version_empty':
      return { key: 'send.errors.versionEmpty' };
    case 'rate_limited':
      return { key: 'send.errors.rateLimited' };
    case 'not_found':
      return { key: 'send.errors.notFound' };
    default:
      return null;
  }
}

/**
 * What a failed send's error (the worker's, in English: the mail server's own words) means for the
 * operator: the address refused the mail (a bounce: SMTP 5xx, the local mailbox's @bounce.invalid),
 * or another failure. The error itself is still shown, as the detail.
 */
export function sendFailureKey(error: string | null | undefined): 'sends.bounced' | 'sends.failed' {
  return /\bbounced\b|\brefused\b|\b5\.\d\.\d+\b|\b55\d\b|mailbox unavailable/i.test(error ?? '') ? 'sends.bounced' : 'sends.failed';
}

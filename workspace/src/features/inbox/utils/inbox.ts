/**
 * The inbox's pure logic (docs/operator-desk.md "Inbox"): state filters, relative dates, the reply
 * e-mail (a mailto: link with the message quoted), and what a refused "take in" says.
 */

export const REQUEST_STATES = ['new', 'taken', 'answered', 'spam'] as const;
export const MESSAGE_STATES = ['new', 'answered', 'spam'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
export type MessageState = (typeof MESSAGE_STATES)[number];
export type InboxState = RequestState | MessageState;
/** The state filter: one state, or every one. New by default: the inbox is a work queue. */
export type StateFilter = InboxState | 'all';
export type InboxTab = 'requests' | 'messages';

export const DEFAULT_FILTER: StateFilter = 'new';

/** The filters a tab offers, in the order of the control. */
export function filtersOf(tab: InboxTab): StateFilter[] {
  return tab === 'requests' ? ['new', 'taken', 'answered', 'spam', 'all'] : ['new', 'answered', 'spam', 'all'];
}

/** The tab and filter of the URL (?tab=messages&state=all), falling back to the defaults on anything else. */
export function readInboxParams(search: URLSearchParams): { tab: InboxTab; filter: StateFilter } {
  const tab: InboxTab = search.get('tab') === 'messages' ? 'messages' : 'requests';
  const state = search.get('state');
  const filter = (filtersOf(tab) as string[]).includes(state ?? '') ? (state as StateFilter) : DEFAULT_FILTER;
  return { tab, filter };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "il y a 3 heures", "hier", "à l’instant" (fr) / "3 hours ago", "yesterday", "just now" (en): the
 * largest unit that fits, rounded down. `justNow` is the text for less than a minute.
 */
export function relativeTime(date: Date | string, now: Date, language: string, justNow: string): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (Number.isNaN(abs)) return '';
  if (abs < 60) return justNow;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (abs >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return justNow;
}

/** "14 h 05" (French usage: no colon) / "2:05 PM": the time of day in the reader's time zone. */
export function clockTime(date: Date | string, language: string): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  if (language.startsWith('fr')) {
    const parts = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(then);
    const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? '0');
    const minute = parts.find((p) => p.type === 'minute')?.value ?? '00';
    return `${hour}\u00a0h\u00a0${minute}`;
  }
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(then);
}

/**
 * relativeTime, with the time when it says "yesterday" (audit L6): "hier à 14 h 05" / "yesterday at 2:05 PM".
 * `at` joins the day and the time (the locale's "{{day}} à {{time}}").
 */
export function relativeWithTime(date: Date | string, now: Date, language: string, justNow: string, at: (day: string, time: string) => string): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const text = relativeTime(then, now, language, justNow);
  const days = Math.trunc((then.getTime() - now.getTime()) / 1000 / (24 * 3600));
  return days === -1 ? at(text, clockTime(then, language)) : text;
}

/** Each line of the text prefixed with "> " (an empty line becomes ">"), as mail clients quote. */
export function quote(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line.trim() === '' ? '>' : `> ${line}`))
    .join('\n');
}

/** Longest quoted text a reply link carries: some mail clients refuse longer mailto: links. */
export const MAX_QUOTED_CHARS = 1500;

export interface ReplyMail {
  to: string;
  subject: string;
  /** the lines written above the quote (greeting, blank lines for the answer, "On …, X wrote:") */
  intro: string;
  /** the message to quote */
  quoted: string;
  /** what ends a quote cut at MAX_QUOTED_CHARS */
  ellipsis?: string;
}

/**
 * A mailto: link (RFC 6068): the address as is, subject and body percent-encoded (spaces as %20,
 * line breaks as CRLF), the message quoted with "> " and cut at MAX_QUOTED_CHARS.
 */
export function buildMailto({ to, subject, intro, quoted, ellipsis = '[…]' }: ReplyMail): string {
  const cut = quoted.length > MAX_QUOTED_CHARS ? `${quoted.slice(0, MAX_QUOTED_CHARS).trimEnd()} ${ellipsis}` : quoted;
  const body = `${intro}\n${quote(cut)}\n`.replace(/\n/g, '\r\n');
  const address = encodeURIComponent(to.trim()).replace(/%40/g, '@');
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** What the database says when a request is no longer new (take_in_request, hint already_taken). */
export interface AlreadyTaken {
  status: string;
  takenBy: string | null;
  takenAt: string | null;
}

/** Reads the detail of an already_taken refusal ({status, taken_by, taken_at}); null when it is not one. */
export function readAlreadyTaken(error: unknown): AlreadyTaken | null {
  const e = error as { hint?: unknown; details?: unknown } | null;
  if (!e || e.hint !== 'already_taken') return null;
  try {
    const detail = JSON.parse(typeof e.details === 'string' ? e.details : '{}') as Record<string, unknown>;
    return {
      status: typeof detail.status === 'string' ? detail.status : 'taken',
      takenBy: typeof detail.taken_by === 'string' ? detail.taken_by : null,
      takenAt: typeof detail.taken_at === 'string' ? detail.taken_at : null,
    };
  } catch {
    return { status: 'taken', takenBy: null, takenAt: null };
  }
}

/** The host and path of a claimed URL, for a short label ("boulangerie.fr/pains"). */
export function shortUrl(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/^www\./i, '').replace(/[/?#]+$/, '');
}

/** The host of a claimed URL ("fournil.fr" for "https://www.fournil.fr/pain"), for a one-line label; the URL itself when it has none. */
export function hostOf(url: string): string {
  try {
    return new URL(siteHref(url.trim())).hostname.replace(/^www\./i, '') || url;
  } catch {
    return url;
  }
}

/** A link to the claimed site (https:// added when the visitor typed none). */
export function siteHref(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

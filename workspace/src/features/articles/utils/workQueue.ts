/**
 * Pure rules of the "Articles" work list (docs/operator-desk.md#where-work-stands): its reasons, their
 * order and counts, the reason filter read from the address, and "since" as a relative date.
 */

/** Why a page waits for its operator (list_work_queue's reason). */
export const WORK_REASONS = ['revision', 'failed', 'ready_to_send', 'approved'] as const;
export type WorkReason = (typeof WORK_REASONS)[number];

export interface WorkItem {
  reason: WorkReason;
  site_id: number;
  site_name: string;
  page_id: number;
  page_name: string;
  page_url: string;
  version_id: string | null;
  /** when the event happened (ISO) */
  since: string;
  /** for 'failed': the action's name and its error */
  action_name: string | null;
  action_error: string | null;
  /** the site's WordPress connection: none, its last test passed (ok), or failed/never ran */
  wordpress_connection?: 'none' | 'ok' | 'failed';
  /** the page's WordPress post: its link, its status there ('deleted' when removed), the version it holds */
  wordpress_link?: string | null;
  wordpress_status?: string | null;
  wordpress_version?: string | null;
  /** the page's latest publish_wordpress action: its state, English error, warnings and version */
  publish_status?: string | null;
  publish_error?: string | null;
  publish_warnings?: unknown;
  publish_version?: string | null;
  /** screen only: a row published from the screen that has since left the list (shown until the screen is left) */
  justPublished?: boolean;
}

export const isWorkReason = (value: unknown): value is WorkReason => (WORK_REASONS as readonly unknown[]).includes(value);

/** The reason filter of the address (?reason=…); anything else is "all" (null). */
export const readReason = (params: URLSearchParams): WorkReason | null => {
  const raw = params.get('reason');
  return isWorkReason(raw) ? raw : null;
};

export type ReasonCounts = Record<WorkReason | 'all', number>;

export function countByReason(items: readonly WorkItem[]): ReasonCounts {
  const counts: ReasonCounts = { all: items.length, revision: 0, failed: 0, ready_to_send: 0, approved: 0 };
  for (const item of items) if (isWorkReason(item.reason)) counts[item.reason] += 1;
  return counts;
}

/** The items of one reason (all when null), oldest first whatever order they came in; ties by page, then reason. */
export function itemsFor(items: readonly WorkItem[], reason: WorkReason | null): WorkItem[] {
  return items
    .filter((item) => reason === null || item.reason === reason)
    .sort(
      (a, b) =>
        Date.parse(a.since) - Date.parse(b.since) ||
        a.page_id - b.page_id ||
        WORK_REASONS.indexOf(a.reason) - WORK_REASONS.indexOf(b.reason),
    );
}

/** A stable key for a row: a page may wait for two reasons. */
export const itemKey = (item: WorkItem) => `${item.page_id}-${item.reason}`;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "il y a 3 jours", "3 days ago", "à l’instant" under a minute: the largest unit that fits, in the
 * given language. A date in the future (clocks apart) reads as now.
 */
export function relativeSince(iso: string, now: number, language: string, justNow: string): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (!Number.isFinite(seconds) || seconds < 60) return justNow;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return justNow;
}

/**
 * "Publier sur WordPress" on an Articles row (issue 31, docs/operator-desk.md#where-work-stands): what
 * the row shows from list_work_queue's WordPress columns. Pure, so the rules are tested without a screen.
 */
import { parseWarnings } from '../../../components/page-actions/actionRecord';
import type { ActionWarning } from '@citable/shared/engine';
import type { WorkItem } from './workQueue';

/** The warnings a publication leaves that are not its failure (it succeeded with them). */
const NOT_FAILURES = new Set(['wordpress_seo_not_written', 'wordpress_cannot_upload', 'wordpress_post_recreated']);

export type PublishActivity = 'queued' | 'running' | 'failed' | 'done' | null;
export type PublishButton = 'publish' | 'update' | 'republish' | null;

export interface WordPressRow {
  connection: 'none' | 'ok' | 'failed';
  /** the page's latest publication (any version) */
  activity: PublishActivity;
  /** the post exists and holds this row's version */
  current: boolean;
  /** the post was deleted in WordPress */
  deleted: boolean;
  /** the post holds an older version than this row's */
  behind: boolean;
  link: string | null;
  /** which button, or none (no working connection, a publication under way, the post up to date) */
  button: PublishButton;
  /** the failure's reason, as a warning to translate (wordpress_<code>), when the last publication failed */
  failure: ActionWarning | null;
}

const ACTIVITIES = new Set(['queued', 'running', 'failed', 'done']);

/** A publication in the queue or being run: the list asks again soon. */
export const isPublishing = (item: Pick<WorkItem, 'publish_status'>) => item.publish_status === 'queued' || item.publish_status === 'running';

export function wordpressRow(item: WorkItem): WordPressRow {
  const connection = item.wordpress_connection ?? 'none';
  const activity = (ACTIVITIES.has(item.publish_status ?? '') ? item.publish_status : null) as PublishActivity;
  const deleted = item.wordpress_status === 'deleted';
  const hasPost = !!item.wordpress_version && !deleted;
  const current = hasPost && item.version_id !== null && item.wordpress_version === item.version_id;
  const behind = hasPost && !current;
  let button: PublishButton = null;
  if (connection === 'ok' && item.version_id && activity !== 'queued' && activity !== 'running' && !current) {
    button = deleted ? 'republish' : hasPost ? 'update' : 'publish';
  }
  let failure: ActionWarning | null = null;
  if (activity === 'failed') {
    const warnings = parseWarnings(item.publish_warnings).filter((w) => w.code.startsWith('wordpress_') && !NOT_FAILURES.has(w.code));
    failure = warnings.at(-1) ?? { stage: '', code: 'unknown', message: item.publish_error ?? '' };
  }
  return { connection, activity, current, deleted, behind, link: hasPost ? (item.wordpress_link ?? null) : null, button, failure };
}

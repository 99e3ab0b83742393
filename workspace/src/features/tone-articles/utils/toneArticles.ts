/**
 * Pure helpers of the tone-articles screen: the order of the table (each group followed by its
 * members), what the user may change, and the truncated preview of a long content.
 */

/** The fields of a row these helpers read. */
export interface ToneArticleLike {
  id: number;
  name: string;
  content: string | null;
  parent_tone_article: number | null;
  owner: string | null;
}

export type ToneArticleEntry<T extends ToneArticleLike> =
  | { kind: 'group'; article: T; memberCount: number }
  | { kind: 'member'; article: T; group: T | null };

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

export const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  collator.compare(a.name, b.name) || a.id - b.id;

/**
 * Groups (no parent) by name, each immediately followed by its members by name. A member whose
 * group the user cannot see (a shared group no longer shared) comes last, as a member without group.
 */
export function orderToneArticles<T extends ToneArticleLike>(rows: readonly T[]): ToneArticleEntry<T>[] {
  const groups = rows.filter((row) => row.parent_tone_article === null).sort(byName);
  const groupIds = new Set(groups.map((group) => group.id));
  const membersOf = new Map<number, T[]>();
  const orphans: T[] = [];
  for (const row of rows) {
    if (row.parent_tone_article === null) continue;
    if (groupIds.has(row.parent_tone_article)) {
      const list = membersOf.get(row.parent_tone_article) ?? [];
      list.push(row);
      membersOf.set(row.parent_tone_article, list);
    } else {
      orphans.push(row);
    }
  }
  const entries: ToneArticleEntry<T>[] = [];
  for (const group of groups) {
    const members = (membersOf.get(group.id) ?? []).sort(byName);
    entries.push({ kind: 'group', article: group, memberCount: members.length });
    for (const member of members) entries.push({ kind: 'member', article: member, group });
  }
  for (const orphan of orphans.sort(byName)) entries.push({ kind: 'member', article: orphan, group: null });
  return entries;
}

/** Only the owner changes a tone article (the database's RLS says the same); shared seed groups are read-only. */
export function canEdit(article: Pick<ToneArticleLike, 'owner'>, userId: string | null | undefined): boolean {
  return Boolean(userId) && article.owner === userId;
}

/** The text of a content that may hold HTML (the seed's members do): tags dropped, entities and spaces tidied. */
export function contentToText(content: string | null | undefined): string {
  if (!content) return '';
  return content
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** Content longer than this is cut in the table, with Show more. */
export const CONTENT_PREVIEW_CHARS = 160;

/**
 * The first `max` characters of a text, cut at the last word boundary (no half word), with an
 * ellipsis; the text unchanged when it is short enough.
 */
export function truncateText(text: string, max = CONTENT_PREVIEW_CHARS): { text: string; isTruncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= max) return { text, isTruncated: false };
  const head = chars.slice(0, max).join('');
  const lastSpace = head.search(/\s\S*$/);
  const cut = lastSpace > max * 0.6 ? head.slice(0, lastSpace) : head;
  return { text: `${cut.replace(/[\s,;:.!?–-]+$/u, '')}…`, isTruncated: true };
}

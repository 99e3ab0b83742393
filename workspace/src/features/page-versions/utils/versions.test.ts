import { ARTICLE_MAX_CHARS, activeAfterDelete, activeVersionOf, articleLength, isArticleTooLong, canCompare, canEdit, canToggleView, defaultComparison, orderForDiff, parseVersionId, reviewState } from './versions';

const v = (id: string, created: string, parent: string | null = null) => ({ id, created_date: created, parent_version: parent });
// newest first, as the table
const LIST = [v('c', '2026-11-03T10:00:00Z', 'b'), v('b', '2026-11-02T10:00:00Z', 'zz'), v('a', '2026-11-01T10:00:00Z')];

describe('versions rules', () => {
  it('review state from the flags', () => {
    expect(reviewState({ sent_in_revision: false, approved: false })).toBe('draft');
    expect(reviewState({ sent_in_revision: true, approved: false })).toBe('in-revision');
    expect(reviewState({ sent_in_revision: false, approved: true })).toBe('approved');
  });

  it('ids from the address: positive integers and uuids only', () => {
    expect(parseVersionId('00000000-0000-4000-8000-0000000A0001')).toEqual({ id: '00000000-0000-4000-8000-0000000a0001', malformed: false });
    expect(parseVersionId('nope')).toEqual({ id: null, malformed: true });
    expect(parseVersionId('00000000-0000-4000-8000-0000000a000')).toEqual({ id: null, malformed: true });
    expect(parseVersionId(' 00000000-0000-4000-8000-0000000a0001')).toEqual({ id: null, malformed: true });
    expect(parseVersionId(null)).toEqual({ id: null, malformed: false });
    expect(parseVersionId('')).toEqual({ id: null, malformed: false });
  });

  it('the active version: the one in the address, else the newest; an unknown one is missing', () => {
    expect(activeVersionOf(LIST, null)).toEqual({ active: LIST[0], missing: false });
    expect(activeVersionOf(LIST, 'b')).toEqual({ active: LIST[1], missing: false });
    expect(activeVersionOf(LIST, 'x')).toEqual({ active: null, missing: true });
    expect(activeVersionOf([], null)).toEqual({ active: null, missing: false });
    // a malformed ?version= is 'Version not found', never the newest version instead
    expect(activeVersionOf(LIST, parseVersionId('not-a-version'))).toEqual({ active: null, missing: true });
    expect(activeVersionOf(LIST, parseVersionId(null))).toEqual({ active: LIST[0], missing: false });
  });

  it('deleting the active version activates the first remaining one, or none; another keeps the active one', () => {
    expect(activeAfterDelete(LIST, 'c', 'c')).toBe('b');
    expect(activeAfterDelete(LIST, 'b', 'b')).toBe('c');
    expect(activeAfterDelete(LIST, 'a', 'c')).toBe('c');
    expect(activeAfterDelete([LIST[2]], 'a', 'a')).toBeNull();
  });

  it('compares by default with the parent when the page still has it, else the next older one', () => {
    expect(defaultComparison(LIST, LIST[0])).toBe('b');
    expect(defaultComparison(LIST, LIST[1])).toBe('a'); // parent 'zz' deleted
    expect(defaultComparison(LIST, LIST[2])).toBe('c'); // the oldest: the newest other
    expect(defaultComparison([LIST[0]], LIST[0])).toBeNull();
  });

  it('orders a pair older first for the diff', () => {
    expect(orderForDiff(LIST[0], LIST[2]).map((x) => x.id)).toEqual(['a', 'c']);
    expect(orderForDiff(LIST[2], LIST[0]).map((x) => x.id)).toEqual(['a', 'c']);
  });

  it('editing and comparing exclude each other; the toggle is locked during either (spec §4)', () => {
    const rendered = { mode: 'rendered' as const, editing: false, comparing: false };
    const code = { ...rendered, mode: 'code' as const };
    expect(canToggleView(rendered)).toBe(true);
    expect(canToggleView({ ...code, editing: true })).toBe(false);
    expect(canToggleView({ ...rendered, comparing: true })).toBe(false);
    expect(canEdit(rendered)).toBe(false);
    expect(canEdit(code)).toBe(true);
    expect(canEdit({ ...code, comparing: true })).toBe(false);
    expect(canCompare(code, 2)).toBe(true);
    expect(canCompare({ ...code, editing: true }, 2)).toBe(false);
    expect(canCompare(code, 1)).toBe(false);
  });

  it('the article size cap counts characters as PostgreSQL does (code points), 5,000,000 at most', () => {
    expect(ARTICLE_MAX_CHARS).toBe(5_000_000);
    const twoMiB = 'a'.repeat(2 * 1024 * 1024);
    expect(isArticleTooLong(twoMiB)).toBe(false);
    expect(isArticleTooLong('a'.repeat(ARTICLE_MAX_CHARS))).toBe(false);
    expect(isArticleTooLong('a'.repeat(ARTICLE_MAX_CHARS + 1))).toBe(true);
    // an emoji is 2 UTF-16 units but 1 character for the database: 3,000,000 of them fit
    const emojis = '😀'.repeat(3_000_000);
    expect(emojis.length).toBe(6_000_000);
    expect(articleLength(emojis)).toBe(3_000_000);
    expect(isArticleTooLong(emojis)).toBe(false);
    expect(isArticleTooLong('😀'.repeat(ARTICLE_MAX_CHARS + 1))).toBe(true);
  });
});

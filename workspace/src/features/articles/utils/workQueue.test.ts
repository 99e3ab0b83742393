import { countByReason, isWorkReason, itemKey, itemsFor, readReason, relativeSince, type WorkItem } from './workQueue';

const item = (over: Partial<WorkItem>): WorkItem => ({
  reason: 'revision',
  site_id: 1,
  site_name: 'Boulange',
  page_id: 10,
  page_name: 'Pain',
  page_url: 'https://b.example/pain',
  version_id: 'v',
  since: '2026-11-20T10:00:00Z',
  action_name: null,
  action_error: null,
  ...over,
});

describe('the work list', () => {
  const items = [
    item({ reason: 'approved', page_id: 3, since: '2026-11-22T10:00:00Z' }),
    item({ reason: 'failed', page_id: 2, since: '2026-11-19T10:00:00Z', action_name: 'create_article', action_error: 'boom' }),
    item({ reason: 'ready_to_send', page_id: 2, since: '2026-11-19T10:00:00Z' }),
    item({ reason: 'revision', page_id: 1, since: '2026-11-21T08:00:00Z' }),
  ];

  it('counts per reason and in all', () => {
    expect(countByReason(items)).toEqual({ all: 4, revision: 1, failed: 1, ready_to_send: 1, approved: 1 });
    expect(countByReason([])).toEqual({ all: 0, revision: 0, failed: 0, ready_to_send: 0, approved: 0 });
  });

  it('filters by reason, oldest first; a page waiting for two reasons keeps both, in the reasons order', () => {
    expect(itemsFor(items, null).map((i) => [i.page_id, i.reason])).toEqual([
      [2, 'failed'],
      [2, 'ready_to_send'],
      [1, 'revision'],
      [3, 'approved'],
    ]);
    expect(itemsFor(items, 'approved').map((i) => i.page_id)).toEqual([3]);
    expect(itemsFor(items, 'revision').map((i) => i.page_id)).toEqual([1]);
    expect(new Set(items.map(itemKey)).size).toBe(items.length);
  });

  it('reads the reason filter from the address; anything else shows all', () => {
    expect(readReason(new URLSearchParams('reason=failed'))).toBe('failed');
    expect(readReason(new URLSearchParams('reason=ready_to_send'))).toBe('ready_to_send');
    expect(readReason(new URLSearchParams('reason=spam'))).toBeNull();
    expect(readReason(new URLSearchParams(''))).toBeNull();
    expect(isWorkReason('approved')).toBe(true);
    expect(isWorkReason('draft')).toBe(false);
  });
});

describe('relativeSince', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('the largest unit that fits, in the language asked', () => {
    expect(relativeSince('2026-11-23T12:00:00Z', now, 'fr', 'à l’instant')).toBe('il y a 3 jours');
    expect(relativeSince('2026-11-23T12:00:00Z', now, 'en', 'just now')).toBe('3 days ago');
    expect(relativeSince('2026-11-26T09:30:00Z', now, 'fr', 'à l’instant')).toBe('il y a 2 heures');
    expect(relativeSince('2026-11-25T11:00:00Z', now, 'fr', 'à l’instant')).toBe('hier');
    expect(relativeSince('2026-11-26T11:55:00Z', now, 'en', 'just now')).toBe('5 minutes ago');
    expect(relativeSince('2026-10-01T12:00:00Z', now, 'en', 'just now')).toBe('last month');
  });
  it('under a minute, or a date ahead of the clock, is "just now"', () => {
    expect(relativeSince('2026-11-26T11:59:30Z', now, 'fr', 'à l’instant')).toBe('à l’instant');
    expect(relativeSince('2026-11-26T12:05:00Z', now, 'fr', 'à l’instant')).toBe('à l’instant');
    expect(relativeSince('not a date', now, 'fr', 'à l’instant')).toBe('à l’instant');
  });
});

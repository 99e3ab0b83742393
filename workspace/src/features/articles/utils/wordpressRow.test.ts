import { isPublishing, wordpressRow } from './wordpressRow';
import type { WorkItem } from './workQueue';

const V1 = '11111111-1111-4111-8111-111111111111';
const V0 = '00000000-0000-4000-8000-000000000000';
const item = (over: Partial<WorkItem> = {}): WorkItem => ({
  reason: 'approved',
  site_id: 1,
  site_name: 'Boulange',
  page_id: 3,
  page_name: 'Brioche',
  page_url: 'https://b.example/brioche',
  version_id: V1,
  since: '2026-11-26T10:00:00Z',
  action_name: null,
  action_error: null,
  wordpress_connection: 'ok',
  ...over,
});

describe('wordpressRow: what an approved row offers for WordPress', () => {
  it('no connection, a failing one: no button', () => {
    expect(wordpressRow(item({ wordpress_connection: 'none' }))).toMatchObject({ connection: 'none', button: null });
    expect(wordpressRow(item({ wordpress_connection: undefined }))).toMatchObject({ connection: 'none', button: null });
    expect(wordpressRow(item({ wordpress_connection: 'failed' }))).toMatchObject({ connection: 'failed', button: null });
  });

  it('never published: Publish; queued or running: no button, the progress', () => {
    expect(wordpressRow(item())).toMatchObject({ button: 'publish', activity: null, current: false, behind: false, link: null });
    expect(wordpressRow(item({ publish_status: 'queued' }))).toMatchObject({ button: null, activity: 'queued' });
    expect(wordpressRow(item({ publish_status: 'running' }))).toMatchObject({ button: null, activity: 'running' });
    expect(isPublishing({ publish_status: 'queued' })).toBe(true);
    expect(isPublishing({ publish_status: 'running' })).toBe(true);
    expect(isPublishing({ publish_status: 'done' })).toBe(false);
    expect(isPublishing({ publish_status: null })).toBe(false);
  });

  it('published with this version: the link, no button; an older version: Update, behind', () => {
    const link = 'https://blog.example/brioche/';
    expect(wordpressRow(item({ publish_status: 'done', wordpress_version: V1, wordpress_link: link, wordpress_status: 'draft' }))).toMatchObject({
      current: true,
      behind: false,
      link,
      button: null,
    });
    expect(wordpressRow(item({ publish_status: 'done', wordpress_version: V0, wordpress_link: link, wordpress_status: 'publish' }))).toMatchObject({
      current: false,
      behind: true,
      button: 'update',
    });
  });

  it('deleted in WordPress: Publish again, no link', () => {
    expect(wordpressRow(item({ publish_status: 'failed', wordpress_version: V1, wordpress_link: 'https://x/', wordpress_status: 'deleted' }))).toMatchObject({
      deleted: true,
      current: false,
      behind: false,
      link: null,
      button: 'republish',
    });
  });

  it('failed: the failure is the wordpress_ warning, not the warnings a success leaves; else the error', () => {
    const warnings = [
      { stage: 'seo', code: 'wordpress_seo_not_written', message: 'left empty', params: { reason: 'no_plugin' } },
      { stage: 'post', code: 'wordpress_wrong_credentials', message: 'WordPress refused the password' },
    ];
    const row = wordpressRow(item({ publish_status: 'failed', publish_warnings: warnings, publish_error: 'HTTP 401' }));
    expect(row).toMatchObject({ activity: 'failed', button: 'publish' });
    expect(row.failure?.code).toBe('wordpress_wrong_credentials');
    expect(wordpressRow(item({ publish_status: 'failed', publish_warnings: [warnings[0]], publish_error: 'Boom' })).failure).toEqual({ stage: '', code: 'unknown', message: 'Boom' });
    expect(wordpressRow(item({ publish_status: 'done', publish_warnings: warnings })).failure).toBeNull();
  });
});

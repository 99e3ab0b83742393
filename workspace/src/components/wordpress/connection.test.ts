import {
  connectionState,
  failureKey,
  isCopyBehind,
  isPlainHttp,
  isWordPressUrl,
  publicationState,
  refusalKey,
  versionToPublish,
  WORDPRESS_FAILURES,
  type WordPressConnection,
} from './connection';

const base: WordPressConnection = {
  site: 1,
  wp_url: 'https://blog.example',
  username: 'editor',
  has_password: true,
  plain_http_confirmed: false,
  auto_publish: false,
  test_status: 'ok',
  test_message: null,
  found: null,
  tested_at: '2026-11-26T10:00:00Z',
  updated_at: '2026-11-26T10:00:00Z',
  pending: null,
};

describe('the connection state', () => {
  it('none, testing until the worker answers, its error, ok or failed', () => {
    expect(connectionState(null)).toBe('none');
    expect(connectionState(base)).toBe('ok');
    expect(connectionState({ ...base, test_status: 'wrong_credentials' })).toBe('failed');
    const pending = { wp_url: 'https://blog.example', username: 'editor', requested_at: '2026-11-26T10:01:00Z', error: null };
    expect(connectionState({ ...base, pending })).toBe('testing');
    expect(connectionState({ ...base, pending: { ...pending, error: 'WORDPRESS_SECRET_KEY is not set' } })).toBe('error');
    // a first save, not tested yet: only the request
    expect(connectionState({ ...base, has_password: false, test_status: null, wp_url: null, pending })).toBe('testing');
  });

  it('a text key for each failure code, a named fallback for others', () => {
    for (const code of WORDPRESS_FAILURES) expect(failureKey(code)).toEqual({ key: `failure.${code}` });
    expect(failureKey('brand_new')).toEqual({ key: 'failure.unknown', params: { code: 'brand_new' } });
    expect(failureKey(null)).toEqual({ key: 'failure.unknown', params: { code: '?' } });
  });

  it('a text key for each refusal hint of the RPCs and the publish trigger', () => {
    for (const hint of ['not_found', 'wp_url', 'plain_http', 'username', 'password', 'not_approved', 'no_wordpress_connection']) {
      expect(refusalKey(hint)).toBe(`refusal.${hint}`);
    }
    expect(refusalKey('rate_limited')).toBeNull();
    expect(refusalKey(undefined)).toBeNull();
  });

  it('checks the address as the database does', () => {
    expect(isWordPressUrl('https://blog.example')).toBe(true);
    expect(isWordPressUrl(' http://127.0.0.1:8080/wp ')).toBe(true);
    expect(isWordPressUrl('javascript:alert(1)')).toBe(false);
    expect(isWordPressUrl('https://user:pw@blog.example')).toBe(false);
    expect(isWordPressUrl('https://blog.example/?p=1')).toBe(false);
    expect(isWordPressUrl('blog.example')).toBe(false);
    expect(isPlainHttp('http://blog.example')).toBe(true);
    expect(isPlainHttp('HTTPS://blog.example')).toBe(false);
  });
});

describe('what is published', () => {
  const v = (id: string, created_date: string, approved: boolean) => ({ id, created_date, approved });
  const versions = [v('a', '2026-11-01T00:00:00Z', true), v('b', '2026-11-03T00:00:00Z', true), v('c', '2026-11-05T00:00:00Z', false)];

  it('the shown version when approved, else the latest approved, else none', () => {
    expect(versionToPublish(versions, 'a')?.id).toBe('a');
    expect(versionToPublish(versions, 'c')?.id).toBe('b');
    expect(versionToPublish(versions)?.id).toBe('b');
    expect(versionToPublish([v('c', '2026-11-05T00:00:00Z', false)], 'c')).toBeNull();
  });

  it('the page published, deleted in WordPress, or not; the copy behind the latest approved version', () => {
    const page = { wordpress_post_id: 12, wordpress_link: 'https://blog.example/p', wordpress_status: 'publish', wordpress_published_at: '2026-11-02T00:00:00Z', wordpress_version: 'a' };
    expect(publicationState(null)).toBe('none');
    expect(publicationState({ ...page, wordpress_post_id: null })).toBe('none');
    expect(publicationState(page)).toBe('published');
    expect(publicationState({ ...page, wordpress_status: 'deleted' })).toBe('deleted');
    expect(isCopyBehind(page, 'b')).toBe(true);
    expect(isCopyBehind(page, 'a')).toBe(false);
    expect(isCopyBehind(page, null)).toBe(false);
    expect(isCopyBehind({ ...page, wordpress_status: 'deleted' }, 'b')).toBe(false);
  });
});

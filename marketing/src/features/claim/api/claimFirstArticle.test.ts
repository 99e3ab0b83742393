import { isDataError } from '@citable/shared/data';
import { claimFirstArticle } from './claimFirstArticle';
import { stubBackend, setupTestBackendConfig } from '../../../testing/backend';


setupTestBackendConfig();

describe('claimFirstArticle', () => {
  it('calls the RPC and returns the request and its site', async () => {
    const fetch = stubBackend({ status: 200, body: { request_id: 4, site_id: 9 } });
    await expect(claimFirstArticle({ url: 'https://example.com', email: ' owner@example.com ' })).resolves.toEqual({ request_id: 4, site_id: 9 });
    const [url, init] = fetch.mock.calls[0];
    expect(String(url)).toBe('http://backend.test/rest/v1/rpc/claim_first_article');
    expect(JSON.parse(String(init?.body))).toEqual({ p_url: 'https://example.com', p_stripe_email: 'owner@example.com' });
  });

  it("passes the visitor's language when given", async () => {
    const fetch = stubBackend({ status: 200, body: { request_id: 5, site_id: 10 } });
    await claimFirstArticle({ url: 'https://example.com', email: 'owner@example.com', language: 'en' });
    const [, init] = fetch.mock.calls[0];
    expect(JSON.parse(String(init?.body))).toEqual({ p_url: 'https://example.com', p_stripe_email: 'owner@example.com', p_language: 'en' });
  });

  it('throws an invalid DataError naming the refused field', async () => {
    stubBackend({ status: 400, body: { code: '22023', message: 'Please enter a valid website URL.', details: null, hint: 'url' } });
    const error = await claimFirstArticle({ url: 'x', email: 'a@b.co' }).catch((e: unknown) => e);
    expect(isDataError(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'invalid', hint: 'url', message: 'Please enter a valid website URL.' });
  });

  it("throws a rate_limited DataError on the gateway's 429, a network one without an answer", async () => {
    stubBackend({ status: 429, body: { code: '429', message: 'Too many requests: rate limit reached for this function', details: null, hint: null } });
    await expect(claimFirstArticle({ url: 'https://example.com', email: 'a@b.co' })).rejects.toMatchObject({ kind: 'rate_limited' });
    stubBackend(new TypeError('Failed to fetch'));
    await expect(claimFirstArticle({ url: 'https://example.com', email: 'a@b.co' })).rejects.toMatchObject({ kind: 'network' });
  });

  it('throws a server DataError for an answer of another shape', async () => {
    stubBackend({ status: 200, body: { unexpected: true } });
    await expect(claimFirstArticle({ url: 'https://example.com', email: 'a@b.co' })).rejects.toMatchObject({ name: 'DataError', kind: 'server' });
  });
});

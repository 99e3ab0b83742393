import { isDataError } from '@citable/shared/data';
import { submitContactMessage } from './submitContactMessage';
import { stubBackend, setupTestBackendConfig } from '../../../testing/backend';


const input = { name: ' Marie ', email: ' marie@example.com ', message: ' Bonjour, une question. ' };

setupTestBackendConfig();

describe('submitContactMessage', () => {
  it('calls the RPC with the trimmed values', async () => {
    const fetch = stubBackend({ status: 200, body: { id: 1, created_at: '2026-01-01' } });
    await expect(submitContactMessage(input)).resolves.toBeUndefined();
    const [url, init] = fetch.mock.calls[0];
    expect(String(url)).toBe('http://backend.test/rest/v1/rpc/submit_contact_message');
    expect(JSON.parse(String(init?.body))).toEqual({ p_name: 'Marie', p_email: 'marie@example.com', p_message: 'Bonjour, une question.' });
  });

  it('throws a rate_limited DataError when the address sent too many messages', async () => {
    stubBackend({ status: 400, body: { code: 'P0001', message: 'Too many messages were sent from this address. Please try again later.', details: null, hint: 'rate_limited' } });
    const error = await submitContactMessage(input).catch((e: unknown) => e);
    expect(isDataError(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'rate_limited', code: 'P0001', status: 400, hint: 'rate_limited' });
  });

  it("throws an invalid DataError naming the field the server refused", async () => {
    stubBackend({ status: 400, body: { code: '22023', message: 'Please enter a valid email address.', details: null, hint: 'email' } });
    await expect(submitContactMessage(input)).rejects.toMatchObject({ name: 'DataError', kind: 'invalid', hint: 'email' });
  });

  it("throws a rate_limited DataError on the gateway's 429", async () => {
    stubBackend({ status: 429, body: { code: '429', message: 'Too many requests: rate limit reached for this function', details: null, hint: 'Try again in 30 seconds.' } });
    await expect(submitContactMessage(input)).rejects.toMatchObject({ kind: 'rate_limited', status: 429 });
  });

  it('throws a network DataError when the backend cannot be reached', async () => {
    stubBackend(new TypeError('Failed to fetch'));
    await expect(submitContactMessage(input)).rejects.toMatchObject({ name: 'DataError', kind: 'network' });
  });
});

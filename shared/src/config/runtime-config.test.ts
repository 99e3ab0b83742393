import {
  getRuntimeConfig,
  loadRuntimeConfig,
  parseRuntimeConfig,
  resetRuntimeConfig,
  RuntimeConfigError,
  type RuntimeConfig,
} from './runtime-config';

const valid: RuntimeConfig = {
  supabaseUrl: 'http://localhost:54321',
  supabaseAnonKey: 'anon-key',
  remotes: {
    marketing: 'http://localhost:3001/mf-manifest.json',
    workspace: 'http://localhost:3002/mf-manifest.json',
    reviewer: 'https://reviewer.example.com/mf-manifest.json',
  },
  linkedinScriptUrl: null,
  siteUrl: 'http://localhost:3000',
  contact: { email: 'contact@citable.fr', phone: '+33 1', address: 'Paris' },
  checkout: null,
};

const jsonResponse = (body: unknown, status = 200) =>
  ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response;

describe('parseRuntimeConfig', () => {
  it('accepts a complete config and trims trailing slashes of base URLs', () => {
    const config = parseRuntimeConfig({ ...valid, supabaseUrl: 'http://localhost:54321/', siteUrl: 'https://citable.fr/' });
    expect(config.supabaseUrl).toBe('http://localhost:54321');
    expect(config.siteUrl).toBe('https://citable.fr');
    expect(config.remotes.reviewer).toBe('https://reviewer.example.com/mf-manifest.json');
    expect(config.linkedinScriptUrl).toBeNull();
  });

  it('normalises an empty LinkedIn script URL to null and validates a given one', () => {
    expect(parseRuntimeConfig({ ...valid, linkedinScriptUrl: '' }).linkedinScriptUrl).toBeNull();
    expect(parseRuntimeConfig({ ...valid, linkedinScriptUrl: 'https://cdn.example.com/li.js' }).linkedinScriptUrl).toBe(
      'https://cdn.example.com/li.js',
    );
    expect(() => parseRuntimeConfig({ ...valid, linkedinScriptUrl: 'javascript:alert(1)' })).toThrow(/linkedinScriptUrl/);
  });

  it('lists every problem of an invalid config', () => {
    let error: unknown;
    try {
      parseRuntimeConfig({ supabaseUrl: 'not a url', supabaseAnonKey: '', remotes: { marketing: 'ftp://x' }, siteUrl: 'http://ok' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RuntimeConfigError);
    const issues = (error as RuntimeConfigError).issues.join('\n');
    expect(issues).toMatch(/supabaseUrl is not a valid URL/);
    expect(issues).toMatch(/supabaseAnonKey must be a non-empty string/);
    expect(issues).toMatch(/remotes\.marketing must be an http\(s\) URL/);
    expect(issues).toMatch(/remotes\.workspace must be a non-empty URL/);
    expect(issues).toMatch(/contact must be an object/);
  });

  it("carries the worker's answers per model for LLM answers runs: absent (the readers' default 3) or 1 to 20", () => {
    expect(parseRuntimeConfig(valid).llmAnswersPerModel).toBeUndefined();
    expect(parseRuntimeConfig({ ...valid, llmAnswersPerModel: 5 }).llmAnswersPerModel).toBe(5);
    for (const bad of [0, 21, 2.5, '3']) {
      expect(() => parseRuntimeConfig({ ...valid, llmAnswersPerModel: bad })).toThrow(/llmAnswersPerModel must be an integer from 1 to 20/);
    }
  });

  it('takes the discovery offer\'s payment settings (publishable key only), none when absent, refuses a secret key', () => {
    const { checkout: _none, ...older } = valid;
    expect(parseRuntimeConfig(older).checkout).toBeNull();
    const checkout = { publishableKey: 'pk_test_abc', priceCents: 100, currency: 'eur' };
    expect(parseRuntimeConfig({ ...valid, checkout }).checkout).toEqual(checkout);
    expect(() => parseRuntimeConfig({ ...valid, checkout: { ...checkout, publishableKey: 'sk_test_abc' } })).toThrow(/checkout/);
    expect(() => parseRuntimeConfig({ ...valid, checkout: { ...checkout, priceCents: 0 } })).toThrow(/checkout/);
  });

  it('rejects non-objects', () => {
    expect(() => parseRuntimeConfig(null)).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig([valid])).toThrow(/JSON object/);
  });
});

describe('loadRuntimeConfig', () => {
  beforeEach(() => resetRuntimeConfig());

  it('fetches once, validates and exposes the config', async () => {
    const fetchImpl = jest.fn(async () => jsonResponse(valid));
    expect(() => getRuntimeConfig()).toThrow(/not loaded/);
    const [a, b] = await Promise.all([loadRuntimeConfig('/config.json', fetchImpl), loadRuntimeConfig('/config.json', fetchImpl)]);
    expect(a).toEqual(valid);
    expect(b).toBe(a);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(getRuntimeConfig()).toBe(a);
    await loadRuntimeConfig('/config.json', fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('does not cache a failure, so a later call retries', async () => {
    const fetchImpl = jest
      .fn()
      .mockResolvedValueOnce(jsonResponse({ error: 'down' }, 503))
      .mockResolvedValueOnce(jsonResponse(valid));
    await expect(loadRuntimeConfig('/config.json', fetchImpl)).rejects.toThrow(/HTTP 503/);
    await expect(loadRuntimeConfig('/config.json', fetchImpl)).resolves.toEqual(valid);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('takes the copy the page carries, without a request, once; an unusable copy falls back to the fetch', async () => {
    const fetchImpl = jest.fn(async () => jsonResponse(valid));
    const inline = document.createElement('script');
    inline.type = 'application/json';
    inline.id = 'citable-config';
    inline.textContent = JSON.stringify({ ...valid, siteUrl: 'https://inline.example' });
    document.body.append(inline);
    await expect(loadRuntimeConfig('/config.json', fetchImpl)).resolves.toMatchObject({ siteUrl: 'https://inline.example' });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(document.getElementById('citable-config')).toBeNull();

    resetRuntimeConfig();
    const broken = document.createElement('script');
    broken.type = 'application/json';
    broken.id = 'citable-config';
    broken.textContent = '{"remotes": ';
    document.body.append(broken);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(loadRuntimeConfig('/config.json', fetchImpl)).resolves.toEqual(valid);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('reports an invalid config', async () => {
    const fetchImpl = jest.fn(async () => jsonResponse({ ...valid, remotes: {} }));
    await expect(loadRuntimeConfig('/config.json', fetchImpl)).rejects.toBeInstanceOf(RuntimeConfigError);
    expect(() => getRuntimeConfig()).toThrow();
  });
});

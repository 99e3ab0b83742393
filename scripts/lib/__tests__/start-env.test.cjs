// What `npm start` gives its children (scripts/lib/start-env.cjs): ports, URLs, and a backend whose
// CORS origins and SITE_URL follow the apps' ports.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { appOrigins, appsEnv, backendEnv, freePort, resolveAnyPorts, withDevWordPressKey, withLocalAnonKey, DEV_WORDPRESS_KEY_FILE } = require('../start-env.cjs');

const DEFAULT_ORIGINS = [3000, 3001, 3002, 3003].flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`]);

describe('appsEnv', () => {
  test('fills in the ports and the URLs, keeps what the user set', () => {
    const env = appsEnv({ SHELL_PORT: '4000', WORKSPACE_URL: 'https://cdn.example.com/ws', OTHER: 'x' });
    expect(env).toMatchObject({
      SHELL_PORT: '4000',
      MARKETING_PORT: '3001',
      WORKSPACE_PORT: '3002',
      REVIEWER_PORT: '3003',
      BACKEND_PORT: '54321',
      SUPABASE_URL: 'http://localhost:54321',
      MARKETING_URL: 'http://localhost:3001',
      WORKSPACE_URL: 'https://cdn.example.com/ws',
      REVIEWER_URL: 'http://localhost:3003',
      OTHER: 'x',
    });
  });

  test('rejects a port that is not one', () => {
    expect(() => appsEnv({ MARKETING_PORT: 'abc' })).toThrow('MARKETING_PORT must be a port number');
  });
});

describe('backendEnv', () => {
  test('defaults: the localhost:3000–3003 origins (the backend’s own defaults) and the shell as SITE_URL', () => {
    const env = backendEnv({});
    expect(env.ALLOWED_ORIGINS.split(',')).toEqual(DEFAULT_ORIGINS);
    expect(env.SITE_URL).toBe('http://localhost:3000');
    expect(env.PORT).toBe('54321');
  });

  test('the origins and SITE_URL follow the ports', () => {
    const env = backendEnv({
      SHELL_PORT: '4100',
      MARKETING_PORT: '4101',
      WORKSPACE_PORT: '4102',
      REVIEWER_PORT: '4103',
      BACKEND_PORT: '55421',
    });
    expect(env.ALLOWED_ORIGINS).toBe(
      [4100, 4101, 4102, 4103].flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`]).join(','),
    );
    expect(env.SITE_URL).toBe('http://localhost:4100');
    expect(env.PORT).toBe('55421');
    expect(env.SUPABASE_URL).toBe('http://localhost:55421');
  });

  test('an ALLOWED_ORIGINS set by the user is kept as it is', () => {
    const env = backendEnv({ SHELL_PORT: '4000', ALLOWED_ORIGINS: 'https://app.example.com' });
    expect(env.ALLOWED_ORIGINS).toBe('https://app.example.com');
    expect(env.SITE_URL).toBe('http://localhost:4000');
  });

  test('a SITE_URL set by the user is kept, and its origin allowed with the apps', () => {
    const env = backendEnv({ SHELL_PORT: '4000', SITE_URL: 'https://citable.example.com/app/' });
    expect(env.SITE_URL).toBe('https://citable.example.com/app/');
    expect(env.ALLOWED_ORIGINS.split(',')).toEqual([
      ...appOrigins({ SHELL_PORT: '4000' }),
      'https://citable.example.com',
    ]);
    // already listed: not twice
    expect(backendEnv({ SITE_URL: 'http://localhost:3000' }).ALLOWED_ORIGINS.split(',')).toEqual(DEFAULT_ORIGINS);
  });

  test('an empty ALLOWED_ORIGINS counts as unset (as the backend reads it)', () => {
    expect(backendEnv({ ALLOWED_ORIGINS: ' ' }).ALLOWED_ORIGINS.split(',')).toEqual(DEFAULT_ORIGINS);
  });

  test('does not change the environment it was given', () => {
    const given = { SHELL_PORT: '4000' };
    backendEnv(given);
    expect(given).toEqual({ SHELL_PORT: '4000' });
  });
});

describe('resolveAnyPorts', () => {
  test('replaces the ports set to 0 by distinct free ports, leaves the others', async () => {
    const offers = [5000, 5000, 3002, 5001];
    const env = await resolveAnyPorts(
      { SHELL_PORT: '0', MARKETING_PORT: '0', REVIEWER_PORT: '7000' },
      async () => offers.shift(),
    );
    // 5000 for the shell; 5000 again and 3002 (the workspace's default) refused for marketing
    expect(env).toMatchObject({ SHELL_PORT: '5000', MARKETING_PORT: '5001', REVIEWER_PORT: '7000' });
    expect(env.WORKSPACE_PORT).toBeUndefined();
  });

  test('freePort gives a usable port', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
  });
});

describe('withLocalAnonKey', () => {
  const mint = async (secret) => ({ anonKey: `anon-for-${secret ?? 'default'}` });

  test('the local backend’s key, minted from JWT_SECRET (or the default secret)', async () => {
    expect((await withLocalAnonKey({ OTHER: 'x' }, mint)).SUPABASE_ANON_KEY).toBe('anon-for-default');
    const env = await withLocalAnonKey({ JWT_SECRET: 'a-secret-of-at-least-32-characters-long!', OTHER: 'x' }, mint);
    expect(env).toMatchObject({ SUPABASE_ANON_KEY: 'anon-for-a-secret-of-at-least-32-characters-long!', OTHER: 'x' });
  });

  test('keeps a key the user set', async () => {
    expect((await withLocalAnonKey({ SUPABASE_ANON_KEY: 'mine' }, mint)).SUPABASE_ANON_KEY).toBe('mine');
  });

  test('with Stripe keys, the shell server also gets the local service role key (unless one is set)', async () => {
    const both = async (secret) => ({ anonKey: `anon-for-${secret ?? 'default'}`, serviceRoleKey: `service-for-${secret ?? 'default'}` });
    expect(await withLocalAnonKey({ SUPABASE_ANON_KEY: 'mine', STRIPE_SECRET_KEY: 'sk_test_x' }, both))
      .toMatchObject({ SUPABASE_ANON_KEY: 'mine', SUPABASE_SERVICE_ROLE_KEY: 'service-for-default' });
    expect((await withLocalAnonKey({ STRIPE_SECRET_KEY: 'sk_test_x', SUPABASE_SERVICE_ROLE_KEY: 'set' }, both)).SUPABASE_SERVICE_ROLE_KEY).toBe('set');
    expect((await withLocalAnonKey({}, both)).SUPABASE_SERVICE_ROLE_KEY).toBeUndefined();
  });
});

describe('withDevWordPressKey', () => {
  /** @type {string} */
  let root;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'citable-start-env-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  test('made once into DATA_DIR (32 random bytes, readable by its owner only), the same key at the next start', () => {
    const first = withDevWordPressKey({ OTHER: 'x' }, { root });
    const file = path.join(root, '.data', DEV_WORDPRESS_KEY_FILE);
    expect(first.devKey).toEqual({ file, created: true });
    expect(first.env.OTHER).toBe('x');
    expect(Buffer.from(first.env.WORDPRESS_SECRET_KEY, 'base64')).toHaveLength(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = withDevWordPressKey({}, { root });
    expect(again.devKey).toEqual({ file, created: false });
    expect(again.env.WORDPRESS_SECRET_KEY).toBe(first.env.WORDPRESS_SECRET_KEY);
    // another data directory, another key
    const elsewhere = withDevWordPressKey({ DATA_DIR: path.join(root, 'other') }, { root });
    expect(elsewhere.devKey?.file).toBe(path.join(root, 'other', DEV_WORDPRESS_KEY_FILE));
    expect(elsewhere.env.WORDPRESS_SECRET_KEY).not.toBe(first.env.WORDPRESS_SECRET_KEY);
  });

  test.each([
    ['a key the user set', { WORDPRESS_SECRET_KEY: 'mine' }],
    ['another database (DATABASE_URL)', { DATABASE_URL: 'postgres://db.example/x' }],
    ['no local backend (SKIP_BACKEND)', { SKIP_BACKEND: '1' }],
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
  ])('none with %s', (_name, env) => {
    const result = withDevWordPressKey(env, { root });
    expect(result.devKey).toBeNull();
    expect(result.env).toBe(env);
    expect(fs.existsSync(path.join(root, '.data', DEV_WORDPRESS_KEY_FILE))).toBe(false);
  });

  test('a file that holds no key is named, not replaced', () => {
    fs.mkdirSync(path.join(root, '.data'));
    fs.writeFileSync(path.join(root, '.data', DEV_WORDPRESS_KEY_FILE), 'not a key\n');
    expect(() => withDevWordPressKey({}, { root })).toThrow(/wordpress-dev-secret\.key does not hold a 32-byte base64 key/);
    expect(fs.readFileSync(path.join(root, '.data', DEV_WORDPRESS_KEY_FILE), 'utf8')).toBe('not a key\n');
  });
});

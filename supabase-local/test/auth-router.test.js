// The auth service's route table and matcher, without a server or a database.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ROUTES } from '../src/auth/routes/index.js';
import { createRouter } from '../src/auth/router.js';

describe('auth router', () => {
  const match = createRouter(ROUTES);

  test('every method + path is listed once, each with a handler', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    assert.equal(new Set(keys).size, keys.length);
    for (const r of ROUTES) assert.equal(typeof r.handler, 'function', `${r.method} ${r.path}`);
    // The admin routes are exactly those under /admin/ and POST /invite.
    assert.deepEqual(
      ROUTES.filter((r) => r.admin).map((r) => `${r.method} ${r.path}`),
      ROUTES.filter((r) => r.path.startsWith('/admin/') || r.path === '/invite').map((r) => `${r.method} ${r.path}`),
    );
  });

  test('exact paths match their method only', () => {
    assert.equal(match('POST', '/token')?.handler, ROUTES.find((r) => r.path === '/token')?.handler);
    assert.equal(match('GET', '/token'), null);
    assert.equal(match('GET', '/token/'), null);
    assert.equal(match('GET', '/verify')?.handler.name, 'verifyGet');
    assert.equal(match('POST', '/verify')?.handler.name, 'verifyPost');
  });

  test('a :name segment gives a URI-decoded parameter; a malformed escape matches nothing', () => {
    const m = match('POST', '/factors/a%2Fb%20c/challenge');
    assert.equal(m?.handler.name, 'challengeFactor');
    assert.deepEqual(m?.params, { id: 'a/b c' });
    assert.equal(match('DELETE', '/factors/x')?.handler.name, 'unenrollFactor');
    assert.equal(match('DELETE', '/factors/x/verify'), null);
    assert.equal(match('GET', '/admin/users/%E0%A4%A'), null);
    const admin = match('PUT', '/admin/users/123');
    assert.equal(admin?.admin, true);
    assert.deepEqual(admin?.params, { id: '123' });
    assert.equal(match('GET', '/admin/users/1/2'), null);
  });

  test('a path with regular-expression characters is matched literally', () => {
    const literal = createRouter([{ method: 'GET', path: '/a.b', handler: () => [200, {}] }]);
    assert.ok(literal('GET', '/a.b'));
    assert.equal(literal('GET', '/axb'), null);
  });
});

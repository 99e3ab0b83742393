// The outbound-fetch module (worker/src/outbound.ts, issue 27.4): local HTTP servers on
// loopback stand for internal services; the module must never reach them unless told to
// (allowPrivate, OUTBOUND_ALLOW_PRIVATE=1) or, for the redirect tests, one exact address is allowed.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { blockedReason, fetchOutbound, OutboundError, OutboundTransientError } from '../dist/outbound.js';
import { loadConfig } from '../dist/config.js';
import { exampleObjectPath } from '../dist/actions/cover-image.js';
import { PermanentError, TransientError } from '../dist/errors.js';

/**
 * A loopback server recording its requests; handler decides the answer.
 * @param {string} host
 * @param {(req: http.IncomingMessage, res: http.ServerResponse) => void} handler
 */
async function serve(host, handler) {
  /** @type {{ url: string | undefined, host: string | undefined }[]} */
  const requests = [];
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url, host: req.headers.host });
    handler(req, res);
  });
  await new Promise((resolve) => server.listen(0, host, () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    port,
    requests,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

/** @type {Awaited<ReturnType<typeof serve>>} */
let inside; // an "internal" service: must never be reached
/** @type {Awaited<ReturnType<typeof serve>>} */
let fake; // the test's own fake site on 127.0.0.1
let streamedBytes = 0;

before(async () => {
  inside = await serve('127.0.0.2', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('SECRET-TOKEN-inside');
  });
  fake = await serve('127.0.0.1', (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    switch (url.pathname) {
      case '/page':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<h1>Bonjour</h1>');
        return;
      case '/image':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
        return;
      case '/binary':
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end('x');
        return;
      case '/untyped':
        res.writeHead(200);
        res.end('x');
        return;
      case '/redirect':
        res.writeHead(302, { location: to ?? '/page' });
        res.end();
        return;
      case '/loop':
        res.writeHead(301, { location: '/loop' });
        res.end();
        return;
      case '/missing':
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('SECRET-TOKEN-404 internal detail');
        return;
      case '/down':
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('SECRET-TOKEN-503');
        return;
      case '/big': {
        // 50 MB, chunked (no content-length), written as fast as the client reads
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 97);
        let left = 50 * 1024 * 1024;
        streamedBytes = 0;
        const write = () => {
          while (left > 0) {
            left -= chunk.length;
            streamedBytes += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', write);
          }
          res.end();
        };
        res.on('close', () => (left = 0));
        write();
        return;
      }
      case '/declared-big':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(600 * 1024 * 1024) });
        res.write(Buffer.alloc(1024));
        return; // never ends
      case '/trickle': {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => res.write('x'), 100);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case '/silent':
        return; // never answers
      default:
        res.writeHead(404);
        res.end();
    }
  });
});

after(async () => {
  await inside?.close();
  await fake?.close();
});

const TEXT = ['text/html', 'text/plain'];
const IMAGE = ['image/*'];
/** @param {unknown} error @param {string} code */
const isCode = (error, code) => {
  assert.ok(error instanceof OutboundError || error instanceof OutboundTransientError, String(error));
  assert.equal(/** @type {any} */ (error).code, code, /** @type {Error} */ (error).message);
  return true;
};

describe('#27.4 outbound fetch: addresses', () => {
  // every literal form of a non-public address; the ones marked "today" passed the old assertPublic
  const refused = [
    '127.0.0.1', '127.0.0.2', '2130706433', '0177.0.0.1', '0x7f.0.0.1', '0x7f000001', '127.1', '0.0.0.0', '10.1.2.3',
    '100.64.0.1', '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.0.0.1', '192.168.1.1', '198.18.0.1',
    '192.0.2.1' /* today */, '198.51.100.1' /* today */, '203.0.113.1' /* today */, '224.0.0.1', '240.0.0.1', '255.255.255.255',
    '[::]', '[::1]', '[::7f00:1]' /* today */, '[::127.0.0.1]' /* today */, '[::ffff:127.0.0.1]', '[::ffff:a9fe:a9fe]',
    '[::ffff:0:7f00:1]' /* today: SIIT */, '[64:ff9b::7f00:1]' /* today: NAT64 */, '[64:ff9b::a9fe:a9fe]' /* today */,
    '[64:ff9b:1::1]' /* today */, '[2002:7f00:1::]' /* today: 6to4 */, '[2002:a9fe:a9fe::1]' /* today */, '[fc00::1]', '[fd12:3456::1]',
    '[fe80::1]', '[fec0::1]' /* today */, '[ff02::1]', '[100::1]' /* today */, '[2001:db8::1]' /* today */, '[2001::1]' /* today: Teredo */,
  ];
  for (const host of refused) {
    it(`#27.4 refuses http://${host}/ without connecting`, async () => {
      await assert.rejects(fetchOutbound(`http://${host}:${inside.port}/`, { accept: TEXT }), (e) => isCode(e, 'address'));
    });
  }
  it('#27.4 none of the refused literals reached the loopback service', () => {
    assert.equal(inside.requests.length, 0);
  });

  it('#27.4 public addresses, also in IPv6 forms of a public IPv4 address, pass the check', () => {
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '[2606:4700:4700::1111]', '::ffff:8.8.8.8', '::ffff:0:8.8.8.8', '64:ff9b::808:808', '64:ff9b::8.8.8.8', '2002:808:808::1']) {
      assert.equal(blockedReason(address), null, address);
    }
  });

  it('#27.4 every address of the refused ranges, first and last, in IPv4 and its IPv6 forms', () => {
    // the policy now lives in ipaddr.js's ranges: this pins the ranges refused before it came
    const ranges = /** @type {const} */ ([
      ['0.0.0.0', '0.255.255.255'], ['10.0.0.0', '10.255.255.255'], ['100.64.0.0', '100.127.255.255'], ['127.0.0.0', '127.255.255.255'],
      ['169.254.0.0', '169.254.255.255'], ['172.16.0.0', '172.31.255.255'], ['192.0.0.0', '192.0.0.255'], ['192.0.2.0', '192.0.2.255'],
      ['192.88.99.0', '192.88.99.255'], ['192.168.0.0', '192.168.255.255'], ['198.18.0.0', '198.19.255.255'], ['198.51.100.0', '198.51.100.255'],
      ['203.0.113.0', '203.0.113.255'], ['224.0.0.0', '239.255.255.255'], ['240.0.0.0', '255.255.255.255'],
    ]);
    /** @param {string} v4 */
    const hex = (v4) => {
      const [a, b, c, d] = v4.split('.').map(Number);
      return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    };
    for (const v4 of ranges.flat()) {
      for (const address of [v4, `::ffff:${v4}`, `::ffff:${hex(v4)}`, `::ffff:0:${v4}`, `64:ff9b::${v4}`, `64:ff9b::${hex(v4)}`, `2002:${hex(v4)}::1`, `::${v4}`]) {
        assert.notEqual(blockedReason(address), null, address);
      }
    }
    for (const address of [
      '2001::1', '2001:2::1', '2001:10::1', '2001:20::1', '2001:db8::1', '3fff::1', '5f00::1', '64:ff9b:1::808:808', '100::1',
      'fc00::1', 'fe80::1', 'fe80::1%eth0', 'fec0::1', 'ff02::1', '::', '::1', '4000::1', 'not an address', '2130706433', '0177.0.0.1', '010.8.8.8',
    ]) {
      assert.notEqual(blockedReason(address), null, address);
    }
  });

  it('#27.4 the IPv4-compatible ::a.b.c.d (as getaddrinfo prints it) is refused even for a public IPv4 address', async () => {
    // ipaddr.js alone reads ::8.8.8.8 as the IPv4-mapped ::ffff:8.8.8.8 (public); it is ::808:808
    for (const address of ['::8.8.8.8', '0::8.8.8.8', '::808:808', '[::8.8.8.8]']) assert.equal(blockedReason(address), 'an IPv4-compatible IPv6 address', address);
    await assert.rejects(
      fetchOutbound(`http://compatible.example:${inside.port}/`, { accept: TEXT, resolve: async () => [{ address: '::8.8.8.8', family: 6 }] }),
      (e) => isCode(e, 'address'),
    );
    assert.equal(inside.requests.length, 0);
  });

  it('#27.4 ranges ipaddr.js knows are refused too (AS112, AMT, drone tags, the rest of 2001::/23)', () => {
    for (const address of ['192.175.48.1', '192.31.196.1', '192.52.193.1', '::ffff:192.31.196.1', '2001:3::1', '2001:4:112::1', '2001:30::1', '2001:1ff::1', '2620:4f:8000::1']) {
      assert.notEqual(blockedReason(address), null, address);
    }
  });

  it('#27.4 only http and https', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/x', 'data:text/plain,x', 'gopher://example.com/', 'not a url']) {
      await assert.rejects(fetchOutbound(url, { accept: TEXT }), (e) => isCode(e, 'scheme'), url);
    }
  });

  it('#27.4 a hostname resolving to a private address is refused (every answer checked)', async () => {
    let calls = 0;
    const resolve = async () => {
      calls += 1;
      return [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.2', family: 4 },
      ];
    };
    await assert.rejects(fetchOutbound(`http://internal.example:${inside.port}/`, { accept: TEXT, resolve }), (e) => {
      isCode(e, 'address');
      assert.doesNotMatch(/** @type {Error} */ (e).message, /127\.0\.0\.2/, 'the internal address is not told');
      return true;
    });
    assert.equal(calls, 1);
    await assert.rejects(
      fetchOutbound(`http://internal.example:${inside.port}/`, { accept: TEXT, resolve: async () => [{ address: '::ffff:169.254.169.254', family: 6 }] }),
      (e) => isCode(e, 'address'),
    );
    assert.equal(inside.requests.length, 0);
  });

  it('#27.4 rebinding: the name is resolved once and the connection goes to that checked address', async () => {
    // The first answer is an address that passes the check (127.0.0.2, allowed for this test
    // only, where nothing listens); a second lookup would answer 127.0.0.1, where the fake
    // listens. Connecting by name (a second lookup) would reach it. Nothing leaves loopback.
    let calls = 0;
    const resolve = async () => {
      calls += 1;
      return calls === 1 ? [{ address: '127.0.0.2', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    };
    const before = fake.requests.length;
    await assert.rejects(
      fetchOutbound(`http://rebind.example:${fake.port}/page`, { accept: TEXT, resolve, timeoutMs: 1500, allowAddresses: ['127.0.0.2'] }),
      (e) => e instanceof OutboundTransientError,
    );
    assert.equal(calls, 1, 'one lookup');
    assert.equal(fake.requests.length, before, 'nothing reached the loopback fake');
  });

  it('#27.4 the connection uses the resolved address, with the hostname kept in Host', async () => {
    const response = await fetchOutbound(`http://site.example:${fake.port}/page`, {
      accept: TEXT,
      allowPrivate: true,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    assert.equal(response.status, 200);
    assert.equal(fake.requests.at(-1)?.host, `site.example:${fake.port}`);
  });
});

describe('#27.4 outbound fetch: redirects, size, time, types', () => {
  const allowFake = { allowAddresses: ['127.0.0.1'] };

  it('#27.4 a redirect to a private address is refused at that hop', async () => {
    for (const to of [`${inside.url}/`, `http://[::ffff:127.0.0.2]:${inside.port}/`, 'http://169.254.169.254/latest/meta-data/', `http://2130706434:${inside.port}/`]) {
      await assert.rejects(fetchOutbound(`${fake.url}/redirect?to=${encodeURIComponent(to)}`, { accept: TEXT, ...allowFake }), (e) => isCode(e, 'address'), to);
    }
    assert.equal(inside.requests.length, 0);
    // a public-looking name that resolves inside, on the second hop
    await assert.rejects(
      fetchOutbound(`${fake.url}/redirect?to=${encodeURIComponent(`http://metadata.example:${inside.port}/`)}`, {
        accept: TEXT,
        ...allowFake,
        resolve: async () => [{ address: '127.0.0.2', family: 4 }],
      }),
      (e) => isCode(e, 'address'),
    );
    assert.equal(inside.requests.length, 0);
  });

  it('#27.4 redirects are followed (each hop checked) up to the limit', async () => {
    const ok = await fetchOutbound(`${fake.url}/redirect?to=/page`, { accept: TEXT, ...allowFake });
    assert.equal(ok.url, `${fake.url}/page`);
    assert.equal(ok.body.toString(), '<h1>Bonjour</h1>');
    await assert.rejects(fetchOutbound(`${fake.url}/loop`, { accept: TEXT, ...allowFake }), (e) => isCode(e, 'redirects'));
    await assert.rejects(fetchOutbound(`${fake.url}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, { accept: TEXT, ...allowFake }), (e) => isCode(e, 'scheme'));
  });

  it('#27.4 a 50 MB answer is cut at the byte cap, memory bounded', async () => {
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    await assert.rejects(fetchOutbound(`${fake.url}/big`, { accept: TEXT, maxBytes: 1024 * 1024, ...allowFake }), (e) => isCode(e, 'too_large'));
    const grown = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heapBefore;
    await new Promise((r) => setTimeout(r, 200));
    assert.ok(streamedBytes < 12 * 1024 * 1024, `the server stopped early (${streamedBytes} bytes written)`);
    assert.ok(grown < 32 * 1024 * 1024, `memory grew by ${grown} bytes`);
    // truncate: the first maxBytes are kept
    const cut = await fetchOutbound(`${fake.url}/big`, { accept: TEXT, maxBytes: 100_000, truncate: true, ...allowFake });
    assert.equal(cut.body.length, 100_000);
    assert.equal(cut.truncated, true);
  });

  it('#27.4 a declared length above the cap is refused before reading', async () => {
    const started = Date.now();
    await assert.rejects(fetchOutbound(`${fake.url}/declared-big`, { accept: IMAGE, maxBytes: 10 * 1024 * 1024, ...allowFake }), (e) => isCode(e, 'too_large'));
    assert.ok(Date.now() - started < 2000);
  });

  it('#27.4 the time limit covers the whole fetch (slow body, no answer)', async () => {
    for (const path of ['/trickle', '/silent']) {
      const started = Date.now();
      await assert.rejects(fetchOutbound(`${fake.url}${path}`, { accept: TEXT, timeoutMs: 700, ...allowFake }), (e) => {
        isCode(e, 'timeout');
        assert.ok(e instanceof TransientError, 'a timeout is transient');
        return true;
      });
      assert.ok(Date.now() - started < 2500, `${path} stopped after ${Date.now() - started} ms`);
    }
  });

  it('#27.4 only the content types the caller accepts', async () => {
    await assert.rejects(fetchOutbound(`${fake.url}/binary`, { accept: IMAGE, ...allowFake }), (e) => isCode(e, 'content_type'));
    await assert.rejects(fetchOutbound(`${fake.url}/page`, { accept: IMAGE, ...allowFake }), (e) => isCode(e, 'content_type'));
    await assert.rejects(fetchOutbound(`${fake.url}/untyped`, { accept: TEXT, ...allowFake }), (e) => isCode(e, 'content_type'));
    await assert.rejects(fetchOutbound(`${fake.url}/image`, { accept: TEXT, ...allowFake }), (e) => isCode(e, 'content_type'));
    const image = await fetchOutbound(`${fake.url}/image`, { accept: IMAGE, ...allowFake });
    assert.equal(image.contentType, 'image/png');
    assert.equal(image.body.length, 4);
  });

  it('#27.4 error statuses: 4xx permanent, 5xx transient, the body never echoed', async () => {
    await assert.rejects(fetchOutbound(`${fake.url}/missing`, { accept: TEXT, ...allowFake }), (e) => {
      isCode(e, 'status');
      assert.ok(e instanceof PermanentError);
      assert.doesNotMatch(/** @type {Error} */ (e).message, /SECRET/);
      return true;
    });
    await assert.rejects(fetchOutbound(`${fake.url}/down`, { accept: TEXT, ...allowFake }), (e) => {
      isCode(e, 'status');
      assert.ok(e instanceof TransientError);
      assert.doesNotMatch(/** @type {Error} */ (e).message, /SECRET/);
      return true;
    });
  });

  it('#27.4 with allowPrivate (OUTBOUND_ALLOW_PRIVATE=1) the loopback fakes are reachable', async () => {
    const page = await fetchOutbound(`${fake.url}/page`, { accept: TEXT, allowPrivate: true });
    assert.equal(page.contentType, 'text/html');
    assert.equal(page.charset, 'utf-8');
    await assert.rejects(fetchOutbound(`${fake.url}/page`, { accept: TEXT }), (e) => isCode(e, 'address'));
  });

  it('#27.4 OUTBOUND_ALLOW_PRIVATE, and SCRAPE_ALLOW_PRIVATE as its alias', () => {
    assert.equal(loadConfig({}).outbound.allowPrivate, false);
    assert.equal(loadConfig({ OUTBOUND_ALLOW_PRIVATE: '1' }).outbound.allowPrivate, true);
    assert.equal(loadConfig({ SCRAPE_ALLOW_PRIVATE: '1' }).outbound.allowPrivate, true);
    assert.equal(loadConfig({ OUTBOUND_ALLOW_PRIVATE: '0', SCRAPE_ALLOW_PRIVATE: '1' }).outbound.allowPrivate, false);
  });
});

describe('#27.4 example images: only an object of the page in page-images, whatever the host', () => {
  it('#27.4 the object path of an example row, or null', () => {
    const ok = {
      '/storage/v1/object/public/page-images/12/1732000000000-ab12cd34-ef5.png': '12/1732000000000-ab12cd34-ef5.png',
      'http://localhost:54321/storage/v1/object/public/page-images/12/a.webp': '12/a.webp', // supabase-js getPublicUrl
      'https://abc.supabase.co/storage/v1/object/public/page-images/12/a.jpg': '12/a.jpg',
      'http://127.0.0.1:9/storage/v1/object/public/page-images/12/a.png': '12/a.png', // the host is never contacted
      '/storage/v1/object/public/page-images/seed/example-1.png': 'seed/example-1.png',
    };
    for (const [url, path] of Object.entries(ok)) assert.equal(exampleObjectPath(url, 12), path, url);
    for (const url of [
      'http://127.0.0.1:8080/secret',
      'http://169.254.169.254/latest/meta-data/',
      '/x.png',
      '/mailbox/messages',
      '/storage/v1/object/public/page-images/13/a.png', // another page's folder
      '/storage/v1/object/public/page-images/12/../../../../mailbox/messages',
      '/storage/v1/object/public/page-images/12/%2e%2e%2fmailbox',
      '/storage/v1/object/public/page-images/12/.hidden',
      '/storage/v1/object/public/page-images/12/sub/a.png',
      '/storage/v1/object/public/page-images/12/a.png?x=1',
      '/storage/v1/object/public/seo1/logos/a.png',
      'file:///storage/v1/object/public/page-images/12/a.png',
    ]) {
      assert.equal(exampleObjectPath(url, 12), null, url);
    }
  });
});

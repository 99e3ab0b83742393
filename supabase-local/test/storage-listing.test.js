// Issue 27 item 15: the public buckets' objects stay readable by their public URL for anyone, but
// listing (POST /storage/v1/object/list/<bucket>, list-v2) shows a user only their own objects —
// logos they uploaded, the page-images folders of their own pages — and anonymous callers nothing.
// Driven through the real gateway with supabase-js, as the apps do.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PNG_1X1, makeClient, signedInUser, startTestStack } from './helpers.js';

describe('#27.15 storage listing is for owners; public URLs stay public', () => {
  /** @type {Awaited<ReturnType<typeof startTestStack>>} */
  let env;
  /** @type {any} */ let anon;
  /** @type {any} */ let a;
  /** @type {any} */ let b;
  const tag = `${process.pid}-${Date.now()}`;
  /** @type {Record<string, string>} */
  const paths = {};

  /** @param {any} user @param {string} name */
  async function pageOf(user, name) {
    const site = await user.client.from('sites').insert({ url: `https://${name}-${tag}.example.com` }).select('id').single();
    assert.equal(site.error, null);
    const page = await user.client.from('pages').insert({ site: site.data.id, name, url: `https://${name}.example.com/p` }).select('id').single();
    assert.equal(page.error, null);
    return String(page.data.id);
  }
  /** @param {any} user @param {string} bucket @param {string} path */
  async function upload(user, bucket, path) {
    const { error } = await user.client.storage.from(bucket).upload(path, PNG_1X1, { contentType: 'image/png' });
    assert.equal(error, null);
  }
  /** @param {any} client @param {string} bucket @param {string} [prefix] */
  async function names(client, bucket, prefix = '') {
    const { data, error } = await client.storage.from(bucket).list(prefix, { limit: 1000 });
    assert.equal(error, null);
    return data.map((/** @type {{ name: string }} */ o) => o.name);
  }

  before(async () => {
    env = await startTestStack({ seed: false });
    anon = makeClient(env.stack);
    a = await signedInUser(env.stack);
    b = await signedInUser(env.stack);
    paths.aPage = await pageOf(a, 'a');
    paths.bPage = await pageOf(b, 'b');
    paths.aLogo = `logos/a-${tag}.png`;
    paths.bLogo = `logos/b-${tag}.png`;
    await upload(a, 'seo1', paths.aLogo);
    await upload(b, 'seo1', paths.bLogo);
    await upload(a, 'page-images', `${paths.aPage}/a.png`);
    await upload(b, 'page-images', `${paths.bPage}/b.png`);
  });
  after(async () => {
    await env?.close();
  });

  it('#27.15 anonymous callers list no logos and no page-images folders', async () => {
    assert.deepEqual(await names(anon, 'seo1', 'logos'), []);
    assert.deepEqual(await names(anon, 'page-images'), []);
    assert.deepEqual(await names(anon, 'page-images', paths.aPage), []);
  });

  it("#27.15 a user lists only their own logos and their own pages' folders", async () => {
    assert.deepEqual(await names(a.client, 'seo1', 'logos'), [paths.aLogo.slice('logos/'.length)]);
    assert.deepEqual(await names(b.client, 'seo1', 'logos'), [paths.bLogo.slice('logos/'.length)]);
    assert.deepEqual(await names(a.client, 'page-images'), [paths.aPage]);
    assert.deepEqual(await names(b.client, 'page-images', paths.aPage), []);
    assert.deepEqual(await names(a.client, 'page-images', paths.aPage), ['a.png']);
    const v2 = await b.client.storage.from('page-images').listV2();
    assert.equal(v2.error, null);
    assert.ok(v2.data.objects.every((/** @type {{ name: string }} */ o) => o.name.startsWith(`${paths.bPage}/`)), JSON.stringify(v2.data.objects));
  });

  it('#27.15 every object stays readable by its public URL, for anyone', async () => {
    for (const [bucket, path] of [['seo1', paths.aLogo], ['seo1', paths.bLogo], ['page-images', `${paths.aPage}/a.png`], ['page-images', `${paths.bPage}/b.png`]]) {
      const { data } = anon.storage.from(bucket).getPublicUrl(path);
      const res = await fetch(data.publicUrl);
      assert.equal(res.status, 200, `${bucket}/${path}`);
      assert.deepEqual(Buffer.from(await res.arrayBuffer()), PNG_1X1);
    }
  });
});

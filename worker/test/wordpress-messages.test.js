// The workspace shows the WordPress failure texts from its own locale files (it must not import the
// worker): they are the worker's WORDPRESS_MESSAGES word for word, in the connection form
// (workspace/src/components/wordpress/locales) and as the publish_wordpress warnings of the page
// actions list (wordpress_<code>). Needs worker/dist, no database.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { WORDPRESS_MESSAGES } from '../dist/wordpress/client.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (/** @type {string} */ file) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

describe('the WordPress failure texts in the workspace', () => {
  for (const lang of /** @type {const} */ (['fr', 'en'])) {
    it(`${lang}: the same as the worker's, for every code`, () => {
      const form = read(`workspace/src/components/wordpress/locales/${lang}.json`).failure;
      const actions = read(`workspace/src/components/page-actions/locales/${lang}.json`).warnings;
      for (const [code, texts] of Object.entries(WORDPRESS_MESSAGES)) {
        assert.equal(form[code], texts[lang], `wordpress locales failure.${code}`);
        assert.equal(actions[`wordpress_${code}`], texts[lang], `page-actions warnings.wordpress_${code}`);
      }
      // and no code the worker does not have (besides the fallback)
      assert.deepEqual(Object.keys(form).filter((k) => k !== 'unknown').sort(), Object.keys(WORDPRESS_MESSAGES).sort());
    });
  }
});

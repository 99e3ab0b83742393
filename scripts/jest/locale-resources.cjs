// Stand-in for shared/src/i18n/locale-resources.webpack.ts under jest (no require.context):
// reads the same shared/src/i18n/locales/<lng>/<namespace>.json files.
const fs = require('node:fs');
const path = require('node:path');

const dir = path.resolve(__dirname, '../../shared/src/i18n/locales');

exports.loadLocaleResources = function loadLocaleResources() {
  const resources = {};
  for (const lng of fs.readdirSync(dir)) {
    if (!/^[a-z]{2}$/.test(lng)) continue;
    for (const file of fs.readdirSync(path.join(dir, lng))) {
      if (!/^[\w-]+\.json$/.test(file)) continue;
      resources[lng] = resources[lng] || {};
      resources[lng][file.replace(/\.json$/, '')] = JSON.parse(fs.readFileSync(path.join(dir, lng, file), 'utf8'));
    }
  }
  return resources;
};

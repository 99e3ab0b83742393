// Stand-in for shared/src/i18n/locale-resources.webpack.ts under jest: reads the same JSON files.
const fs = require('node:fs');
const path = require('node:path');

const dir = path.resolve(__dirname, '../../../shared/src/i18n/locales');

exports.loadLocaleResources = function loadLocaleResources() {
  const resources = {};
  if (!fs.existsSync(dir)) return resources;
  for (const lng of fs.readdirSync(dir)) {
    for (const file of fs.readdirSync(path.join(dir, lng))) {
      if (!file.endsWith('.json')) continue;
      resources[lng] = resources[lng] || {};
      resources[lng][file.replace(/\.json$/, '')] = JSON.parse(fs.readFileSync(path.join(dir, lng, file), 'utf8'));
    }
  }
  return resources;
};

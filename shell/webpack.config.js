const path = require('node:path');
const { createAppConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'shell',
  title: 'Citable — SEO x IA Content',
  // supplies a marked fallback module when a remote cannot be loaded, so the host never crashes
  runtimePlugins: [path.join(__dirname, 'src/lib/federation/error-load-remote-plugin.ts')],
});

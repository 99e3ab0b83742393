const path = require('node:path');
const { createAppConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'shell',
  title: 'Citable — SEO x IA Content',
  // supplies a marked fallback module when a remote cannot be loaded, so the host never crashes
  runtimePlugins: [path.join(__dirname, 'src/lib/federation/error-load-remote-plugin.ts')],
  // The shell provides the page's shared singletons, the Mantine facade first. With webpack's default
  // splitting, modules of the facade and of the lazy signed-in chunks (which bundle Menu, Popover…)
  // were grouped into common chunks, so every public page downloaded floating-ui & co. Unsplit, each
  // lazy chunk carries what it needs and the facade's chunk holds only the facade (public pages:
  // Mantine 90 → 67 KB gzip); the few lazy shell chunks may repeat a little code between them.
  splitChunks: false,
});

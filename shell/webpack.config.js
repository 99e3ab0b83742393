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
  // One exception: Mantine's default theme and color functions. The theme context is a shared state
  // module of its own (shared-deps.cjs), loaded by every page with the facade, and both need the
  // default theme: unsplit, every page downloaded it twice (~4.5 KB gzip). It is one chunk of its own.
  splitChunks: {
    chunks: 'async',
    cacheGroups: {
      default: false,
      defaultVendors: false,
      mantineTheme: {
        test: /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/](MantineProvider[\\/](default-theme|default-colors|color-functions[\\/]|merge-mantine-theme[\\/]|MantineCssVariables[\\/]virtual-color[\\/])|utils[\\/](deep-merge|units-converters)[\\/])/,
        name: 'mantine-theme',
        minChunks: 2,
        minSize: 0,
        enforce: true,
      },
    },
  },
});

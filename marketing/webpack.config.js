const { createAppConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'marketing',
  title: 'Citable — marketing (standalone)',
  exposes: { './MarketingApp': './src/exposes/MarketingApp.tsx', './SiteFooter': './src/exposes/SiteFooter.tsx' },
});

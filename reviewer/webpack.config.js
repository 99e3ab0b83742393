const { createAppConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'reviewer',
  title: 'Citable — reviewer (standalone)',
  exposes: { './ReviewerApp': './src/exposes/ReviewerApp.tsx' },
});

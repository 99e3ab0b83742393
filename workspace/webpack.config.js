const { createAppConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'workspace',
  title: 'Citable — workspace (standalone)',
  exposes: { './WorkspaceApp': './src/exposes/WorkspaceApp.tsx' },
});

const { createAppConfig } = require('../scripts/webpack/create-config.cjs');

/** The remote's federated surface (also read by the e2e release test, which builds a changed copy). */
const exposes = { './WorkspaceApp': './src/exposes/WorkspaceApp.tsx' };

module.exports = Object.assign(
  createAppConfig({ appDir: __dirname, name: 'workspace', title: 'Citable — workspace (standalone)', exposes }),
  { exposes },
);

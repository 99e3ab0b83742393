// Bundles prerender/render.tsx for Node (one file, no chunks), then `node dist/prerender-build/render.cjs`
// writes dist/prerender/{manifest.json,*.html,marketing.css}, dist/sitemap.xml and dist/robots.txt.
const path = require('node:path');
const webpack = require('webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

const appDir = path.resolve(__dirname, '..');
const root = path.resolve(appDir, '..');

module.exports = {
  mode: 'production',
  target: 'node20',
  context: appDir,
  entry: { render: './prerender/render.tsx' },
  output: { path: path.join(appDir, 'dist/prerender-build'), filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
  resolve: {
    extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
    modules: [path.join(root, 'node_modules'), 'node_modules'],
    // no federation here: the components the browser build bundles per chunk are plain @mantine/core
    alias: { '@citable/mantine-bundled$': '@mantine/core' },
  },
  module: {
    rules: [
      {
        test: /\.[cm]?[jt]sx?$/,
        exclude: /node_modules/,
        use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } } },
      },
      { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
    ],
  },
  plugins: [
    new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    new MiniCssExtractPlugin({ filename: 'marketing.css' }),
    new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
  ],
  optimization: { minimize: false },
  stats: 'errors-warnings',
};

// Webpack 5 + @module-federation/enhanced configuration shared by the four apps.
// Each app's webpack.config.js calls createAppConfig() with its own name, port and exposes.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { buildSharedMap, facadeAliases, productionAliases, libraryCoreShim, LIBRARY_MODE, BUNDLED_MANTINE, ROOT } = require('./shared-deps.cjs');
const { DEFAULT_PORTS } = require('@citable/server/ports');
const { BundledMantinePlugin } = require('./bundled-mantine-plugin.cjs');
const MinimizerPlugin = require('minimizer-webpack-plugin');

/**
 * The production minifier: webpack's own (minimizer-webpack-plugin, formerly terser-webpack-plugin)
 * running swc's minifier (@swc/core, already the apps' compiler through swc-loader) instead of terser.
 * Measured on the shell (2 cores): 44 s → 18 s a build, the output 0.3 % smaller gzipped.
 */
function productionMinimizer() {
  return new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, terserOptions: { compress: true, mangle: true } });
}

/** File name of the standalone pages' federation runtime (remotes only; see federation-runtime.mjs). */
const FEDERATION_RUNTIME_FILE = 'federation-runtime.js';

/**
 * A remote's own page (standalone mode) has no host to provide the federation runtime: load
 * federation-runtime.js before the page's scripts.
 */
class FederationRuntimeTagPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('FederationRuntimeTagPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('FederationRuntimeTagPlugin', (data) => {
        data.headTags.unshift(
          HtmlWebpackPlugin.createHtmlTagObject('script', { defer: true, src: `/${FEDERATION_RUNTIME_FILE}` }),
        );
        return data;
      });
    });
  }
}

/** Second compilation of a remote: the runtime its standalone page loads first. */
function federationRuntimeConfig(appDir, mode) {
  return {
    name: 'federation-runtime',
    mode,
    context: appDir,
    entry: path.join(__dirname, 'federation-runtime.mjs'),
    target: 'web',
    devtool: false,
    output: { path: path.join(appDir, 'dist'), publicPath: '/', filename: FEDERATION_RUNTIME_FILE, clean: false },
    resolve: { modules: [path.join(ROOT, 'node_modules'), 'node_modules'] },
    performance: { hints: false },
    optimization: mode === 'production' ? { minimizer: [productionMinimizer()] } : {},
    stats: 'errors-warnings',
  };
}

/**
 * @param {object} opts
 * @param {string} opts.appDir absolute directory of the app
 * @param {'shell'|'marketing'|'workspace'|'reviewer'} opts.name federation name
 * @param {Record<string,string>} [opts.exposes] remote exposes (remotes only)
 * @param {string[]} [opts.runtimePlugins] module-federation runtime plugins (host)
 * @param {string} opts.title HTML title of the standalone page
 * @param {false | object} [opts.splitChunks] webpack optimization.splitChunks (default: webpack's)
 * @param {string} [opts.sharedLibraryDir] the @citable/shared folder to build with (default: the
 *   repository's shared/; the platform e2e test builds a remote against a changed copy)
 */
function createAppConfig({ appDir, name, exposes, runtimePlugins = [], title, splitChunks, sharedLibraryDir }) {
  const isHost = !exposes;
  const libraryMode = LIBRARY_MODE[name];
  if (!libraryMode) throw new Error(`createAppConfig: no library mode for app "${name}" (shared-deps.cjs LIBRARY_MODE)`);
  const aliases = facadeAliases();
  // only the public-page apps have the facade and the bundled escape hatch; the signed-in remotes
  // import '@mantine/core' itself (bundled), as Mantine documents it
  if (libraryMode !== 'facade') delete aliases[`${BUNDLED_MANTINE}$`];
  const portVar = `${name.toUpperCase()}_PORT`;

  return (_env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const isProd = mode === 'production';
    const port = Number(process.env[portVar] || DEFAULT_PORTS[name]);

    const appConfig = {
      name,
      mode,
      context: appDir,
      entry: { main: './src/index.ts' },
      target: 'web',
      devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(appDir, 'dist'),
        // remotes are loaded from wherever their manifest is served: 'auto' follows that URL
        publicPath: isHost ? '/' : 'auto',
        // entry chunks keep a stable name (served no-cache, revalidated by ETag); split chunks are hashed
        filename: '[name].js',
        // (hashed in development too: the shell's facade chunks for providing and for consuming share
        // a name and differ in content)
        chunkFilename: '[name].[contenthash:10].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: `citable_${name}`,
        // (the remote's federation runtime is written by the second compilation)
        clean: isHost ? true : { keep: (file) => file === FEDERATION_RUNTIME_FILE },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // one copy of each package: prefer the root install over nested workspace copies
        modules: [path.join(ROOT, 'node_modules'), 'node_modules'],
        alias: isProd ? { ...aliases, ...productionAliases() } : aliases,
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !isProd } },
                  target: 'es2020',
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: [
              isProd ? MiniCssExtractPlugin.loader : 'style-loader',
              { loader: 'css-loader', options: { importLoaders: 1 } },
              {
                loader: 'postcss-loader',
                options: {
                  postcssOptions: {
                    plugins: [
                      require('postcss-preset-mantine'),
                      [
                        require('postcss-simple-vars'),
                        {
                          variables: {
                            'mantine-breakpoint-xs': '36em',
                            'mantine-breakpoint-sm': '48em',
                            'mantine-breakpoint-md': '62em',
                            'mantine-breakpoint-lg': '75em',
                            'mantine-breakpoint-xl': '88em',
                          },
                        },
                      ],
                    ],
                  },
                },
              },
            ],
          },
          { test: /\.(png|jpe?g|gif|webp|avif|svg|ico|woff2?)$/i, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          ...(exposes ? { exposes } : {}),
          // the host learns where remotes are at run time (/config.json + registerRemotes)
          remotes: {},
          shared: buildSharedMap(appDir, { mode: libraryMode, sharedLibraryDir }),
          // use the singletons already on the page instead of first downloading every registered
          // remote's entry to compare versions (the default 'version-first' does that at start)
          shareStrategy: 'loaded-first',
          experiments: {
            // browser-only runtime (drops the Node loading code)
            optimization: { target: 'web' },
            // one federation runtime per page: the host puts its runtime-core on the page, the
            // remotes' entries use it instead of each bringing a copy (−15 KB gzip per remote)
            ...(isHost ? {} : { externalRuntime: true }),
          },
          runtimePlugins: isHost
            ? [path.join(__dirname, 'provide-federation-runtime-plugin.mjs'), ...runtimePlugins]
            : runtimePlugins,
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
        }),
        // a federated library's own view of '@mantine/core' (vendor/README.md): rewritten before module
        // federation decides that the request is the shared facade
        ...(libraryMode === 'facade'
          ? [
              new webpack.NormalModuleReplacementPlugin(/^@mantine\/core$/, (resource) => {
                const shim = libraryCoreShim(resource.context);
                if (shim) resource.request = shim;
              }),
              // the components bundled from BUNDLED_MANTINE are built on the page's facade (Box, the
              // style system, CloseButton…), not on a second copy of them
              new BundledMantinePlugin(),
            ]
          : []),
        // identifies one build of an app (shown as data-build-id on the remote's root; CI can set it)
        new webpack.DefinePlugin({ 'process.env.CITABLE_BUILD_ID': JSON.stringify(process.env.CITABLE_BUILD_ID || '') }),
        new HtmlWebpackPlugin({
          template: path.join(appDir, 'public', 'index.html'),
          title,
          chunks: ['main'],
          // the page is only the app's standalone page, served at the root of its own server: absolute
          // script URLs, so deep links (/view/<id>) load /main.js, not /view/main.js
          publicPath: '/',
        }),
        ...(isHost ? [] : [new FederationRuntimeTagPlugin()]),
        ...(isProd ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css' })] : []),
      ],
      performance: { hints: false },
      optimization: {
        moduleIds: 'deterministic',
        ...(isProd ? { minimizer: [productionMinimizer()] } : {}),
        ...(splitChunks === undefined ? {} : { splitChunks }),
      },
      devServer: {
        port,
        host: process.env.HOST || 'localhost',
        hot: true,
        historyApiFallback: true,
        static: false,
        headers: isHost
          ? { 'Cache-Control': 'no-cache' }
          : {
              'Access-Control-Allow-Origin': '*',
              'Access-Control-Allow-Headers': '*',
              'Cache-Control': 'no-cache',
            },
        client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
        setupMiddlewares(middlewares, devServer) {
          // same /config.json as the production server, from the same environment variables
          devServer.app.get('/config.json', async (_req, res) => {
            try {
              const { buildRuntimeConfig } = require('@citable/server/runtime-config');
              const config = await buildRuntimeConfig(process.env);
              res.set('Cache-Control', 'no-store').json(config);
            } catch (error) {
              res.status(500).json({ error: String(error && error.message ? error.message : error) });
            }
          });
          return middlewares;
        },
      },
      stats: 'errors-warnings',
    };
    return isHost ? appConfig : [appConfig, federationRuntimeConfig(appDir, mode)];
  };
}

module.exports = { createAppConfig, FEDERATION_RUNTIME_FILE };

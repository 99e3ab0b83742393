// The module-federation runtime for a remote's standalone page (see create-config.cjs).
// Remotes are built with `experiments.externalRuntime`: their remoteEntry.js does not carry
// @module-federation/runtime-core but uses the one the host (the shell) puts on the page, so a
// public page downloads the runtime once instead of once per app. On its own page a remote has
// no host, so this script, loaded before main.js, provides it the same way the host does.
import { provideRuntimeCore } from './provide-federation-runtime-plugin.mjs';

provideRuntimeCore();

// Host runtime plugin: before the federation runtime starts, put the runtime-core the remotes
// were built without (`experiments.externalRuntime`) on the page. See federation-runtime-api.mjs.
import * as runtimeCoreForRemotes from './federation-runtime-api.mjs';

/** Puts the runtime on the page for the remotes, unless something already did. */
export function provideRuntimeCore() {
  globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCoreForRemotes;
}

export default function provideFederationRuntimePlugin() {
  return {
    name: 'citable-provide-federation-runtime',
    beforeInit(args) {
      provideRuntimeCore();
      return args;
    },
  };
}

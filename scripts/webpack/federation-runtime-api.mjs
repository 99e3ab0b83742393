// What a remote built with `experiments.externalRuntime` reads from the page's
// `_FEDERATION_RUNTIME_CORE` (the names its bundled @module-federation/runtime imports from
// @module-federation/runtime-core 2.9). The host provides exactly these, not the whole namespace
// as @module-federation/inject-external-runtime-core-plugin does, so its own runtime stays
// tree-shaken (the whole namespace cost the shell's main.js +22 KB gzip). `loadScriptNode` is left
// out: the remotes are built for the browser and only expose it behind a lazy getter.
// scripts/webpack/__tests__/federation-runtime.test.cjs checks this list against the installed runtime.
export {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

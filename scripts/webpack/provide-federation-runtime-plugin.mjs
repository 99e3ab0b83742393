// Host runtime plugin: before the federation runtime starts, put the runtime-core the remotes
// were built without (`experiments.externalRuntime`) on the page. See federation-runtime-api.mjs.
import { provideRuntimeCore } from './federation-runtime-api.mjs';

export default function provideFederationRuntimePlugin() {
  return {
    name: 'citable-provide-federation-runtime',
    beforeInit(args) {
      provideRuntimeCore();
      return args;
    },
  };
}

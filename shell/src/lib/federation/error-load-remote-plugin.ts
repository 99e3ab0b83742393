import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_LOAD_FAILED, type RemoteLoadFailure } from './remote-failure';

/**
 * Module-federation runtime plugin (runtime-plugins/offline-remote pattern): when a remote
 * cannot be loaded (server down, bad deploy), return a marked fallback module instead of
 * throwing, so the host keeps rendering; useRemoteModule turns it into the error panel.
 */
export default function errorLoadRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'citable-error-load-remote',
    errorLoadRemote(args) {
      const { id, error, lifecycle } = args;
      // only the final load step gets a fallback; earlier steps rethrow into it
      if (lifecycle !== 'onLoad') return undefined;
      const failure: RemoteLoadFailure = {
        [REMOTE_LOAD_FAILED]: true,
        id,
        message: error instanceof Error ? error.message : String(error),
      };
      if (typeof console !== 'undefined') console.error(`[federation] could not load ${id}:`, error);
      return failure;
    },
  };
}

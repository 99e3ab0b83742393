// A gateway in front of a stand-in PostgREST (any node:http server), for tests of the
// gateway's own /rest/v1 behaviour: no database, no auth, storage or mailbox.
import { createGateway } from '../src/gateway.js';

export const STAND_IN_KEY = 'test-anon-key';

/** Listens on a free loopback port; resolves the port. */
export function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}

/**
 * Starts `upstream` and a gateway proxying /rest/v1 to it (`options` go to createGateway).
 * `close()` stops both.
 * @param {import('node:http').Server} upstream
 * @param {Record<string, unknown>} [options]
 */
export async function startStandInGateway(upstream, options = {}) {
  const upstreamPort = await listen(upstream);
  const gateway = createGateway({
    anonKey: STAND_IN_KEY,
    serviceRoleKey: 'test-service-key',
    postgrest: { port: upstreamPort, state: 'ready', whenReady: async () => true },
    auth: { handle: () => {} },
    storage: { handle: () => {} },
    mailbox: { handle: () => {} },
    ...options,
  });
  const port = await listen(gateway.server);
  return {
    port,
    restQueue: gateway.restQueue,
    async close() {
      await gateway.upstream.destroy();
      gateway.server.closeAllConnections();
      await new Promise((r) => gateway.server.close(r));
      upstream.closeAllConnections();
      await new Promise((r) => upstream.close(r));
    },
  };
}

// A free TCP port (`@citable/supabase-local/free-port`): for the stand-in's own servers, and for the scripts, benches and e2e setup that must tell one process where
// another will listen before it starts (an app's origin for the backend's CORS list, say).
// Where the listening server itself can be handed port 0, do that instead: no race.
const net = require('node:net');

/**
 * A port free right now on `host` (the system picks it: listen on port 0, read it, release it).
 * @param {string} [host]
 * @returns {Promise<number>}
 */
function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * `count` distinct free ports (the system may hand out the same port twice in a row).
 * @param {number} count
 * @param {string} [host]
 * @returns {Promise<number[]>}
 */
async function freePorts(count, host) {
  const ports = new Set();
  for (let tries = 0; ports.size < count; tries += 1) {
    if (tries > count + 20) throw new Error(`could not find ${count} distinct free ports`);
    ports.add(await freePort(host));
  }
  return [...ports];
}

module.exports = { freePort, freePorts };

// Throwaway PostgreSQL cluster from Debian's packages (default: /usr/lib/postgresql/15/bin),
// used to prove the migrations run on PostgreSQL 15 as on hosted Supabase.
// startThrowawayCluster() -> { url, stop }: temp folder, free port, loopback only,
// random superuser password; stop() shuts the server down and deletes the folder.
// As root, initdb/pg_ctl run as the OS user `postgres` (runuser), which must exist.

import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../free-port.cjs';

const run = promisify(execFile);

/**
 * @param {{ binDir?: string, log?: (message: string) => void }} [options]
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startThrowawayCluster({ binDir = process.env.PG15_BIN || '/usr/lib/postgresql/15/bin', log = () => {} } = {}) {
  const initdb = path.join(binDir, 'initdb');
  const pgCtl = path.join(binDir, 'pg_ctl');
  try {
    await fs.access(initdb);
  } catch {
    throw new Error(`No PostgreSQL binaries in ${binDir} (install the Debian package postgresql-15 or set PG15_BIN)`);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'citable-pg15-'));
  const dataDir = path.join(dir, 'data');
  const password = crypto.randomBytes(18).toString('base64url');
  const pwFile = path.join(dir, 'pw');
  await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });

  /** @param {string} file @param {string[]} args */
  const exec = async (file, args) => {
    const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    const { stdout, stderr } = await run(cmd, argv, { env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' } });
    if (stdout.trim()) log(stdout.trim());
    if (stderr.trim()) log(stderr.trim());
  };

  try {
    if (isRoot) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      await fs.chown(dir, Number(stdout.trim()), Number(gid.trim()));
      await fs.chown(pwFile, Number(stdout.trim()), Number(gid.trim()));
    }
    await exec(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C.UTF-8']);
    await fs.rm(pwFile, { force: true });
    const port = await freePort();
    await exec(pgCtl, [
      '-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60',
      '-o', `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`, 'start',
    ]);
    let stopped = false;
    return {
      url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        try {
          await exec(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
        } finally {
          await fs.rm(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    let serverLog = '';
    try {
      serverLog = await fs.readFile(path.join(dir, 'server.log'), 'utf8');
    } catch {
      // no log yet
    }
    await fs.rm(dir, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not start a throwaway PostgreSQL cluster: ${reason}${serverLog ? `\n${serverLog}` : ''}`, { cause: error });
  }
}

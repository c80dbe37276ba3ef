import { spawnSync } from 'node:child_process';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';

/**
 * A throwaway PostgreSQL cluster on loopback: `initdb` into a temp directory, `pg_ctl start` on a free port
 * with the socket directory inside it, one database. One per test process, shared by its tests; `stop()`
 * (or the process ending) stops the postmaster and removes the directory. As root, the server runs as the
 * `postgres` user, since PostgreSQL refuses to run as root.
 */
export interface PostgresCluster {
  /** A `postgres://` URL for the cluster's database. */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** A URL for another database in this cluster, created on first request. */
  database(name: string): Promise<string>;
  /** Stops the server (fast shutdown: open connections are cut, as when a server goes away). */
  halt(): Promise<void>;
  /** Starts a halted server again on the same port. */
  resume(): Promise<void>;
  /** False between `halt` and `resume`. */
  readonly running: boolean;
  /** Stops the server and removes its files. */
  stop(): Promise<void>;
}

const USER = 'ep';
const DATABASE = 'ep';

/** Where the PostgreSQL server binaries are: `$EP_PG_BIN`, else the newest /usr/lib/postgresql/<n>/bin. */
export function postgresBinDir(): string {
  if (process.env.EP_PG_BIN) return process.env.EP_PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((entry) => existsSync(path.join(root, entry, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error('No PostgreSQL server binaries: install postgresql (apt-get install postgresql) or set EP_PG_BIN.');
  return path.join(root, versions[0]!, 'bin');
}

let shared: Promise<PostgresCluster> | undefined;

/** The test process's cluster, started on first use. */
export function sharedPostgresCluster(): Promise<PostgresCluster> {
  return (shared ??= startPostgresCluster());
}

/** Stops the shared cluster if one was started. */
export async function stopSharedPostgresCluster(): Promise<void> {
  const cluster = shared;
  shared = undefined;
  if (cluster) await (await cluster).stop();
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const root = await mkdtemp(path.join(os.tmpdir(), 'ep-pg-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'socket');
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    return asRoot ? execa('runuser', ['-u', 'postgres', '--', command, ...args]) : execa(command, args);
  };
  await chmod(root, 0o700);
  if (asRoot) {
    const { uid, gid } = postgresUser();
    await chown(root, uid, gid);
  }
  await run('initdb', ['-D', dataDir, '-U', USER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
  await execa(asRoot ? 'runuser' : 'mkdir', asRoot ? ['-u', 'postgres', '--', 'mkdir', socketDir] : [socketDir]);
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${socketDir} -c fsync=off -c max_connections=200`;
  const start = () => run('pg_ctl', ['start', '-D', dataDir, '-w', '-s', '-l', path.join(root, 'server.log'), '-o', options]);
  const halt = () => run('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-s']).then(() => undefined);
  await start();
  let running = true;
  const onExit = () => {
    if (running) stopSync(bin, dataDir, asRoot);
  };
  process.once('exit', onExit);
  const base = `postgres://${USER}@127.0.0.1:${port}`;
  const created = new Set<string>();
  const createDatabase = (name: string) => run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', USER, name]);
  await createDatabase(DATABASE);
  created.add(DATABASE);
  return {
    get running() {
      return running;
    },
    url: `${base}/${DATABASE}`,
    port,
    dataDir,
    async database(name) {
      if (!created.has(name)) {
        await createDatabase(name);
        created.add(name);
      }
      return `${base}/${name}`;
    },
    async halt() {
      await halt();
      running = false;
    },
    async resume() {
      await start();
      running = true;
    },
    async stop() {
      process.removeListener('exit', onExit);
      if (running) await halt().catch(() => undefined);
      running = false;
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** On process exit only synchronous work runs: stop the postmaster so none is left behind. */
function stopSync(bin: string, dataDir: string, asRoot: boolean): void {
  const command = path.join(bin, 'pg_ctl');
  const args = ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-s'];
  if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', command, ...args]);
  else spawnSync(command, args);
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
}

function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('Running as root, but there is no `postgres` user to run the server as.');
  const fields = line.split(':');
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

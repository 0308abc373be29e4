// A throwaway PostgreSQL cluster for the tests that stop and start the database under a running server: the
// machine's shared server is never restarted. Uses Debian's binaries; as root, runs them as `postgres`.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PgCluster {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** The newest Debian PostgreSQL binaries, or undefined. */
function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], 'bin');
}

async function idOf(user: string): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const uid = Number((await run('id', ['-u', user])).stdout.trim());
    const gid = Number((await run('id', ['-g', user])).stdout.trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/**
 * Why a cluster cannot be made here (no binaries, root without a `postgres` user or `runuser`), or
 * undefined when it can.
 */
export async function clusterUnavailable(): Promise<string | undefined> {
  if (!binDir()) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin';
  if (process.getuid?.() === 0) {
    if (!(await idOf('postgres'))) return 'running as root and there is no postgres user to run initdb as';
    if (!existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) return 'running as root without runuser';
  }
  return undefined;
}

/** Initialises and starts a cluster in a temporary directory on `port` (loopback, trust authentication). */
export async function createCluster(port: number): Promise<PgCluster> {
  const bin = binDir() as string;
  const root = await mkdtemp(path.join(tmpdir(), 'flood-pg-'));
  const data = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? await idOf('postgres') : undefined;
  await mkdir(data);
  if (owner) {
    await chown(root, owner.uid, owner.gid);
    await chown(data, owner.uid, owner.gid);
  }
  const pgRun = (cmd: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]) : run(path.join(bin, cmd), args);
  await pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '-N']);
  // The OS keeps what an immediate stop leaves unflushed, so fsync only slows the test down.
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const ctl = (...args: string[]) => pgRun('pg_ctl', ['-D', data, '-l', path.join(root, 'log'), ...args]);
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      await ctl('-o', options, '-w', '-t', '60', 'start');
    },
    // Immediate: every backend is killed without a checkpoint, as when the database machine dies.
    stop: async () => {
      await ctl('-m', 'immediate', '-w', 'stop');
    },
    destroy: async () => {
      await ctl('-m', 'immediate', 'stop').catch(() => {});
      await rm(root, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

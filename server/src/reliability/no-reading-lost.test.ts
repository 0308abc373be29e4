// Issue #11 item 2: 20,000 readings pushed by retrying data loggers while the server is killed (SIGKILL)
// and restarted twice; afterwards the database holds exactly the readings sent, once each. Embedded database
// always; PostgreSQL when TEST_DATABASE_URL is set (a database created for the run).
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import {
  expectedMap,
  failureSignal,
  freePort,
  killServer,
  makeReadings,
  openEmbedded,
  prepareDatabase,
  pushAll,
  readingsInDb,
  rollupMismatches,
  type ServerProcess,
  startServer,
  stopServer,
  unlessFailed,
} from './harness';

const STATIONS = 20;
const PER_STATION = 1000;
const CLIENTS = 16;

interface Target {
  /** Opens the database (the server must not be running on an embedded one). */
  open(): Promise<Database>;
  dataDir: string;
  databaseUrl?: string;
}

async function killedTwice(target: Target) {
  const setup = await target.open();
  const stations = await prepareDatabase(setup, STATIONS);
  await setup.close();
  const readings = makeReadings(stations, PER_STATION);
  const port = await freePort();
  const serverOpts = { port, dataDir: target.dataDir, databaseUrl: target.databaseUrl };
  let server: ServerProcess = await startServer(serverOpts);
  // Two kills at random points of the run (between 15–40 % and 55–80 % of the readings acknowledged).
  const killAt = [0.15 + Math.random() * 0.25, 0.55 + Math.random() * 0.25].map((f) => Math.round(f * readings.length));
  const kills: string[] = [];
  const { failure, fail } = failureSignal();
  let restarting: Promise<void> = Promise.resolve();
  const onAck = (acked: number) => {
    if (kills.length < killAt.length && acked >= (killAt[kills.length] as number)) {
      kills.push(`at ${acked}`);
      const dying = server;
      restarting = restarting.then(async () => {
        await killServer(dying);
        server = await startServer(serverOpts);
      });
      restarting.catch(fail);
    }
  };
  try {
    const pushing = pushAll(port, readings, { concurrency: CLIENTS, onAck, deadlineMs: 150_000 });
    const stats = await unlessFailed(pushing.done, failure, pushing.abort);
    await restarting;
    expect(kills).toHaveLength(2);
    // The kills interrupted pushes that the loggers then sent again.
    expect(stats.retries).toBeGreaterThan(0);
    expect(stats.acked).toBe(readings.length);
    // Killed once more right after the last acknowledgement: nothing acknowledged may still sit in memory.
    expect(await killServer(server)).toBe('SIGKILL');
  } finally {
    await stopServer(server);
  }
  const check = await target.open();
  try {
    const stored = await readingsInDb(check);
    const expected = expectedMap(readings);
    expect(stored.size).toBe(expected.size);
    const wrong = [...expected].filter(([k, v]) => stored.get(k) !== v).slice(0, 5);
    expect(wrong).toEqual([]);
    expect(await rollupMismatches(check)).toEqual([]);
  } finally {
    await check.close();
  }
}

describe('no reading lost when the server is killed', () => {
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'embedded database: 20,000 readings, two SIGKILLs, every reading stored once',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'flood-rel-'));
      await chmod(dataDir, 0o755); // reachable by the embedded PostgreSQL's user when run as root
      try {
        await killedTwice({ dataDir, open: () => openEmbedded(dataDir) });
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: 20,000 readings, two SIGKILLs of the server, every reading stored once',
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL as string;
      const name = `flood_rel_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const dataDir = await mkdtemp(path.join(tmpdir(), 'flood-rel-'));
      await chmod(dataDir, 0o755); // reachable by the embedded PostgreSQL's user when run as root
      try {
        await killedTwice({
          dataDir,
          databaseUrl: url.toString(),
          open: () => openDatabase({ url: url.toString(), poolSize: 2 }),
        });
      } finally {
        await rm(dataDir, { recursive: true, force: true });
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      }
    },
    180_000,
  );
});

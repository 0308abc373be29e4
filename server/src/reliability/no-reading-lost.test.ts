// Issue #11 item 2: 20,000 readings pushed by retrying data loggers while the server is killed (SIGKILL)
// and restarted twice; afterwards the database holds exactly the readings sent, once each. Embedded database
// always; PostgreSQL when TEST_DATABASE_URL is set (a database created for the run).
import { describe, expect, it } from 'vitest';
import {
  expectedMap,
  failureSignal,
  freePort,
  killServer,
  makeReadings,
  onFreshTarget,
  prepareDatabase,
  pushAll,
  readingsInDb,
  rollupMismatches,
  type ServerProcess,
  startServer,
  stopServer,
  type Target,
  unlessFailed,
} from './harness';

const STATIONS = 20;
const PER_STATION = 1000;
const CLIENTS = 16;

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
    () => onFreshTarget('embedded', killedTwice),
    180_000,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: 20,000 readings, two SIGKILLs of the server, every reading stored once',
    () => onFreshTarget('postgres', killedTwice),
    180_000,
  );
});

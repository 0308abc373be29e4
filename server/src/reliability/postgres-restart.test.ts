// Issue #11 item 2: PostgreSQL goes down (immediate stop) and comes back while data loggers push. The server
// is not restarted: /api/health reports the outage while it lasts and recovers by itself, and every reading
// arrives. Runs on its own throwaway cluster, in the PostgreSQL stage (TEST_DATABASE_URL set).
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { tempDataDir } from '../test/temp-dir';
import {
  expectedMap,
  failureSignal,
  freePort,
  health,
  makeReadings,
  prepareDatabase,
  pushAll,
  readingsInDb,
  rollupMismatches,
  type ServerProcess,
  sleep,
  startServer,
  stopServer,
  unlessFailed,
} from './harness';
import { clusterUnavailable, createCluster, type PgCluster } from './pg-cluster';

const unavailable = process.env.TEST_DATABASE_URL ? await clusterUnavailable() : 'TEST_DATABASE_URL is not set';
if (unavailable) process.stdout.write(`postgres-restart.test.ts skipped: ${unavailable}\n`);

/** Polls /api/health until it answers `status` (the outage or the recovery is seen by the server). */
async function healthBecomes(port: number, status: number, withinMs: number) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const h = await health(port);
    if (h?.status === status) return h;
    if (Date.now() > deadline) throw new Error(`health did not answer ${status}: ${JSON.stringify(h)}`);
    await sleep(200);
  }
}

describe.skipIf(unavailable)('PostgreSQL restarted under a running server', () => {
  it('health reports the outage, the server reconnects by itself, every reading arrives', async () => {
    const pgPort = await freePort();
    const cluster: PgCluster = await createCluster(pgPort);
    const dataDir = await tempDataDir('flood-rel-');
    let server: ServerProcess | undefined;
    try {
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query('CREATE DATABASE flood');
      await admin.end();
      const url = cluster.url.replace(/\/postgres$/, '/flood');
      const setup = await openDatabase({ url, poolSize: 2 });
      const stations = await prepareDatabase(setup, 20);
      await setup.close();
      const readings = makeReadings(stations, 500);

      const port = await freePort();
      server = await startServer({ port, dataDir, databaseUrl: url });
      const running = server;
      const pid = running.child.pid;
      const { failure, fail } = failureSignal();
      void running.exited.then((how) => fail(new Error(`the server ended (${how}):\n${running.stderr()}`)));
      let outage: Promise<{ down: unknown; retriesDuring: number }> | undefined;
      const pushing = pushAll(port, readings, {
        concurrency: 16,
        deadlineMs: 150_000,
        onAck: (acked) => {
          if (outage || acked < readings.length * 0.3) return;
          outage = (async () => {
            await cluster.stop();
            const retriesBefore = pushing.stats.retries;
            const down = await healthBecomes(port, 503, 30_000);
            // Pushes keep failing while the database is away; the loggers retry them.
            while (pushing.stats.retries === retriesBefore) await sleep(50);
            const retriesDuring = pushing.stats.retries - retriesBefore;
            await cluster.start();
            return { down, retriesDuring };
          })();
          outage.catch(fail);
        },
      });
      const stats = await unlessFailed(pushing.done, failure, pushing.abort);
      const { down, retriesDuring } = await unlessFailed(outage as NonNullable<typeof outage>, failure, () => {});
      expect(down).toEqual({
        status: 503,
        body: expect.objectContaining({ status: 'degraded', database: expect.objectContaining({ ok: false }) }),
      });
      expect(retriesDuring).toBeGreaterThan(0);
      // The pushes the server could not store were told to come back (503 + Retry-After), not that it broke.
      expect(stats.failedStatuses[503]).toBeGreaterThan(0);
      expect(stats.failedStatuses[500] ?? 0).toBe(0);
      expect(await healthBecomes(port, 200, 30_000)).toMatchObject({ body: { status: 'ok', database: { ok: true } } });
      // The same process throughout: nothing restarted the server.
      expect(running.child.pid).toBe(pid);
      expect(running.child.exitCode).toBeNull();
      expect(stats.acked).toBe(readings.length);
      await stopServer(server);

      const check = await openDatabase({ url, poolSize: 2 });
      try {
        const stored = await readingsInDb(check);
        const expected = expectedMap(readings);
        expect(stored.size).toBe(expected.size);
        expect([...expected].filter(([k, v]) => stored.get(k) !== v).slice(0, 5)).toEqual([]);
        expect(await rollupMismatches(check)).toEqual([]);
      } finally {
        await check.close();
      }
    } finally {
      if (server) await stopServer(server);
      await cluster.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

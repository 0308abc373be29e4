import { createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/errors';
import { openTestDatabase } from '../test/test-db';
import { CONNECT_TIMEOUT_MS, openDatabase, PING_TIMEOUT_MS } from './client';

describe('PostgreSQL that accepts the connection and never answers', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let port = 0;
  beforeAll(async () => {
    // Like a host behind a cut network or a stuck failover: TCP connects, the startup message gets no reply.
    silent = createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it(`fails the query after CONNECT_TIMEOUT_MS (${CONNECT_TIMEOUT_MS} ms), as an outage the API answers 503`, async () => {
    const database = await openDatabase({ url: `postgres://flood@127.0.0.1:${port}/flood`, poolSize: 1 });
    const started = Date.now();
    try {
      const error = await database.db.execute(sql`select 1`).then(
        () => undefined,
        (e: unknown) => e,
      );
      const took = Date.now() - started;
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(took).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
      expect(took).toBeLessThan(CONNECT_TIMEOUT_MS + 3_000);
    } finally {
      await database.close();
    }
  }, 20_000);

  it(`fails the health ping sooner, after PING_TIMEOUT_MS (${PING_TIMEOUT_MS} ms)`, async () => {
    const database = await openDatabase({ url: `postgres://flood@127.0.0.1:${port}/flood`, poolSize: 1 });
    const started = Date.now();
    try {
      const error = await database.ping().then(
        () => undefined,
        (e: unknown) => e,
      );
      const took = Date.now() - started;
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(took).toBeGreaterThanOrEqual(PING_TIMEOUT_MS - 100);
      expect(took).toBeLessThan(PING_TIMEOUT_MS + 1_000);
    } finally {
      await database.close();
    }
  }, 20_000);
});

describe('a connection lost in the middle of a transaction', () => {
  it('fails the transaction as an outage (503) instead of crashing the process with an unhandled error event', async () => {
    // A PANIC (a full disk's WAL) or an administrator ends every backend, also one holding a transaction between
    // two statements: node-postgres then emits 'error' on the checked-out client, which the pool does not listen
    // to while the client is lent out. Without a listener that event would end the whole portal.
    const database = await openTestDatabase();
    const admin = await openTestDatabase();
    try {
      const error = await database.db
        .transaction(async (tx) => {
          const r = await tx.execute(sql`select pg_backend_pid() as pid`);
          const pid = Number((r as unknown as { rows: { pid: number }[] }).rows[0]?.pid);
          await admin.db.execute(sql`select pg_terminate_backend(${pid})`);
          await sleep(300); // the 57P01 message and the end of the socket arrive while no statement runs
          await tx.execute(sql`select 1`);
        })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
      // The pool drops the broken client and the next statement gets a new connection.
      await database.ping();
    } finally {
      await admin.close();
      await database.close();
    }
  });
});

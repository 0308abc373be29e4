import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import type { EmailGateway } from '../../lib/email-gateway';
import { createMemoryEventBus } from '../../lib/events';
import { createHttpSmsGateway, type SmsGateway } from '../../lib/sms-gateway';
import { openTestDatabase } from '../../test/test-db';
import { createDispatcher, INTERRUPTED_HELD_ERROR } from './dispatcher';
import { messageOutbox, smsAttempts } from './sms-admin.table';

/**
 * A fake SMS provider over HTTP: it answers 2xx (or 503 while `failures` lasts) and keeps every request.
 * With `dedupe`, it delivers an `Idempotency-Key` once, as a provider that de-duplicates does.
 */
interface ProviderRequest {
  key: string | undefined;
  id: string;
  to: string;
}
const provider = { requests: [] as ProviderRequest[], delivered: [] as string[], dedupe: false, failures: 0 };
let server: Server;
let url: string;
const bus = createMemoryEventBus();
const logger = pino({ level: 'silent' });
const email: EmailGateway = { name: 'none', send: async () => {} };
let database: Database;
let db: Db;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      const parsed = JSON.parse(body) as { to: string; id: string };
      const key = req.headers['idempotency-key'] as string | undefined;
      provider.requests.push({ key, id: parsed.id, to: parsed.to });
      if (provider.failures > 0) {
        provider.failures--;
        res.writeHead(503).end('{}');
        return;
      }
      if (!(provider.dedupe && key && provider.delivered.includes(key))) provider.delivered.push(key ?? parsed.id);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"accepted"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  database = await openTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database?.close();
});
beforeEach(async () => {
  Object.assign(provider, { requests: [], delivered: [], dedupe: false, failures: 0 });
  // Every test starts with an empty outbox (a message of an earlier test must not be claimed by the next).
  await db.delete(messageOutbox);
});

const http = (idempotent: boolean) =>
  createHttpSmsGateway({
    url,
    method: 'POST',
    bodyTemplate: '{"to":"{{phone}}","text":"{{message}}","id":"{{id}}"}',
    headers: {},
    timeoutMs: 5000,
    idempotent,
  });

/** A 200 ms claim lock by default, so that a crashed claim is taken over within the test. */
const dispatcher = (sms: SmsGateway, database: Db = db, lockMs = 200) =>
  createDispatcher({ db: database, sms, email, bus, logger, lockMs, backoffMs: () => 0 });

/** A gateway whose process dies once the provider took the message: the call never returns. */
const dyingAfterSend = (gateway: SmsGateway): SmsGateway => ({
  name: gateway.name,
  afterInterruption: gateway.afterInterruption,
  send: async (m) => {
    await gateway.send(m);
    await new Promise(() => {});
  },
});

async function queue(recipient = '0912000001') {
  const [row] = await db
    .insert(messageOutbox)
    .values({ name: 'Trưởng thôn', channel: 'sms', recipient, body: 'CANH BAO LU', nextAttemptAt: new Date(0) })
    .returning();
  return row!;
}
const historyOf = async (id: number) => (await db.select().from(messageOutbox).where(eq(messageOutbox.id, id)))[0]!;
const attemptsOf = (id: number) =>
  db
    .select({ no: smsAttempts.attemptNo, outcome: smsAttempts.outcome, finished: smsAttempts.finishedAt })
    .from(smsAttempts)
    .where(eq(smsAttempts.smsHistoryId, id))
    .orderBy(asc(smsAttempts.attemptNo));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 100 && !(await check()); i++) await sleep(20);
}

/** Process A claims the message, the provider takes it, A dies before recording; its lock (200 ms) runs out. */
async function crashAfterProviderTook(gateway: SmsGateway) {
  void dispatcher(dyingAfterSend(gateway)).runOnce();
  await until(() => provider.requests.length === 1);
  expect(provider.requests).toHaveLength(1);
  await sleep(300);
}

describe('idempotency key of the HTTP gateway', () => {
  it('the provider receives the message id as Idempotency-Key, the same on the retry after an error', async () => {
    const m = await queue();
    provider.failures = 1;
    const d = dispatcher(http(true));
    await d.runOnce(); // 503: retried (backoff 0)
    await d.runOnce();
    const key = `sms-history-${m.id}`;
    expect(provider.requests).toEqual([
      { key, id: key, to: '0912000001' },
      { key, id: key, to: '0912000001' },
    ]);
    expect(await historyOf(m.id)).toMatchObject({ status: 'SUCCESS', attempts: 2 });
    expect((await attemptsOf(m.id)).map((a) => [a.no, a.outcome])).toEqual([
      [1, 'ERROR'],
      [2, 'SENT'],
    ]);
  });
});

describe('a crash while the provider has the message', () => {
  it('the attempt is recorded before the provider is called', async () => {
    const m = await queue();
    let seen: Awaited<ReturnType<typeof attemptsOf>> = [];
    const spy: SmsGateway = {
      name: 'spy',
      send: async () => {
        seen = await attemptsOf(m.id);
      },
    };
    await dispatcher(spy).runOnce();
    expect(seen).toEqual([{ no: 1, outcome: null, finished: null }]);
    expect((await attemptsOf(m.id)).map((a) => a.outcome)).toEqual(['SENT']);
  });

  it('a provider that does not de-duplicate is not sent it again: the message is UNCERTAIN', async () => {
    const m = await queue();
    await crashAfterProviderTook(http(false));
    // The restarted process finds the claim expired and the attempt unfinished.
    const restarted = dispatcher(http(false));
    expect(await restarted.runOnce()).toBe(1);
    await sleep(300);
    await restarted.runOnce(); // and it is not taken again later either
    expect(provider.requests).toHaveLength(1);
    expect(await historyOf(m.id)).toMatchObject({
      status: 'UNCERTAIN',
      attempts: 1,
      lastError: INTERRUPTED_HELD_ERROR,
      lockedUntil: null,
    });
    expect((await attemptsOf(m.id)).map((a) => a.outcome)).toEqual(['INTERRUPTED']);
  });

  it('a provider that de-duplicates gets it again with the same key, and delivers it once', async () => {
    provider.dedupe = true;
    const m = await queue();
    await crashAfterProviderTook(http(true));
    await dispatcher(http(true)).runOnce();
    const key = `sms-history-${m.id}`;
    expect(provider.requests.map((r) => r.key)).toEqual([key, key]);
    expect(provider.delivered).toEqual([key]);
    expect(await historyOf(m.id)).toMatchObject({ status: 'SUCCESS', attempts: 2, lastError: null });
    expect((await attemptsOf(m.id)).map((a) => [a.no, a.outcome])).toEqual([
      [1, 'INTERRUPTED'],
      [2, 'SENT'],
    ]);
  });

  it('a database failure after the provider accepted is not taken for a failed send (no retry, no resend)', async () => {
    const m = await queue();
    // The outcome cannot be written once the provider has answered (the database went away).
    let broken = false;
    const flaky = new Proxy(db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop !== 'execute') return value;
        return (...args: unknown[]) => {
          if (broken) return Promise.reject(new Error('connection terminated'));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as Db;
    const gateway = http(false);
    await dispatcher(
      {
        ...gateway,
        send: async (msg) => {
          await gateway.send(msg);
          broken = true;
        },
      },
      flaky,
    )
      .runOnce()
      .catch(() => {}); // its next claim fails too
    expect(provider.requests).toHaveLength(1);
    await sleep(300);
    await dispatcher(gateway).runOnce();
    expect(provider.requests).toHaveLength(1);
    expect(await historyOf(m.id)).toMatchObject({ status: 'UNCERTAIN' });
  });

  it('a message claimed by a process that died before calling the provider is sent, held or not', async () => {
    const m = await queue();
    // What such a crash leaves: claimed (attempts 1, lock run out), no attempt started.
    await db
      .update(messageOutbox)
      .set({ attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(messageOutbox.id, m.id));
    await dispatcher(http(false)).runOnce();
    expect(provider.requests).toHaveLength(1);
    expect(await historyOf(m.id)).toMatchObject({ status: 'SUCCESS', attempts: 2 });
    expect((await attemptsOf(m.id)).map((a) => [a.no, a.outcome])).toEqual([[2, 'SENT']]);
  });

  it('two processes sharing the outbox (SKIP LOCKED) send each message once', async () => {
    const ids = [];
    for (let i = 0; i < 20; i++) ids.push((await queue(`09120000${String(i).padStart(2, '0')}`)).id);
    // Claims that do not expire while held (on a loaded machine 20 sends outlast a 200 ms lock, and a lock that
    // ran out is taken over by design): what is proved here is that SKIP LOCKED splits the outbox.
    await Promise.all([dispatcher(http(false), db, 60_000).runOnce(), dispatcher(http(false), db, 60_000).runOnce()]);
    expect(provider.requests).toHaveLength(20);
    expect(new Set(provider.requests.map((r) => r.key)).size).toBe(20);
    for (const id of ids) expect((await attemptsOf(id)).map((a) => a.outcome)).toEqual(['SENT']);
  });
});

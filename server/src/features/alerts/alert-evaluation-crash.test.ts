// Issue #19 item 3: a reading that was acknowledged is evaluated for alerts even when the process dies before
// its in-memory event is handled — once in effect, whoever evaluates it and however often.
import { DEFAULT_WEB_PARAMETERS } from '@flood/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createMemoryEventBus, type EventBus } from '../../lib/events';
import type { SmsGateway } from '../../lib/sms-gateway';
import { ONE_READING_ALERTS, setWebParameters } from '../../test/factories';
import { pushTime } from '../../test/push-time';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-db';
import { liveSince } from '../readings/reading-rules';
import { insertReadingsBatch } from '../readings/readings.repository';
import { insertStation } from '../stations/stations.repository';
import { createAlertEngine } from './alert-engine';
import { alerts } from './alerts.table';
import { messageOutbox, smsRecipients } from './sms-admin.table';

/** A bus that loses every event: what a process that dies right after the acknowledgement leaves behind. */
const deadBus: EventBus = { publish: () => {}, subscribe: () => () => {}, since: () => [] };

/** A logger that keeps the errors, so a failed evaluation fails the test instead of passing unnoticed. */
function recordingLogger(errors: unknown[]): FastifyBaseLogger {
  const noop = () => {};
  const logger = {
    level: 'error',
    fatal: (...a: unknown[]) => errors.push(a),
    error: (...a: unknown[]) => errors.push(a),
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

async function pending(database: Database, stationId: number): Promise<{ seq: number }[]> {
  return rowsOf<{ seq: string | number }>(
    await database.db.execute(sql`select seq from alert_evaluations_pending where station_id = ${stationId}`),
  ).map((r) => ({ seq: Number(r.seq) }));
}

async function alertsOf(database: Database, stationId: number) {
  return database.db.select().from(alerts).where(eq(alerts.stationId, stationId));
}

/** The outbox rows of a station's alerts, counted per recipient and channel. */
async function messagesOf(database: Database, stationId: number): Promise<Record<string, number>> {
  const rows = await database.db
    .select({ recipient: messageOutbox.recipient, channel: messageOutbox.channel })
    .from(messageOutbox)
    .innerJoin(alerts, eq(alerts.id, messageOutbox.alertId))
    .where(eq(alerts.stationId, stationId));
  const out: Record<string, number> = {};
  for (const r of rows) out[`${r.channel}:${r.recipient}`] = (out[`${r.channel}:${r.recipient}`] ?? 0) + 1;
  return out;
}

describe('an acknowledged reading is evaluated even if the process dies before its event', () => {
  let database: Database;
  let second: TestContext | undefined;
  const sent: string[] = [];
  const gateway: SmsGateway = {
    name: 'test',
    async send(m) {
      sent.push(`${m.to}|${m.body}`);
    },
  };
  let station: { id: number; pushKey: string };
  const ONE_EACH = { 'sms:0911000001': 1, 'sms:0911000002': 1, 'email:b@bache.local': 1 };

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await second?.app.close();
    await database?.close();
  });

  it('a reading stored before the process died raises its alert in the next process, once, with one message per recipient', async () => {
    // The first process: stores the reading and answers 200, and its event is lost (it 'dies' before
    // handling it — no evaluation runs); then it goes away without evaluating anything.
    const first = await createTestApp({}, database, { bus: deadBus, sms: gateway });
    await first.app.ready();
    await setWebParameters(first.db, ONE_READING_ALERTS, { bus: first.bus });
    const staff = await createUser(first.db, { functions: ['system', 'database', 'sms'] });
    const token = (await login(first.app, staff.user.email, staff.password)).token;
    const api = (url: string, payload: Record<string, unknown>) =>
      first.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    const created = await api('/api/station', {
      code: 'F01901',
      name: 'Trạm Sông Ba Chẽ',
      description: 'cầu Ba Chẽ',
      lat: 21.27,
      long: 107.29,
      warningLevel1: 30,
      warningLevel2: 50,
      warningLevel3: 70,
    });
    expect(created.statusCode).toBe(200);
    station = created.json();
    expect((await api('/api/sms-user', { name: 'A', phone: '0911000001' })).statusCode).toBe(200);
    expect((await api('/api/sms-user', { name: 'B', phone: '0911000002', email: 'b@bache.local' })).statusCode).toBe(
      200,
    );
    const q = new URLSearchParams({
      stationCode: 'F01901',
      ...pushTime(new Date(Date.now() - 60_000)),
      value: '82',
      key: station.pushKey,
    });
    const ack = await first.app.inject({ method: 'GET', url: `/api/receive-water-level?${q}` });
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toMatchObject({ ok: true, stored: true });
    // The evaluation owed was stored with the reading.
    expect(await pending(database, station.id)).toEqual([{ seq: 1 }]);
    await first.app.alertEngine.idle();
    await first.app.close();
    expect(await alertsOf(database, station.id)).toEqual([]);

    // The next process on the same database evaluates it at start.
    second = await createTestApp({}, database, {
      bus: createMemoryEventBus(),
      sms: gateway,
      dispatch: { backoffMs: () => 0, pollMs: 50 },
    });
    await second.app.ready();
    await second.app.alertEngine.idle();
    const raised = await alertsOf(database, station.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ kind: 'WATER_LEVEL', level: 3, value: 82, clearedAt: null });
    expect(await messagesOf(database, station.id)).toEqual(ONE_EACH);
    expect(await pending(database, station.id)).toEqual([]);
    // And the outbox delivers them once.
    const end = Date.now() + 10_000;
    while (sent.length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 200));
    expect(sent.filter((s) => s.startsWith('0911000001|'))).toHaveLength(1);
    expect(sent.filter((s) => s.startsWith('0911000002|'))).toHaveLength(1);
  });

  it('evaluating the same state again (the record queued twice, two engines at once) opens no second alert and queues no second message', async () => {
    const app = second!.app;
    const other = createAlertEngine({
      db: database.db,
      bus: deadBus,
      webParameters: async () => ({ ...DEFAULT_WEB_PARAMETERS, ...ONE_READING_ALERTS }),
      dispatcher: { wake: () => {} },
      logger: app.log,
      now: () => new Date(),
    });
    for (let round = 0; round < 2; round++) {
      await database.db.execute(sql`insert into alert_evaluations_pending (station_id) values (${station.id})`);
      await Promise.all([
        app.alertEngine.schedule(station.id),
        app.alertEngine.processLeftovers(),
        other.schedule(station.id),
      ]);
      await app.alertEngine.idle();
      await other.idle();
    }
    other.stop();
    const raised = await alertsOf(database, station.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ level: 3, clearedAt: null });
    expect(await messagesOf(database, station.id)).toEqual(ONE_EACH);
    expect(await pending(database, station.id)).toEqual([]);
  });

  it('two processes taking the same new evaluation at once raise one alert and queue one message per recipient', async () => {
    const id = await insertStation(database.db, {
      code: 'F01902',
      name: 'Trạm Khe Lạc',
      description: 'khe',
      kind: 'water',
      latitude: 21.28,
      longitude: 107.3,
      warningLevel1: 30,
      warningLevel2: 50,
      warningLevel3: 70,
      pushKey: 'key-F01902',
    });
    // Stored with its record by a process that died before its event was handled.
    await insertReadingsBatch(database.db, [{ stationId: id, observedAt: new Date(Date.now() - 120_000), value: 75 }], {
      evaluateSince: liveSince(new Date()),
    });
    const errors: unknown[] = [];
    const engines = [0, 1].map(() =>
      createAlertEngine({
        db: database.db,
        bus: deadBus,
        webParameters: async () => ({ ...DEFAULT_WEB_PARAMETERS, ...ONE_READING_ALERTS }),
        dispatcher: { wake: () => {} },
        logger: recordingLogger(errors),
        now: () => new Date(),
      }),
    );
    await Promise.all(engines.flatMap((e) => [e.processLeftovers(), e.schedule(id)]));
    await Promise.all(engines.map((e) => e.idle()));
    for (const e of engines) e.stop();
    expect(errors).toEqual([]);
    expect(await alertsOf(database, id)).toHaveLength(1);
    expect(await messagesOf(database, id)).toEqual(ONE_EACH);
    expect(await pending(database, id)).toEqual([]);
  });
});

describe('a reading stored while its station is being evaluated', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('keeps its record (the evaluation under way did not see it) and is evaluated next', async () => {
    const id = await insertStation(database.db, {
      code: 'F01903',
      name: 'Trạm Đồn Đạc',
      description: 'bến',
      kind: 'water',
      latitude: 21.3,
      longitude: 107.3,
      warningLevel1: 30,
      warningLevel2: 50,
      warningLevel3: 70,
      pushKey: 'key-F01903',
    });
    await database.db.insert(smsRecipients).values({ name: 'A', phone: '0911000001' });
    const first = new Date(Date.now() - 10 * 60_000);
    await insertReadingsBatch(database.db, [{ stationId: id, observedAt: first, value: 55 }], {
      evaluateSince: liveSince(new Date()),
    });
    // The engine's clock is read in the middle of the evaluation, inside its transaction: the newer reading
    // is stored from there (not awaited — it waits for the evaluation's lock on the record).
    let armed = false;
    let during: Promise<unknown> | undefined;
    const now = () => {
      if (armed) {
        armed = false;
        during = insertReadingsBatch(
          database.db,
          [{ stationId: id, observedAt: new Date(first.getTime() + 5 * 60_000), value: 80 }],
          { evaluateSince: liveSince(new Date()) },
        );
      }
      return new Date();
    };
    const errors: unknown[] = [];
    const engine = createAlertEngine({
      db: database.db,
      bus: deadBus,
      webParameters: async () => ({ ...DEFAULT_WEB_PARAMETERS, ...ONE_READING_ALERTS }),
      dispatcher: { wake: () => {} },
      logger: recordingLogger(errors),
      now,
    });
    armed = true;
    await engine.schedule(id);
    expect(during).toBeDefined();
    await during;
    expect(errors).toEqual([]);
    // The evaluation recorded level II from the first reading; the second reading's record is there.
    const [opened] = await alertsOf(database, id);
    expect(opened).toMatchObject({ level: 2, value: 55 });
    expect(await pending(database, id)).toHaveLength(1);
    expect(await messagesOf(database, id)).toEqual({ 'sms:0911000001': 1 });

    await engine.processLeftovers();
    await engine.idle();
    engine.stop();
    expect(errors).toEqual([]);
    const after = await alertsOf(database, id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: opened!.id, level: 3, value: 80 });
    expect(await pending(database, id)).toEqual([]);
    // One message for the opening at level II, one for the escalation to level III.
    expect(await messagesOf(database, id)).toEqual({ 'sms:0911000001': 2 });
  });
});

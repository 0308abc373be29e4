import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createReadings, createStation } from '../../test/factories';
import { openTestDatabase } from '../../test/test-db';
import {
  bucketTotals,
  countReadings,
  hourlySeries,
  insertReadingsBatch,
  latestValues,
  readingKey,
  readingsBetween,
  valuesAtHour,
} from './readings.repository';

/*
 * The readings' SQL on its own (no app): the batch insert with its hourly rollup and evaluation queue, and
 * the reads the map, the charts and the reports make. A repository test runs in both CI passes, on the
 * embedded PostgreSQL 18 and on the PostgreSQL 15 server (docs/testing.md).
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const at = (iso: string) => new Date(iso);

async function hourRow(stationId: number, hour: string) {
  const result = await database.db.execute(sql`
    select sum, count, min, max, last_value as "lastValue", to_json(last_at) as "lastAt"
    from readings_hourly where station_id = ${stationId} and hour = ${hour}::timestamptz`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  return (
    row && {
      ...row,
      sum: Number(row.sum),
      min: Number(row.min),
      max: Number(row.max),
      lastValue: Number(row.lastValue),
      lastAt: new Date(String(row.lastAt)),
    }
  );
}

async function queued(stationId: number): Promise<number> {
  const result = await database.db.execute(
    sql`select count(*)::int as n from alert_evaluations_pending where station_id = ${stationId}`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

describe('insertReadingsBatch', () => {
  it('stores new readings, skips stored ones and folds both batches into one hourly row', async () => {
    const s = await createStation(database.db, { code: 'F01801' });
    const first = await insertReadingsBatch(database.db, [
      { stationId: s.id, observedAt: at('2026-10-05T03:10:00Z'), value: 40 },
      { stationId: s.id, observedAt: at('2026-10-05T03:20:00Z'), value: 55 },
    ]);
    expect(first).toEqual(
      new Set([readingKey(s.id, '2026-10-05T03:10:00Z'), readingKey(s.id, '2026-10-05T03:20:00Z')]),
    );
    // The 03:20 reading again (a logger resending) and a later one of the same hour, out of order.
    const second = await insertReadingsBatch(database.db, [
      { stationId: s.id, observedAt: at('2026-10-05T03:50:00Z'), value: 48 },
      { stationId: s.id, observedAt: at('2026-10-05T03:20:00Z'), value: 99 },
      { stationId: s.id, observedAt: at('2026-10-05T03:05:00Z'), value: 31 },
    ]);
    expect(second).toEqual(
      new Set([readingKey(s.id, '2026-10-05T03:50:00Z'), readingKey(s.id, '2026-10-05T03:05:00Z')]),
    );
    expect(await countReadings(database.db, s.id)).toBe(4);
    expect(await hourRow(s.id, '2026-10-05T03:00:00Z')).toEqual({
      sum: 40 + 55 + 48 + 31,
      count: 4,
      min: 31,
      max: 55,
      // The hour's last value is the latest instant's, not the last inserted.
      lastValue: 48,
      lastAt: at('2026-10-05T03:50:00Z'),
    });
  });

  it('queues an alert evaluation for live readings only, once per station however many readings', async () => {
    const live = await createStation(database.db, { code: 'F01802' });
    const history = await createStation(database.db, { code: 'F01803' });
    const now = Date.now();
    await insertReadingsBatch(
      database.db,
      [
        { stationId: live.id, observedAt: new Date(now - 60_000), value: 20 },
        { stationId: live.id, observedAt: new Date(now - 120_000), value: 21 },
        { stationId: history.id, observedAt: new Date(now - 3 * 86_400_000), value: 22 },
      ],
      { evaluateSince: new Date(now - 3_600_000) },
    );
    expect(await queued(live.id)).toBe(1);
    expect(await queued(history.id)).toBe(0);
    // Without evaluateSince (an import of history) nothing is queued.
    const imported = await createStation(database.db, { code: 'F01804' });
    await insertReadingsBatch(database.db, [{ stationId: imported.id, observedAt: new Date(now - 60_000), value: 5 }]);
    expect(await queued(imported.id)).toBe(0);
  });
});

describe('reads', () => {
  it('gives the hour values, the latest hour, the series and the readings of a station', async () => {
    const water = await createStation(database.db, { code: 'F01811' });
    const rain = await createStation(database.db, { code: 'F00811' });
    await createReadings(database.db, water.id, [
      { value: 100, at: at('2026-10-06T01:15:00Z') },
      { value: 120, at: at('2026-10-06T01:45:00Z') },
      { value: 130, at: at('2026-10-06T02:30:00Z') },
    ]);
    await createReadings(database.db, rain.id, [
      { value: 2.5, at: at('2026-10-06T01:10:00Z') },
      { value: 4, at: at('2026-10-06T01:40:00Z') },
    ]);
    const waterAt1 = await valuesAtHour(database.db, 'water', at('2026-10-06T01:00:00Z'));
    expect(waterAt1.find((v) => v.stationId === water.id)?.value).toBe(120);
    const rainAt1 = await valuesAtHour(database.db, 'rain', at('2026-10-06T01:00:00Z'));
    expect(rainAt1.find((v) => v.stationId === rain.id)?.value).toBe(6.5);
    // Kinds do not mix.
    expect(waterAt1.some((v) => v.stationId === rain.id)).toBe(false);

    const latest = (await latestValues(database.db, 'water')).find((v) => v.stationId === water.id);
    expect(latest).toMatchObject({ value: 130, hour: at('2026-10-06T02:00:00Z'), lastAt: at('2026-10-06T02:30:00Z') });

    expect(
      await hourlySeries(database.db, water.id, 'water', at('2026-10-06T01:20:00Z'), at('2026-10-06T03:00:00Z')),
    ).toEqual([
      { time: '2026-10-06T01:00:00.000Z', value: 110 },
      { time: '2026-10-06T02:00:00.000Z', value: 130 },
    ]);
    expect(
      await readingsBetween(database.db, water.id, at('2026-10-06T01:45:00Z'), at('2026-10-06T02:30:00Z')),
    ).toEqual([
      { time: '2026-10-06T01:45:00.000Z', value: 120 },
      { time: '2026-10-06T02:30:00.000Z', value: 130 },
    ]);
  });

  it('totals rain per district day (UTC+7): 18:00 UTC is already the next day in Ba Chẽ', async () => {
    const rain = await createStation(database.db, { code: 'F00812' });
    await createReadings(database.db, rain.id, [
      { value: 10, at: at('2026-10-07T16:30:00Z') }, // 23:30 on 07/10 in Ba Chẽ
      { value: 7, at: at('2026-10-07T18:10:00Z') }, // 01:10 on 08/10
      { value: 3, at: at('2026-10-08T02:00:00Z') }, // 09:00 on 08/10
    ]);
    const totals = (
      await bucketTotals(
        database.db,
        'rain',
        'day',
        at('2026-10-06T17:00:00Z'),
        at('2026-10-08T17:00:00Z'),
        'Asia/Ho_Chi_Minh',
      )
    ).filter((t) => t.stationId === rain.id);
    expect(totals.sort((a, b) => a.bucket.localeCompare(b.bucket))).toEqual([
      { stationId: rain.id, bucket: '2026-10-07', sum: 10, count: 1 },
      { stationId: rain.id, bucket: '2026-10-08', sum: 10, count: 2 },
    ]);
  });
});

import { DEFAULT_WEB_PARAMETERS, importEvent } from '@flood/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createMemoryEventBus } from '../../lib/events';
import { openTestDatabase } from '../../test/test-db';
import type { KindedReading } from './quality-check';
import { createReadingWriter } from './reading-writer';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql`insert into stations (code, name, description, kind, latitude, longitude, push_key) values ('F01001', 'a', 'b', 'water', 1, 1, 'k')`,
  );
});
afterAll(() => database.close());

describe('reading writer (group commit)', () => {
  it('writes concurrent pushes together and answers each with its own outcome', async () => {
    const writer = createReadingWriter(database.db, { maxBatch: 50 });
    const t0 = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 120 }, (_, i) => ({
      stationId: 1,
      observedAt: new Date(t0 + i * 60_000),
      value: i,
      kind: 'water' as const,
    }));
    // The same instant twice in one batch, and again later: stored once.
    const results = await Promise.all([...rows, rows[0]!].map((r) => writer.write(r)));
    expect(results.filter(Boolean)).toHaveLength(120);
    expect(results[120]).toBe(false);
    expect(await writer.write(rows[5]!)).toBe(false);
    const [count] = rowsOf<{ n: number; s: number }>(
      await database.db.execute(
        sql`select count(*)::int as n, (select sum(count)::int from readings_hourly) as s from readings`,
      ),
    );
    expect(count).toEqual({ n: 120, s: 120 });
  });

  it('rejects every waiting push when the write fails', async () => {
    const writer = createReadingWriter(database.db);
    await expect(
      writer.write({ stationId: 999, observedAt: new Date(), value: 1, kind: 'water' as const }),
    ).rejects.toThrow();
  });
});

describe('quality rules in the writer (#22)', () => {
  it('judges in-order pushes from what it remembers, and a gap being filled from the database, alike', async () => {
    await database.db.execute(
      sql`insert into stations (code, name, description, kind, latitude, longitude, push_key) values ('F01002', 'a', 'b', 'water', 1, 1, 'k2')`,
    );
    const station = rowsOf<{ id: number }>(
      await database.db.execute(sql`select id from stations where code = 'F01002'`),
    )[0]!;
    const id = Number(station.id);
    const bus = createMemoryEventBus();
    const writer = createReadingWriter(database.db, { bus, qualityRules: async () => DEFAULT_WEB_PARAMETERS });
    const t0 = Date.UTC(2026, 10, 20, 0, 0);
    const at = (min: number) => new Date(t0 + min * 60_000);
    const push = async (min: number, value: number) => {
      const row: KindedReading = { stationId: id, observedAt: at(min), value, kind: 'water' };
      expect(await writer.write(row)).toBe(true);
      return row.quality;
    };
    // In order: each judged against the one before, remembered.
    expect([await push(0, 20), await push(10, 21), await push(20, 900), await push(30, 22)]).toEqual([
      'good',
      'good',
      'suspect',
      'good',
    ]);
    // Filling a gap (older than the last pushed): read from the database, against 21 cm at minute 10.
    expect(await push(15, 700)).toBe('suspect');
    expect(await push(12, 23)).toBe('good');
    // After a correction or an import (the 'import' event) nothing is remembered: the database says the same.
    bus.publish('import', importEvent('x', 0, { first: Number.NaN, last: Number.NaN }));
    expect(await push(40, 880)).toBe('suspect');
    expect(await push(50, 24)).toBe('good');
  });
});

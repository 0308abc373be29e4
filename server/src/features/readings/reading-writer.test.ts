import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { openTestDatabase } from '../../test/test-db';
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

import {
  type QualityContext,
  type QualityRule,
  type ReadingQuality,
  type SeriesPoint,
  TRUSTED_QUALITIES,
} from '@flood/domain';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type ImportJobRow, importJobs } from './import-jobs.table';
import { type ReadingCorrectionRow, readingCorrections, readings } from './readings.table';

/**
 * The SQL condition of a trusted reading (#22: good or corrected — the only ones that warn, roll up and sum),
 * written once for every query of the readings table; `alias` names the table in the query ('r').
 */
export function trustedSql(alias?: string) {
  const list = TRUSTED_QUALITIES.map((q) => `'${q}'`).join(', ');
  return sql.raw(`${alias ? `${alias}.` : ''}quality in (${list})`);
}

export interface HourValue {
  stationId: number;
  /** Rain: the hour's sum (mm/h). Water: the hour's last value (cm). */
  value: number;
  lastAt: Date;
  hour: Date;
}

const hourValueSql = (kind: 'rain' | 'water') => (kind === 'rain' ? sql`h.sum` : sql`h.last_value`);

/** Every station's value for one hour (stations without a reading that hour are absent). */
export async function valuesAtHour(db: Db, kind: 'rain' | 'water', hour: Date): Promise<HourValue[]> {
  const result = await db.execute(sql`
    select h.station_id as "stationId", ${hourValueSql(kind)} as value, h.last_at as "lastAt", h.hour as hour
    from readings_hourly h join stations s on s.id = h.station_id
    where s.kind = ${kind} and h.hour = ${hour.toISOString()}::timestamptz`);
  return rowsOf<HourValue>(result).map(normaliseHourValue);
}

/** The latest hour of every station of a kind (one index probe per station: LATERAL … LIMIT 1). */
export async function latestValues(db: Db, kind: 'rain' | 'water'): Promise<HourValue[]> {
  const result = await db.execute(sql`
    select s.id as "stationId", ${hourValueSql(kind)} as value, h.last_at as "lastAt", h.hour as hour
    from stations s
    cross join lateral (
      select * from readings_hourly h where h.station_id = s.id order by h.hour desc limit 1
    ) h
    where s.kind = ${kind}`);
  return rowsOf<HourValue>(result).map(normaliseHourValue);
}

/**
 * Each station's latest reading that is not bad (#22: a suspect one is shown at once, marked) and the level of
 * its open confirmed water-level alert, if any (a value above it is not confirmed yet).
 */
export async function latestShownReadings(
  db: Db,
  kind: 'rain' | 'water',
): Promise<
  Map<
    number,
    {
      observedAt: Date;
      value: number;
      quality: ReadingQuality;
      alertLevel: number | null;
      /** The trusted reading nearest to an hour before it (#25: the trend), within 20 minutes; null in a gap. */
      hourAgo: { at: Date; value: number } | null;
    }
  >
> {
  const result = await db.execute(sql`
    select s.id as "stationId", r.observed_at as "observedAt", r.value, r.quality, a.level as "alertLevel",
      p.observed_at as "hourAgoAt", p.value as "hourAgoValue"
    from stations s
    cross join lateral (
      select observed_at, value, quality from readings
      where station_id = s.id and quality <> 'bad' order by observed_at desc limit 1
    ) r
    left join lateral (
      select level from alerts where station_id = s.id and kind = 'WATER_LEVEL' and cleared_at is null
        and confirmed_at is not null limit 1
    ) a on true
    left join lateral (
      select observed_at, value from readings
      where station_id = s.id and ${trustedSql()}
        and observed_at between r.observed_at - interval '80 minutes' and r.observed_at - interval '40 minutes'
      order by abs(extract(epoch from observed_at - (r.observed_at - interval '1 hour'))) limit 1
    ) p on ${kind === 'water' ? sql`true` : sql`false`}
    where s.kind = ${kind}`);
  type Row = {
    stationId: number;
    observedAt: string | Date;
    value: number;
    quality: ReadingQuality;
    alertLevel: number | null;
    hourAgoAt: string | Date | null;
    hourAgoValue: number | null;
  };
  return new Map(
    rowsOf<Row>(result).map((r) => [
      Number(r.stationId),
      {
        observedAt: new Date(r.observedAt),
        value: Number(r.value),
        quality: r.quality,
        alertLevel: r.alertLevel === null ? null : Number(r.alertLevel),
        hourAgo:
          r.hourAgoAt === null || r.hourAgoValue === null
            ? null
            : { at: new Date(r.hourAgoAt), value: Number(r.hourAgoValue) },
      },
    ]),
  );
}

function normaliseHourValue(r: HourValue): HourValue {
  return { stationId: Number(r.stationId), value: Number(r.value), lastAt: new Date(r.lastAt), hour: new Date(r.hour) };
}

/**
 * A station's highest trusted reading within any recorded flood event (#25: the reference of the largest flood
 * there), with the event's start and name; null when no event's time held a reading of it.
 */
export async function stationFloodPeak(
  db: Db,
  stationId: number,
): Promise<{ value: number; at: Date; name: string | null; startAt: Date } | null> {
  const [row] = rowsOf<{ value: number; at: string | Date; name: string | null; startAt: string | Date }>(
    await db.execute(sql`
      select r.value, r.observed_at as at, e.name, e.start_at as "startAt"
      from flood_events e
      cross join lateral (
        select value, observed_at from readings
        where station_id = ${stationId} and ${trustedSql()}
          and observed_at >= e.start_at and observed_at <= coalesce(e.end_at, now())
        order by value desc limit 1
      ) r
      order by r.value desc, r.observed_at limit 1`),
  );
  return row
    ? { value: Number(row.value), at: new Date(row.at), name: row.name, startAt: new Date(row.startAt) }
    : null;
}

/** Hourly series of a station between two instants, inclusive: rain sums, water means. */
export async function hourlySeries(
  db: Db,
  stationId: number,
  kind: 'rain' | 'water',
  from: Date,
  to: Date,
): Promise<{ time: string; value: number }[]> {
  const result = await db.execute(sql`
    select h.hour as time, ${kind === 'rain' ? sql`h.sum` : sql`h.sum / h.count`} as value
    from readings_hourly h
    where h.station_id = ${stationId}
      and h.hour >= date_trunc('hour', ${from.toISOString()}::timestamptz, 'UTC')
      and h.hour <= ${to.toISOString()}::timestamptz
    order by h.hour`);
  return rowsOf<{ time: string | Date; value: number }>(result).map((r) => ({
    time: new Date(r.time).toISOString(),
    value: Math.round(Number(r.value) * 100) / 100,
  }));
}

/**
 * A station's stored readings between two instants, inclusive, each at its own time (cm for water): the
 * station card's last 24 hours, whose last point is the value the card shows. One primary-key range.
 */
export async function readingsBetween(db: Db, stationId: number, from: Date, to: Date): Promise<SeriesPoint[]> {
  const result = await db.execute(sql`
    select r.observed_at as time, r.value as value, r.quality
    from readings r
    where r.station_id = ${stationId} and r.quality <> 'bad'
      and r.observed_at >= ${from.toISOString()}::timestamptz
      and r.observed_at <= ${to.toISOString()}::timestamptz
    order by r.observed_at`);
  return rowsOf<{ time: string | Date; value: number; quality: ReadingQuality }>(result).map(seriesPoint);
}

/** A chart's point: a suspect reading marked, so the chart draws it apart (#22); bad ones never come here. */
function seriesPoint(r: { time: string | Date; value: number; quality: ReadingQuality }): SeriesPoint {
  return {
    time: new Date(r.time).toISOString(),
    value: Math.round(Number(r.value) * 100) / 100,
    ...(r.quality === 'suspect' ? { quality: 'suspect' as const } : {}),
  };
}

/** A station's suspect readings between two instants (the flagged index: no scan of its good ones). */
export async function suspectReadingsBetween(db: Db, stationId: number, from: Date, to: Date): Promise<SeriesPoint[]> {
  const result = await db.execute(sql`
    select r.observed_at as time, r.value as value, r.quality
    from readings r
    where r.station_id = ${stationId} and r.quality = 'suspect'
      and r.observed_at >= ${from.toISOString()}::timestamptz
      and r.observed_at <= ${to.toISOString()}::timestamptz
    order by r.observed_at`);
  return rowsOf<{ time: string | Date; value: number; quality: ReadingQuality }>(result).map(seriesPoint);
}

/** A station's readings as station editing sees them (stations.service `StationReadings`). */
export const stationReadings = {
  count: countReadings,
  async removeAll(db: Db, stationId: number): Promise<void> {
    await db.execute(sql`delete from readings where station_id = ${stationId}`);
    await db.execute(sql`delete from readings_hourly where station_id = ${stationId}`);
  },
};

export async function countReadings(db: Db, stationId: number): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from readings where station_id = ${stationId}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export interface ReadingInput {
  stationId: number;
  observedAt: Date;
  value: number;
  /** Set by the quality rules before the write (#22); good when absent. */
  quality?: ReadingQuality;
  qualityRule?: QualityRule | null;
}

/**
 * What the quality rules need of each reading's station before it (#22, domain `QualityContext`), for a whole
 * batch in one statement: the previous reading, the last trusted one, the start of the run of equal values
 * (looked for within `stuckWindowMin` only: a run longer than that is long enough).
 * Keyed by readingKey. Index probes on the primary key, a handful per reading.
 */
export async function qualityContexts(
  db: Db,
  rows: { stationId: number; observedAt: Date }[],
  stuckWindowMin: number,
): Promise<Map<string, QualityContext>> {
  const out = new Map<string, QualityContext>();
  if (rows.length === 0) return out;
  const ids = `{${rows.map((r) => r.stationId).join(',')}}`;
  const times = `{${rows.map((r) => r.observedAt.getTime()).join(',')}}`;
  const window = `${Math.max(0, Math.round(stuckWindowMin))} minutes`;
  type Row = {
    stationId: number;
    at: string | Date;
    prevAt: string | Date | null;
    prevValue: number | null;
    prevQuality: ReadingQuality | null;
    prevRule: QualityRule | null;
    trustedAt: string | Date | null;
    trustedValue: number | null;
    trustedQuality: ReadingQuality | null;
    sameSince: string | Date | null;
  };
  const result = await db.execute(sql`
    with d as (
      select distinct d.station_id, to_timestamp(d.ms / 1000.0) as at
      from unnest(${ids}::int[], ${times}::float8[]) as d(station_id, ms)
    )
    select d.station_id as "stationId", d.at,
      p.observed_at as "prevAt", p.value as "prevValue", p.quality as "prevQuality", p.quality_rule as "prevRule",
      t.observed_at as "trustedAt", t.value as "trustedValue", t.quality as "trustedQuality",
      case when p.observed_at is not null and ${window}::interval > interval '0' then (
        select min(r.observed_at) from readings r
        where r.station_id = d.station_id and r.observed_at <= p.observed_at
          and r.observed_at >= d.at - ${window}::interval
          and r.observed_at > coalesce((
            select max(x.observed_at) from readings x
            where x.station_id = d.station_id and x.observed_at < p.observed_at
              and x.observed_at >= d.at - ${window}::interval and x.value <> p.value), '-infinity')
      ) end as "sameSince"
    from d
    left join lateral (
      select observed_at, value, quality, quality_rule from readings
      where station_id = d.station_id and observed_at < d.at order by observed_at desc limit 1
    ) p on true
    left join lateral (
      select observed_at, value, quality from readings
      where station_id = d.station_id and observed_at < d.at and ${trustedSql()}
      order by observed_at desc limit 1
    ) t on true`);
  const date = (v: string | Date | null) => (v === null ? null : new Date(v));
  for (const r of rowsOf<Row>(result)) {
    out.set(readingKey(Number(r.stationId), r.at), {
      previous:
        r.prevAt === null
          ? null
          : { observedAt: date(r.prevAt)!, value: Number(r.prevValue), quality: r.prevQuality!, rule: r.prevRule },
      lastTrusted:
        r.trustedAt === null
          ? null
          : { observedAt: date(r.trustedAt)!, value: Number(r.trustedValue), quality: r.trustedQuality!, rule: null },
      sameSince: date(r.sameSince),
    });
  }
  return out;
}

/** Identity of a reading: its station and instant. */
export const readingKey = (stationId: number, observedAt: Date | string) =>
  `${stationId}|${new Date(observedAt).getTime()}`;

/**
 * Stores many readings in one statement (arrays unnested), folding the stored ones into their hourly
 * rollups; duplicates of stored readings are skipped. Returns the keys (readingKey) of the new ones.
 *
 * `evaluateSince` (live readings: `liveSince(now)`): the stations of the new readings stamped at or after it
 * are queued for an alert evaluation (alert_evaluations_pending) in the same statement, so an acknowledged
 * reading is evaluated even if the process dies right after (#19). Without it nothing is queued (history).
 */
export async function insertReadingsBatch(
  db: Db,
  rows: ReadingInput[],
  opts: { evaluateSince?: Date } = {},
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  // Ordered by station, so that concurrent batches lock the queue's rows in the same order.
  const queue = opts.evaluateSince
    ? sql`,
    queued as (
      insert into alert_evaluations_pending as p (station_id, queued_at, seq)
      select station_id, now(), 1 from ins
      where observed_at >= ${opts.evaluateSince.toISOString()}::timestamptz
      group by station_id order by station_id
      on conflict (station_id) do update set queued_at = excluded.queued_at, seq = p.seq + 1
      returning 1
    )`
    : sql``;
  const ids = `{${rows.map((r) => r.stationId).join(',')}}`;
  // Epoch milliseconds: numbers parse far faster than timestamp text.
  const times = `{${rows.map((r) => r.observedAt.getTime()).join(',')}}`;
  const values = `{${rows.map((r) => r.value).join(',')}}`;
  const qualities = `{${rows.map((r) => r.quality ?? 'good').join(',')}}`;
  const rules = `{${rows.map((r) => r.qualityRule ?? 'NULL').join(',')}}`;
  const result = await db.execute(sql`
    with data as (
      select d.station_id, to_timestamp(d.ms / 1000.0) as observed_at, d.value, d.quality, d.quality_rule
      from unnest(${ids}::int[], ${times}::float8[], ${values}::float8[], ${qualities}::text[], ${rules}::text[])
        as d(station_id, ms, value, quality, quality_rule)
    ),
    stored as (
      insert into readings (station_id, observed_at, value, quality, quality_rule)
      select station_id, observed_at, value, quality, quality_rule from data
      on conflict do nothing
      returning station_id, observed_at, value, quality
    ),
    -- Only trusted readings count in the rollups and warn (#22): a suspect or bad one is kept, not summed.
    ins as (select station_id, observed_at, value from stored where ${trustedSql()}),
    agg as (
      select station_id, date_trunc('hour', observed_at, 'UTC') as hour, sum(value) as sum, count(*)::int as count,
        min(value) as min, max(value) as max,
        (array_agg(value order by observed_at desc))[1] as last_value, max(observed_at) as last_at
      from ins group by 1, 2
    ),
    up as (
      insert into readings_hourly as h (station_id, hour, sum, count, min, max, last_value, last_at)
      select station_id, hour, sum, count, min, max, last_value, last_at from agg
      on conflict (station_id, hour) do update set
        sum = h.sum + excluded.sum,
        count = h.count + excluded.count,
        min = least(h.min, excluded.min),
        max = greatest(h.max, excluded.max),
        last_value = case when excluded.last_at >= h.last_at then excluded.last_value else h.last_value end,
        last_at = greatest(h.last_at, excluded.last_at)
      returning 1
    )${queue}
    select station_id as "stationId", observed_at as "observedAt" from stored`);
  return new Set(
    rowsOf<{ stationId: number; observedAt: string | Date }>(result).map((r) =>
      readingKey(Number(r.stationId), r.observedAt),
    ),
  );
}

/** Totals of hourly values per station and district-local bucket (day or month) between two instants. */
export async function bucketTotals(
  db: Db,
  kind: 'rain' | 'water',
  bucket: 'day' | 'month',
  from: Date,
  to: Date,
  timeZone: string,
): Promise<{ stationId: number; bucket: string; sum: number; count: number }[]> {
  const result = await db.execute(sql`
    select h.station_id as "stationId",
      to_char(date_trunc(${bucket}, h.hour, ${timeZone}) at time zone ${timeZone}, 'YYYY-MM-DD') as bucket,
      sum(h.sum) as sum, sum(h.count)::int as count
    from readings_hourly h join stations s on s.id = h.station_id
    where s.kind = ${kind} and h.hour >= ${from.toISOString()}::timestamptz and h.hour < ${to.toISOString()}::timestamptz
    group by 1, 2`);
  return rowsOf<{ stationId: number; bucket: string; sum: number; count: number }>(result).map((r) => ({
    stationId: Number(r.stationId),
    bucket: r.bucket,
    sum: Number(r.sum),
    count: Number(r.count),
  }));
}

// ── Import jobs ──────────────────────────────────────────────────────────────────────────────────────────────

export async function insertImportJob(db: Db, userId: number, fileName: string): Promise<ImportJobRow> {
  const [job] = await db.insert(importJobs).values({ userId, fileName }).returning();
  return job!;
}

export async function findImportJob(db: Db, id: string): Promise<ImportJobRow | undefined> {
  const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id)).limit(1);
  return row;
}

export async function updateImportJob(
  db: Db,
  id: string,
  values: Partial<typeof importJobs.$inferInsert>,
): Promise<void> {
  await db.update(importJobs).set(values).where(eq(importJobs.id, id));
}

/** Progress only moves forward (batches finish out of order). */
export async function raiseImportProgress(db: Db, id: string, processed: number, stored: number): Promise<void> {
  await db
    .update(importJobs)
    .set({
      processed: sql`greatest(${importJobs.processed}, ${processed})`,
      stored: sql`greatest(${importJobs.stored}, ${stored})`,
    })
    .where(eq(importJobs.id, id));
}

/** Marks every queued or running job failed with `error` (jobs cut off by a restart). */
export async function failUnfinishedImportJobs(db: Db, now: Date, error: string): Promise<void> {
  await db
    .update(importJobs)
    .set({ status: 'failed', error, finishedAt: now })
    .where(sql`${importJobs.status} in ('queued', 'running')`);
}

// ── Review and corrections (#22) ─────────────────────────────────────────────────────────────────────────

export interface ReviewRow {
  observedAt: Date;
  value: number;
  quality: ReadingQuality;
  qualityRule: QualityRule | null;
  originalValue: number | null;
}

/** Every reading of a station in [from, to] with its flag, oldest first (at most 20,000). */
export async function reviewReadings(db: Db, stationId: number, from: Date, to: Date): Promise<ReviewRow[]> {
  return db
    .select({
      observedAt: readings.observedAt,
      value: readings.value,
      quality: readings.quality,
      qualityRule: readings.qualityRule,
      originalValue: readings.originalValue,
    })
    .from(readings)
    .where(and(eq(readings.stationId, stationId), gte(readings.observedAt, from), lte(readings.observedAt, to)))
    .orderBy(asc(readings.observedAt))
    .limit(20_000);
}

/** The latest corrections of a station, newest first. */
export function listCorrections(db: Db, stationId: number, limit: number): Promise<ReadingCorrectionRow[]> {
  return db
    .select()
    .from(readingCorrections)
    .where(eq(readingCorrections.stationId, stationId))
    .orderBy(desc(readingCorrections.createdAt), desc(readingCorrections.id))
    .limit(limit);
}

/**
 * Changes one reading as staff decided: 'correct' stores `value` (the logger's kept as the original, once),
 * 'bad' marks it faulty, 'good' accepts it again (a corrected one goes back to the logger's value). Returns the
 * value before and after, or undefined when there is no reading at that instant.
 */
export async function correctReading(
  tx: Tx,
  stationId: number,
  observedAt: Date,
  action: 'correct' | 'bad' | 'good',
  value?: number,
): Promise<{ oldValue: number; newValue: number } | undefined> {
  const [before] = await tx
    .select({ value: readings.value, originalValue: readings.originalValue })
    .from(readings)
    .where(and(eq(readings.stationId, stationId), eq(readings.observedAt, observedAt)))
    .for('update');
  if (!before) return undefined;
  const newValue =
    action === 'correct'
      ? (value ?? before.value)
      : action === 'bad'
        ? before.value
        : (before.originalValue ?? before.value);
  const set =
    action === 'correct'
      ? {
          value: newValue,
          quality: 'corrected' as const,
          qualityRule: 'manual' as const,
          originalValue: before.originalValue ?? before.value,
        }
      : action === 'bad'
        ? { quality: 'bad' as const, qualityRule: 'manual' as const }
        : { value: newValue, quality: 'good' as const, qualityRule: null, originalValue: null };
  await tx
    .update(readings)
    .set(set)
    .where(and(eq(readings.stationId, stationId), eq(readings.observedAt, observedAt)));
  return { oldValue: before.value, newValue };
}

/** Marks every reading of a station in [from, to] faulty; how many and the first and last instants. */
export async function flagReadingsBad(
  tx: Tx,
  stationId: number,
  from: Date,
  to: Date,
): Promise<{ count: number; first: Date | null; last: Date | null }> {
  const rows = await tx
    .update(readings)
    .set({ quality: 'bad', qualityRule: 'manual' })
    .where(and(eq(readings.stationId, stationId), gte(readings.observedAt, from), lte(readings.observedAt, to)))
    .returning({ observedAt: readings.observedAt });
  const times = rows.map((r) => r.observedAt.getTime());
  return {
    count: rows.length,
    first: times.length ? new Date(Math.min(...times)) : null,
    last: times.length ? new Date(Math.max(...times)) : null,
  };
}

export async function insertCorrection(tx: Tx, values: typeof readingCorrections.$inferInsert): Promise<void> {
  await tx.insert(readingCorrections).values(values);
}

/**
 * Rebuilds a station's hourly rollups of the hours touching [from, to] from its trusted readings (a correction
 * changed which readings count, or their values): the hours are deleted and summed again.
 */
export async function rebuildHourly(tx: Tx, stationId: number, from: Date, to: Date): Promise<void> {
  const lo = sql`date_trunc('hour', ${from.toISOString()}::timestamptz, 'UTC')`;
  const hi = sql`date_trunc('hour', ${to.toISOString()}::timestamptz, 'UTC') + interval '1 hour'`;
  await tx.execute(sql`delete from readings_hourly where station_id = ${stationId} and hour >= ${lo} and hour < ${hi}`);
  await tx.execute(sql`
    insert into readings_hourly (station_id, hour, sum, count, min, max, last_value, last_at)
    select station_id, date_trunc('hour', observed_at, 'UTC'), sum(value), count(*)::int, min(value), max(value),
      (array_agg(value order by observed_at desc))[1], max(observed_at)
    from readings
    where station_id = ${stationId} and ${trustedSql()} and observed_at >= ${lo} and observed_at < ${hi}
    group by 1, 2`);
}

/** Queues a station's alert evaluation (as a live reading does), in the caller's transaction. */
export async function queueEvaluation(tx: Tx, stationId: number): Promise<void> {
  await tx.execute(sql`
    insert into alert_evaluations_pending as p (station_id, queued_at, seq) values (${stationId}, now(), 1)
    on conflict (station_id) do update set queued_at = excluded.queued_at, seq = p.seq + 1`);
}

import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { escapeLike } from '../../lib/sql';
import { trustedSql } from '../readings/readings.repository';
import { type FloodEventRow, floodEvents, type NewFloodEventRow } from './flood-events.table';

/** An event with its peak station and the number of damage records dated within it. */
export interface FloodEventListed extends FloodEventRow {
  peakStationCode: string | null;
  peakStationName: string | null;
  damageCount: number;
}

/** The shown name in SQL: staff's name, else 'Trận lũ ngày DD/MM/YYYY' of the start in the district. */
const shownName = (timeZone: string) =>
  sql`coalesce(fe.name, 'Trận lũ ngày ' || to_char(fe.start_at at time zone ${timeZone}, 'DD/MM/YYYY'))`;

const listedColumns = (timeZone: string) => sql`
  fe.id, fe.name, fe.start_at as "startAt", fe.end_at as "endAt", fe.peak_station_id as "peakStationId",
  fe.peak_value as "peakValue", fe.peak_at as "peakAt", fe.note, fe.source, fe.edited, fe.demo,
  fe.user_id as "userId", fe.created_at as "createdAt", fe.updated_at as "updatedAt",
  s.code as "peakStationCode", s.name as "peakStationName",
  (select count(*)::int from damages d
    where d.date >= (fe.start_at at time zone ${timeZone})::date
      and (fe.end_at is null or d.date <= (fe.end_at at time zone ${timeZone})::date)) as "damageCount"`;

function toListed(r: Record<string, unknown>): FloodEventListed {
  const date = (v: unknown) => (v == null ? null : new Date(v as string));
  return {
    id: Number(r.id),
    name: (r.name as string | null) ?? null,
    startAt: new Date(r.startAt as string),
    endAt: date(r.endAt),
    peakStationId: r.peakStationId == null ? null : Number(r.peakStationId),
    peakValue: r.peakValue == null ? null : Number(r.peakValue),
    peakAt: date(r.peakAt),
    note: (r.note as string | null) ?? null,
    source: r.source as 'AUTO' | 'MANUAL',
    edited: Boolean(r.edited),
    demo: Boolean(r.demo),
    userId: r.userId == null ? null : Number(r.userId),
    createdAt: new Date(r.createdAt as string),
    updatedAt: new Date(r.updatedAt as string),
    peakStationCode: (r.peakStationCode as string | null) ?? null,
    peakStationName: (r.peakStationName as string | null) ?? null,
    damageCount: Number(r.damageCount ?? 0),
  };
}

/**
 * What a search matches: the shown name, and the start and end dates as DD/MM/YYYY in the district, so an event
 * staff have named is still found by its date ('15/06/2026', '06/2026').
 */
const searchText = (timeZone: string) =>
  sql`${shownName(timeZone)} || ' ' || to_char(fe.start_at at time zone ${timeZone}, 'DD/MM/YYYY')
    || coalesce(' ' || to_char(fe.end_at at time zone ${timeZone}, 'DD/MM/YYYY'), '')`;

/** One page of events, newest start first; `q` matches the shown name or the start or end date. */
export async function listFloodEvents(
  db: Db,
  q: { page: number; pageSize: number; q?: string | undefined; timeZone: string },
): Promise<{ items: FloodEventListed[]; total: number }> {
  const where = q.q ? sql`where ${searchText(q.timeZone)} ilike ${`%${escapeLike(q.q)}%`}` : sql``;
  const [items, totals] = await Promise.all([
    db.execute(sql`
      select ${listedColumns(q.timeZone)}
      from flood_events fe left join stations s on s.id = fe.peak_station_id
      ${where}
      order by fe.start_at desc, fe.id desc
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    db.execute(sql`select count(*)::int as n from flood_events fe ${where}`),
  ]);
  return { items: rowsOf(items).map(toListed), total: Number(rowsOf<{ n: number }>(totals)[0]?.n ?? 0) };
}

export async function findFloodEvent(db: Db, id: number, timeZone: string): Promise<FloodEventListed | undefined> {
  const rows = rowsOf(
    await db.execute(sql`
      select ${listedColumns(timeZone)}
      from flood_events fe left join stations s on s.id = fe.peak_station_id
      where fe.id = ${id}`),
  );
  return rows[0] ? toListed(rows[0]) : undefined;
}

export async function insertFloodEvent(db: Db, values: NewFloodEventRow): Promise<FloodEventRow> {
  const [row] = await db.insert(floodEvents).values(values).returning();
  if (!row) throw new Error('insert flood_events returned nothing');
  return row;
}

export async function updateFloodEvent(
  db: Db,
  id: number,
  values: Partial<NewFloodEventRow>,
): Promise<FloodEventRow | undefined> {
  const [row] = await db
    .update(floodEvents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(floodEvents.id, id))
    .returning();
  return row;
}

export async function deleteFloodEvent(db: Db, id: number): Promise<FloodEventRow | undefined> {
  const [row] = await db.delete(floodEvents).where(eq(floodEvents.id, id)).returning();
  return row;
}

/** Serialises changes to the detected events across connections and processes (inside a transaction). */
export async function lockFloodEvents(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('flood_events'))`);
}

/** The detected event under way, if any. */
export async function openAutoEvent(db: Db): Promise<FloodEventRow | undefined> {
  const [row] = await db
    .select()
    .from(floodEvents)
    .where(and(eq(floodEvents.source, 'AUTO'), isNull(floodEvents.endAt)))
    .limit(1);
  return row;
}

/** The latest detected, unedited event that ended at or after `since` (a crossing soon after continues it). */
export async function lastClosedAutoEvent(db: Db, since: Date): Promise<FloodEventRow | undefined> {
  const [row] = await db
    .select()
    .from(floodEvents)
    .where(and(eq(floodEvents.source, 'AUTO'), eq(floodEvents.edited, false), gte(floodEvents.endAt, since)))
    .orderBy(sql`${floodEvents.endAt} desc`)
    .limit(1);
  return row;
}

/** Whether a detected event is under way (the live path skips all work in calm weather on this answer). */
export async function hasOpenAutoEvent(db: Db): Promise<boolean> {
  return (await openAutoEvent(db)) !== undefined;
}

/** Events overlapping [from, to] (an open event reaches to now). */
export async function eventsOverlapping(db: Db, from: Date, to: Date): Promise<FloodEventRow[]> {
  return db
    .select()
    .from(floodEvents)
    .where(and(lte(floodEvents.startAt, to), or(isNull(floodEvents.endAt), gte(floodEvents.endAt, from))));
}

export async function deleteFloodEventsById(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(floodEvents)
    .where(sql`${floodEvents.id} = any(${`{${ids.join(',')}}`}::int[])`)
    .returning({ id: floodEvents.id });
  return rows.length;
}

export interface StationReading {
  stationId: number;
  observedAt: Date;
  value: number;
}

const toReading = (r: { stationId: number; observedAt: string | Date; value: number }): StationReading => ({
  stationId: Number(r.stationId),
  observedAt: new Date(r.observedAt),
  value: Number(r.value),
});

/** The latest reading of every water station (from the hourly rollups: one index probe per station). */
export async function latestWaterReadings(db: Db): Promise<StationReading[]> {
  const result = await db.execute(sql`
    select s.id as "stationId", h.last_at as "observedAt", h.last_value as value
    from stations s
    cross join lateral (
      select last_at, last_value from readings_hourly h where h.station_id = s.id order by h.hour desc limit 1
    ) h
    where s.kind = 'water'`);
  return rowsOf<{ stationId: number; observedAt: string; value: number }>(result).map(toReading);
}

/** Flood events rest on trusted readings only (#22): good, or corrected by staff. */
const TRUSTED_R = trustedSql('r');

/** Each water station's last reading before an instant (the state a recomputed period starts from). */
export async function waterReadingsBefore(db: Db, t: Date): Promise<StationReading[]> {
  const result = await db.execute(sql`
    select s.id as "stationId", r.observed_at as "observedAt", r.value
    from stations s
    cross join lateral (
      select observed_at, value from readings r
      where r.station_id = s.id and r.observed_at < ${t.toISOString()}::timestamptz and ${TRUSTED_R}
      order by r.observed_at desc limit 1
    ) r
    where s.kind = 'water'`);
  return rowsOf<{ stationId: number; observedAt: string; value: number }>(result).map(toReading);
}

/**
 * The readings of some stations in [from, to), in time order: a long period is read window by window, each an
 * index range scan per station (readings are keyed by station and time).
 */
export async function readingsBetween(db: Db, stationIds: number[], from: Date, to: Date): Promise<StationReading[]> {
  if (stationIds.length === 0) return [];
  const result = await db.execute(sql`
    select r.station_id as "stationId", r.observed_at as "observedAt", r.value
    from readings r
    where r.station_id = any(${`{${stationIds.join(',')}}`}::int[])
      and r.observed_at >= ${from.toISOString()}::timestamptz and r.observed_at < ${to.toISOString()}::timestamptz
      and ${TRUSTED_R}
    order by r.observed_at, r.station_id`);
  return rowsOf<{ stationId: number; observedAt: string; value: number }>(result).map(toReading);
}

/** Each water station's highest reading in a period (the peak of an event staff re-timed or added). */
export async function highestWaterReadings(db: Db, from: Date, to: Date): Promise<StationReading[]> {
  const result = await db.execute(sql`
    select s.id as "stationId", r.observed_at as "observedAt", r.value
    from stations s
    cross join lateral (
      select observed_at, value from readings r
      where r.station_id = s.id and ${TRUSTED_R}
        and r.observed_at >= ${from.toISOString()}::timestamptz and r.observed_at <= ${to.toISOString()}::timestamptz
      order by r.value desc, r.observed_at limit 1
    ) r
    where s.kind = 'water'`);
  return rowsOf<{ stationId: number; observedAt: string; value: number }>(result).map(toReading);
}

/** Whether any flood event exists (the demo history is seeded only into an empty table). */
export async function hasFloodEvents(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: floodEvents.id }).from(floodEvents).limit(1);
  return row !== undefined;
}

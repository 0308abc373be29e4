import type { Station, StationKind } from '@flood/domain';
import { and, asc, count, eq, ilike, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/sql';
import { users } from '../users/users.table';
import { type StationRow, stations } from './stations.table';

const columns = {
  id: stations.id,
  code: stations.code,
  name: stations.name,
  description: stations.description,
  kind: stations.kind,
  latitude: stations.latitude,
  longitude: stations.longitude,
  warningLevel1: stations.warningLevel1,
  warningLevel2: stations.warningLevel2,
  warningLevel3: stations.warningLevel3,
  warningLowWater: stations.warningLowWater,
  status: stations.status,
  unitCode: stations.unitCode,
  userId: stations.userId,
  creatorName: users.name,
  createdAt: stations.createdAt,
};
/** A deleted station (kept only behind its published CAP messages) is no station to anyone else. */
const notDeleted = ne(stations.status, 'deleted');

type Listed = {
  [K in keyof typeof columns]: K extends 'creatorName' ? string | null : StationRow[Exclude<K, 'creatorName'>];
};

export function toStation(r: Listed): Station {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    kind: r.kind,
    lat: r.latitude,
    long: r.longitude,
    warningLevel1: r.warningLevel1,
    warningLevel2: r.warningLevel2,
    warningLevel3: r.warningLevel3,
    warningLowWater: r.warningLowWater,
    // Deleted rows never reach here (every read below leaves them out).
    status: r.status === 'inactive' ? 'inactive' : 'active',
    // The service puts the unit whose boundary holds the station when staff chose none (#26).
    unitCode: r.unitCode,
    unitOverride: r.unitCode,
    userId: r.userId,
    creatorName: r.creatorName,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Stations ordered by code, filtered by kind and by a keyword on code or name. */
export async function listStations(
  db: Db,
  q: { page: number; pageSize: number; keyword?: string | undefined; kind?: StationKind | undefined },
): Promise<{ items: Station[]; total: number }> {
  const kw = q.keyword ? `%${escapeLike(q.keyword)}%` : undefined;
  const where = and(
    notDeleted,
    q.kind ? eq(stations.kind, q.kind) : undefined,
    kw ? or(ilike(stations.code, kw), ilike(stations.name, kw)) : undefined,
  );
  const [rows, [t]] = await Promise.all([
    db
      .select(columns)
      .from(stations)
      .leftJoin(users, eq(users.id, stations.userId))
      .where(where)
      .orderBy(asc(stations.code))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(stations).where(where),
  ]);
  return { items: rows.map(toStation), total: Number(t?.total ?? 0) };
}

export async function findStationRow(db: Db, id: number): Promise<StationRow | undefined> {
  const [row] = await db
    .select()
    .from(stations)
    .where(and(eq(stations.id, id), notDeleted))
    .limit(1);
  return row;
}

export async function findStationByCode(db: Db, code: string): Promise<StationRow | undefined> {
  const [row] = await db
    .select()
    .from(stations)
    .where(and(eq(stations.code, code.toUpperCase()), notDeleted))
    .limit(1);
  return row;
}

export async function findStation(db: Db, id: number): Promise<Station | undefined> {
  const [row] = await db
    .select(columns)
    .from(stations)
    .leftJoin(users, eq(users.id, stations.userId))
    .where(and(eq(stations.id, id), notDeleted))
    .limit(1);
  return row ? toStation(row) : undefined;
}

export async function allStations(db: Db, kind?: StationKind): Promise<StationRow[]> {
  return db
    .select()
    .from(stations)
    .where(and(notDeleted, kind ? eq(stations.kind, kind) : undefined))
    .orderBy(asc(stations.code));
}

export type StationValues = Omit<typeof stations.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertStation(db: Db, values: StationValues): Promise<number> {
  const [row] = await db.insert(stations).values(values).returning({ id: stations.id });
  if (!row) throw new Error('insert stations returned nothing');
  return row.id;
}

export async function updateStation(db: Db, id: number, values: Partial<StationValues>): Promise<void> {
  await db
    .update(stations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(stations.id, id));
}

/** Deletes a station that never warned; its readings go with it (ON DELETE CASCADE). */
export async function deleteStation(db: Db, id: number): Promise<void> {
  await db.delete(stations).where(eq(stations.id, id));
}

/**
 * A station that ever had a warning keeps its row, marked 'deleted' with a dead push key, because its published
 * CAP messages (alerts → cap_messages) name it; the caller removes its readings (readings/,
 * `stationReadings.removeAll`).
 */
export async function keepDeletedStation(db: Db, id: number, deadKey: string): Promise<void> {
  await db
    .update(stations)
    .set({ status: 'deleted', pushKey: deadKey, updatedAt: new Date() })
    .where(eq(stations.id, id));
}

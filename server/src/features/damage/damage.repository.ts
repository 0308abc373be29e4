import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type DamageRow, damages, type NewDamageRow } from './damage.table';

/** A record with its creator's name and the flood event whose period (district days) contains its day. */
export interface DamageListed extends DamageRow {
  userName: string | null;
  floodEventId: number | null;
  floodEventName: string | null;
  floodEventStart: Date | null;
}

const selectListed = (timeZone: string) => sql`
  select d.id, d.type, to_char(d.date, 'YYYY-MM-DD') as date, d.data, d.demo, d.user_id as "userId",
    d.created_at as "createdAt", d.updated_at as "updatedAt", u.name as "userName",
    e.id as "floodEventId", e.name as "floodEventName", e.start_at as "floodEventStart"
  from damages d
  left join users u on u.id = d.user_id
  left join lateral (
    select fe.id, fe.name, fe.start_at from flood_events fe
    where (fe.start_at at time zone ${timeZone})::date <= d.date
      and (fe.end_at is null or (fe.end_at at time zone ${timeZone})::date >= d.date)
    order by fe.start_at desc limit 1
  ) e on true`;

function toListed(r: Record<string, unknown>): DamageListed {
  return {
    id: Number(r.id),
    type: r.type as DamageRow['type'],
    date: String(r.date),
    data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, string | null>,
    demo: Boolean(r.demo),
    userId: r.userId == null ? null : Number(r.userId),
    createdAt: new Date(r.createdAt as string),
    updatedAt: new Date(r.updatedAt as string),
    userName: (r.userName as string | null) ?? null,
    floodEventId: r.floodEventId == null ? null : Number(r.floodEventId),
    floodEventName: (r.floodEventName as string | null) ?? null,
    floodEventStart: r.floodEventStart == null ? null : new Date(r.floodEventStart as string),
  };
}

/** One page of records of a type, by date (then id) in the asked order, optionally of one flood event. */
export async function listDamages(
  db: Db,
  q: {
    page: number;
    pageSize: number;
    type?: 'ASSET' | 'PERSON' | undefined;
    order: 'asc' | 'desc';
    floodEventId?: number | undefined;
    timeZone: string;
  },
): Promise<{ items: DamageListed[]; total: number }> {
  const filters = [
    q.type ? sql`d.type = ${q.type}` : null,
    q.floodEventId ? sql`e.id = ${q.floodEventId}` : null,
  ].filter((f) => f !== null);
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
  const [items, totals] = await Promise.all([
    db.execute(sql`${selectListed(q.timeZone)} ${where}
      order by d.date ${direction}, d.id ${direction}
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    db.execute(sql`select count(*)::int as n from (${selectListed(q.timeZone)} ${where}) x`),
  ]);
  return { items: rowsOf(items).map(toListed), total: Number(rowsOf<{ n: number }>(totals)[0]?.n ?? 0) };
}

export async function findDamage(db: Db, id: number, timeZone: string): Promise<DamageListed | undefined> {
  const rows = rowsOf(await db.execute(sql`${selectListed(timeZone)} where d.id = ${id}`));
  return rows[0] ? toListed(rows[0]) : undefined;
}

export async function insertDamage(db: Db, values: NewDamageRow): Promise<DamageRow> {
  const [row] = await db.insert(damages).values(values).returning();
  if (!row) throw new Error('insert damages returned nothing');
  return row;
}

export async function updateDamage(
  db: Db,
  id: number,
  values: Pick<NewDamageRow, 'type' | 'date' | 'data'>,
): Promise<DamageRow | undefined> {
  const [row] = await db
    .update(damages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(damages.id, id))
    .returning();
  return row;
}

export async function deleteDamage(db: Db, id: number): Promise<DamageRow | undefined> {
  const [row] = await db.delete(damages).where(eq(damages.id, id)).returning();
  return row;
}

/** Whether any damage record exists (the demo history is seeded only into an empty table). */
export async function hasDamages(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: damages.id }).from(damages).limit(1);
  return row !== undefined;
}

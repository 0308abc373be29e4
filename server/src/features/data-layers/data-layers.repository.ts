import type { DataLayer } from '@flood/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../users/users.table';
import { type DataLayerRow, dataLayers } from './data-layers.table';

const columns = {
  id: dataLayers.id,
  name: dataLayers.name,
  enabled: dataLayers.enabled,
  symbolIcon: dataLayers.symbolIcon,
  symbolColor: dataLayers.symbolColor,
  userId: dataLayers.userId,
  userName: users.name,
  createdAt: dataLayers.createdAt,
};
type Listed = Pick<DataLayerRow, 'id' | 'name' | 'enabled' | 'symbolIcon' | 'symbolColor' | 'userId' | 'createdAt'> & {
  userName: string | null;
};

function toDataLayer(r: Listed): DataLayer {
  return {
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    symbol: { icon: r.symbolIcon, color: r.symbolColor },
    userId: r.userId,
    userName: r.userName,
    createdAt: r.createdAt.toISOString(),
  };
}

/** One page of data layers, newest first (the seeded six share a time: then by id, newest first). */
export async function listDataLayers(
  db: Db,
  q: { page: number; pageSize: number },
): Promise<{ items: DataLayer[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(columns)
      .from(dataLayers)
      .leftJoin(users, eq(users.id, dataLayers.userId))
      .orderBy(desc(dataLayers.createdAt), desc(dataLayers.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(dataLayers),
  ]);
  return { items: rows.map(toDataLayer), total: Number(totalRow?.total ?? 0) };
}

export async function findDataLayer(db: Db, id: number): Promise<DataLayer | undefined> {
  const [row] = await db
    .select(columns)
    .from(dataLayers)
    .leftJoin(users, eq(users.id, dataLayers.userId))
    .where(eq(dataLayers.id, id))
    .limit(1);
  return row ? toDataLayer(row) : undefined;
}

export type DataLayerValues = { name: string; enabled: boolean; symbolIcon: string; symbolColor: string };

export async function insertDataLayer(db: Db, values: DataLayerValues & { userId: number }): Promise<number> {
  const [row] = await db.insert(dataLayers).values(values).returning({ id: dataLayers.id });
  if (!row) throw new Error('insert data_layers returned nothing');
  return row.id;
}

/** Changes name, status and symbol; the creator stays. False when the layer does not exist. */
export async function updateDataLayer(db: Db, id: number, values: DataLayerValues): Promise<boolean> {
  const rows = await db
    .update(dataLayers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(dataLayers.id, id))
    .returning({ id: dataLayers.id });
  return rows.length > 0;
}

/** Deletes the layer and returns its name, or undefined when it did not exist. */
export async function deleteDataLayer(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.delete(dataLayers).where(eq(dataLayers.id, id)).returning({ name: dataLayers.name });
  return row?.name;
}

import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type SystemParameterRow, systemParameters } from './config.table';

export async function listParameters(
  db: Db,
  q: { page: number; pageSize: number },
): Promise<{ items: SystemParameterRow[]; total: number }> {
  const [items, [t]] = await Promise.all([
    db
      .select()
      .from(systemParameters)
      .orderBy(asc(systemParameters.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(systemParameters),
  ]);
  return { items, total: Number(t?.total ?? 0) };
}

export async function findParameter(db: Db, id: number): Promise<SystemParameterRow | undefined> {
  const [row] = await db.select().from(systemParameters).where(eq(systemParameters.id, id)).limit(1);
  return row;
}

export async function findParameterByName(db: Db, name: string): Promise<SystemParameterRow | undefined> {
  const [row] = await db.select().from(systemParameters).where(eq(systemParameters.name, name)).limit(1);
  return row;
}

export async function insertParameter(db: Db, values: { name: string; objectValue: Record<string, unknown> }) {
  const [row] = await db.insert(systemParameters).values(values).returning();
  if (!row) throw new Error('insert system_parameters returned nothing');
  return row;
}

export async function updateParameter(
  db: Db,
  id: number,
  values: { name: string; objectValue: Record<string, unknown> },
): Promise<SystemParameterRow | undefined> {
  const [row] = await db
    .update(systemParameters)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(systemParameters.id, id))
    .returning();
  return row;
}

export async function deleteParameter(db: Db, id: number): Promise<void> {
  await db.delete(systemParameters).where(eq(systemParameters.id, id));
}

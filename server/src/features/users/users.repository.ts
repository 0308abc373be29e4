import type { UserDetail } from '@flood/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type UserRow, users } from './users.table';

/** The API shape of a user as the current-user calls return it. */
export function toUserDetail(row: UserRow): UserDetail {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    verified: row.phoneVerified,
    groupId: row.groupId,
    functions: row.functions,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findSystemUser(db: Db): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.isSystem, true)).limit(1);
  return row;
}

export type UserInsert = typeof users.$inferInsert;

export async function insertUser(db: Db, values: UserInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert users returned nothing');
  return row;
}

/** Partial update; bumps updated_at. */
export async function updateUser(db: Db, id: number, values: Partial<UserInsert>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} not found`);
  return row;
}

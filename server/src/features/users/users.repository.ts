import type { User, UserDetail, UserListQuery } from '@flood/domain';
import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/sql';
import { groups } from '../groups/groups.table';
import { type UserRow, users } from './users.table';

/** The API shape of a user as the current-user calls return it, with the units it works with (its scope, #26). */
export function toUserDetail(row: UserRow, units: readonly string[] = []): UserDetail {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    verified: row.phoneVerified,
    groupId: row.groupId,
    functions: row.functions,
    system: row.isSystem,
    units: [...units],
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

const sortColumns = {
  name: users.name,
  email: users.email,
  group: groups.name,
  phone: users.phone,
  createdAt: users.createdAt,
} as const;

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  phoneVerified: users.phoneVerified,
  groupId: users.groupId,
  groupName: groups.name,
  functions: users.functions,
  units: users.units,
  createdAt: users.createdAt,
};

type ListedUser = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  phoneVerified: boolean;
  groupId: number | null;
  groupName: string | null;
  functions: UserRow['functions'];
  units: string[];
  createdAt: Date;
};

function toUser(row: ListedUser): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    verified: row.phoneVerified,
    groupId: row.groupId,
    groupName: row.groupName,
    functions: row.functions,
    units: row.units,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of staff accounts (the system account is never listed), searched by name, sorted. */
export async function listUsers(db: Db, q: UserListQuery): Promise<{ items: User[]; total: number }> {
  const where = and(
    eq(users.isSystem, false),
    q.keyword ? ilike(users.name, `%${escapeLike(q.keyword)}%`) : undefined,
    q.groupId ? eq(users.groupId, q.groupId) : undefined,
  );
  const column = sortColumns[q.sort];
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .leftJoin(groups, eq(groups.id, users.groupId))
      .where(where)
      .orderBy(q.order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`, asc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toUser), total: Number(totalRow?.total ?? 0) };
}

/** A staff account by id; the system account is not one (undefined). */
export async function findStaffUser(db: Db, id: number): Promise<User | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(groups, eq(groups.id, users.groupId))
    .where(and(eq(users.id, id), eq(users.isSystem, false)))
    .limit(1);
  return row ? toUser(row) : undefined;
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

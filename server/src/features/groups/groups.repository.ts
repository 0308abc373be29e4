import type { Group, Permission } from '@flood/domain';
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/sql';
import { users } from '../users/users.table';
import { type GroupRow, groups } from './groups.table';

// Written out: drizzle renders columns unqualified inside a raw subquery, which would compare users.id.
const memberCount = sql<number>`(select count(*)::int from "users" u where u."group_id" = "groups"."id")`;

function toGroup(row: GroupRow & { memberCount: number }): Group {
  return {
    id: row.id,
    name: row.name,
    desc: row.description,
    functions: row.functions,
    units: row.units,
    memberCount: Number(row.memberCount),
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of groups, newest first, optionally filtered by name. */
export async function listGroups(
  db: Db,
  q: { page: number; pageSize: number; keyword?: string | undefined },
): Promise<{ items: Group[]; total: number }> {
  const where = q.keyword ? ilike(groups.name, `%${escapeLike(q.keyword)}%`) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ ...tableColumns, memberCount })
      .from(groups)
      .where(where)
      .orderBy(desc(groups.createdAt), desc(groups.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(groups).where(where),
  ]);
  return { items: rows.map(toGroup), total: Number(totalRow?.total ?? 0) };
}

const tableColumns = {
  id: groups.id,
  name: groups.name,
  description: groups.description,
  functions: groups.functions,
  units: groups.units,
  createdAt: groups.createdAt,
  updatedAt: groups.updatedAt,
};

export async function findGroup(db: Db, id: number): Promise<Group | undefined> {
  const [row] = await db
    .select({ ...tableColumns, memberCount })
    .from(groups)
    .where(eq(groups.id, id))
    .limit(1);
  return row ? toGroup(row) : undefined;
}

export type GroupValues = {
  name: string;
  description: string | null;
  functions: GroupRow['functions'];
  units?: string[];
};

export async function insertGroup(db: Db, values: GroupValues): Promise<number> {
  const [row] = await db.insert(groups).values(values).returning({ id: groups.id });
  if (!row) throw new Error('insert groups returned nothing');
  return row.id;
}

export async function updateGroup(db: Db, id: number, values: GroupValues): Promise<boolean> {
  const rows = await db
    .update(groups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(groups.id, id))
    .returning({ id: groups.id });
  return rows.length > 0;
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.delete(groups).where(eq(groups.id, id));
}

/** Locks the group row for the rest of the transaction (delete vs. concurrent member assignment). */
export async function lockGroup(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, id)).for('update');
  return rows.length > 0;
}

export async function countMembers(db: Db, groupId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.groupId, groupId));
  return Number(row?.n ?? 0);
}

/** The members of a group with their permissions (the system account is never one), locked for the update. */
export async function listMemberPermissions(
  db: Db,
  groupId: number,
): Promise<{ id: number; functions: Permission[] }[]> {
  return db
    .select({ id: users.id, functions: users.functions })
    .from(users)
    .where(and(eq(users.groupId, groupId), eq(users.isSystem, false)))
    .orderBy(asc(users.id))
    .for('update');
}

export async function setMemberPermissions(db: Db, userId: number, functions: Permission[]): Promise<void> {
  await db.update(users).set({ functions, updatedAt: new Date() }).where(eq(users.id, userId));
}

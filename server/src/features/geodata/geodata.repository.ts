import type { GeodataType } from '@flood/domain';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { users } from '../users/users.table';
import { type GeodataRow, geodataItems } from './geodata.table';

export type GeodataListRow = GeodataRow & { userName: string | null; childCount: number };

const childCount = sql<number>`(select count(*)::int from geodata_items c where c.parent_id = ${geodataItems.id})`;

const listColumns = { item: geodataItems, userName: users.name, childCount };

function flatten(rows: { item: GeodataRow; userName: string | null; childCount: number }[]): GeodataListRow[] {
  return rows.map((r) => ({ ...r.item, userName: r.userName, childCount: Number(r.childCount) }));
}

/** The content of a folder (root when null): folders first, then the newest uploads. */
export async function listFolder(
  db: Db,
  parentId: number | null,
  page: number,
  pageSize: number,
): Promise<{ items: GeodataListRow[]; total: number }> {
  const where = parentId === null ? isNull(geodataItems.parentId) : eq(geodataItems.parentId, parentId);
  const [rows, [t]] = await Promise.all([
    db
      .select(listColumns)
      .from(geodataItems)
      .leftJoin(users, eq(users.id, geodataItems.userId))
      .where(where)
      .orderBy(desc(sql`${geodataItems.type} = 'FOLDER'`), desc(geodataItems.createdAt), desc(geodataItems.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(geodataItems).where(where),
  ]);
  return { items: flatten(rows), total: t?.n ?? 0 };
}

/** Every item of a type, wherever it is filed: the newest data first (the map's time pickers). */
export async function listByType(
  db: Db,
  type: GeodataType,
  page: number,
  pageSize: number,
): Promise<{ items: GeodataListRow[]; total: number }> {
  const where = eq(geodataItems.type, type);
  const [rows, [t]] = await Promise.all([
    db
      .select(listColumns)
      .from(geodataItems)
      .leftJoin(users, eq(users.id, geodataItems.userId))
      .where(where)
      .orderBy(sql`coalesce(${geodataItems.time}, ${geodataItems.createdAt}) desc`, desc(geodataItems.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(geodataItems).where(where),
  ]);
  return { items: flatten(rows), total: t?.n ?? 0 };
}

export async function findItem(db: Db, id: number): Promise<GeodataListRow | null> {
  const rows = await db
    .select(listColumns)
    .from(geodataItems)
    .leftJoin(users, eq(users.id, geodataItems.userId))
    .where(eq(geodataItems.id, id))
    .limit(1);
  return flatten(rows)[0] ?? null;
}

export async function findByPath(db: Db, path: string): Promise<GeodataRow | null> {
  const [row] = await db.select().from(geodataItems).where(eq(geodataItems.path, path)).limit(1);
  return row ?? null;
}

/** The newest item of a type (the statistics workbook, a base layer). */
export async function newestOfType(db: Db, type: GeodataType): Promise<GeodataRow | null> {
  const [row] = await db
    .select()
    .from(geodataItems)
    .where(and(eq(geodataItems.type, type)))
    .orderBy(sql`coalesce(${geodataItems.time}, ${geodataItems.createdAt}) desc`, desc(geodataItems.id))
    .limit(1);
  return row ?? null;
}

/** The newest file of each of these types (one query): the layers routing and search are built from. */
export async function newestOfTypes(
  db: Db,
  types: readonly GeodataType[],
): Promise<Pick<GeodataRow, 'id' | 'type' | 'path' | 'sha256' | 'name'>[]> {
  if (types.length === 0) return [];
  return db
    .selectDistinctOn([geodataItems.type], {
      id: geodataItems.id,
      name: geodataItems.name,
      type: geodataItems.type,
      path: geodataItems.path,
      sha256: geodataItems.sha256,
    })
    .from(geodataItems)
    .where(and(inArray(geodataItems.type, [...types]), isNotNull(geodataItems.path)))
    .orderBy(
      geodataItems.type,
      sql`coalesce(${geodataItems.time}, ${geodataItems.createdAt}) desc`,
      desc(geodataItems.id),
    );
}

export async function insertItem(db: Db, values: typeof geodataItems.$inferInsert): Promise<GeodataRow> {
  const [row] = await db.insert(geodataItems).values(values).returning();
  return row!;
}

/** Deletes an item and everything under it; returns the storage keys that held their bytes. */
export async function deleteTree(db: Db, id: number): Promise<string[]> {
  const rows = rowsOf<{ path: string | null; encodings: string }>(
    await db.execute(sql`
      with recursive tree as (
        select id, path, encodings from geodata_items where id = ${id}
        union all
        select c.id, c.path, c.encodings from geodata_items c join tree t on c.parent_id = t.id
      )
      select path, encodings from tree`),
  );
  await db.delete(geodataItems).where(eq(geodataItems.id, id));
  return rows.flatMap((r) =>
    r.path
      ? [
          r.path,
          ...r.encodings
            .split(',')
            .filter(Boolean)
            .map((e) => `${r.path}.${e === 'gzip' ? 'gz' : 'br'}`),
        ]
      : [],
  );
}

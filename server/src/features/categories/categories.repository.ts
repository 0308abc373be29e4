import type { Category } from '@flood/domain';
import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/sql';
import { users } from '../users/users.table';
import { type CategoryRow, categories } from './categories.table';

// Accent folding without the `unaccent` extension (PGlite lacks it): every accented Latin letter, both
// cases, mapped to its base letter; the same table folds the searched text in JavaScript.
const FOLD_FROM: string[] = [];
const FOLD_TO: string[] = [];
for (const [start, end] of [
  [0x00c0, 0x024f],
  [0x1e00, 0x1eff],
]) {
  for (let cp = start!; cp <= end!; cp++) {
    const ch = String.fromCodePoint(cp);
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (/^[a-z]$/.test(base)) {
      FOLD_FROM.push(ch);
      FOLD_TO.push(base);
    }
  }
}
FOLD_FROM.push('Đ', 'đ');
FOLD_TO.push('d', 'd');
const FOLD = new Map(FOLD_FROM.map((ch, i) => [ch, FOLD_TO[i]!]));
const FOLD_FROM_TEXT = FOLD_FROM.join('');
const FOLD_TO_TEXT = FOLD_TO.join('');

/** The text as the search compares it: accents removed, lower case ('Đê Điều' → 'de dieu'). */
export function foldText(text: string): string {
  return Array.from(text, (ch) => FOLD.get(ch) ?? ch)
    .join('')
    .toLowerCase();
}

const folded = (column: AnyPgColumn): SQL => sql`lower(translate(${column}, ${FOLD_FROM_TEXT}, ${FOLD_TO_TEXT}))`;

const columns = {
  id: categories.id,
  name: categories.name,
  data: categories.data,
  userId: categories.userId,
  userName: users.name,
  createdAt: categories.createdAt,
};

function toCategory(
  r: Pick<CategoryRow, 'id' | 'name' | 'data' | 'userId' | 'createdAt'> & { userName: string | null },
) {
  const category: Category = {
    id: r.id,
    name: r.name,
    objectValue: { data: r.data },
    userId: r.userId,
    userName: r.userName,
    createdAt: r.createdAt.toISOString(),
  };
  return category;
}

/** One page of categories, newest first, optionally filtered by a part of the name (case and accents ignored). */
export async function listCategories(
  db: Db,
  q: { page: number; pageSize: number; name?: string | undefined },
): Promise<{ items: Category[]; total: number }> {
  const where = q.name ? sql`${folded(categories.name)} like ${`%${escapeLike(foldText(q.name))}%`}` : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(columns)
      .from(categories)
      .leftJoin(users, eq(users.id, categories.userId))
      .where(where)
      .orderBy(desc(categories.createdAt), desc(categories.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(categories).where(where),
  ]);
  return { items: rows.map(toCategory), total: Number(totalRow?.total ?? 0) };
}

export async function findCategory(db: Db, id: number): Promise<Category | undefined> {
  const [row] = await db
    .select(columns)
    .from(categories)
    .leftJoin(users, eq(users.id, categories.userId))
    .where(eq(categories.id, id))
    .limit(1);
  return row ? toCategory(row) : undefined;
}

export type CategoryValues = { name: string; data: string | null };

export async function insertCategory(db: Db, values: CategoryValues & { userId: number }): Promise<number> {
  const [row] = await db.insert(categories).values(values).returning({ id: categories.id });
  if (!row) throw new Error('insert categories returned nothing');
  return row.id;
}

/** Changes name and data; the creator stays. False when the category does not exist. */
export async function updateCategory(db: Db, id: number, values: CategoryValues): Promise<boolean> {
  const rows = await db
    .update(categories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(categories.id, id))
    .returning({ id: categories.id });
  return rows.length > 0;
}

/** Deletes the category and returns its name, or undefined when it did not exist. */
export async function deleteCategory(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.delete(categories).where(eq(categories.id, id)).returning({ name: categories.name });
  return row?.name;
}

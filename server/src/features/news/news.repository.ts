import type { NewsListQuery, NewsStatus, NewsType } from '@flood/domain';
import { and, count, desc, eq, gt, gte, lte, min, ne, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { unitsWithinScope } from '../../db/unit-scope';
import { users } from '../users/users.table';
import { type NewNewsRow, type NewsRow, news, newsViews } from './news.table';

export type NewsWithUser = NewsRow & { userName: string | null };

const summaryColumns = {
  id: news.id,
  name: news.name,
  sapo: news.sapo,
  author: news.author,
  avatar: news.avatar,
  files: news.files,
  date: news.date,
  status: news.status,
  type: news.type,
  demo: news.demo,
  units: news.units,
  userId: news.userId,
  createdAt: news.createdAt,
  updatedAt: news.updatedAt,
  userName: users.name,
};
export type NewsSummaryRow = Omit<NewsWithUser, 'content'>;

/** Public items: PUBLISH and a publish date that has come (DECISIONS.md scheduled publishing). */
const publicWhere = (now: Date): SQL => and(eq(news.status, 'PUBLISH'), lte(news.date, now))!;

/**
 * One page of news, newest publish date first. `publicOnly` restricts to what visitors may see; without a type
 * filter the about page is left out of lists.
 */
export async function listNews(
  db: Db,
  q: Pick<NewsListQuery, 'page' | 'pageSize' | 'type' | 'status' | 'unit'> & {
    publicOnly: boolean;
    now: Date;
    /** A commune officer's units (#26): the items of some units, all of them among these. */
    scope?: readonly string[] | undefined;
  },
): Promise<{ items: NewsSummaryRow[]; total: number }> {
  const where = and(
    q.scope?.length ? unitsWithinScope(news.units, q.scope) : undefined,
    q.publicOnly ? publicWhere(q.now) : undefined,
    // One unit's pages (#26 point 4): its items and the whole area's (untagged).
    q.unit ? sql`(${news.units} = '{}'::text[] or ${q.unit} = any(${news.units}))` : undefined,
    q.type ? eq(news.type, q.type) : ne(news.type, 'GIOI_THIEU'),
    !q.publicOnly && q.status ? eq(news.status, q.status) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(news)
      .leftJoin(users, eq(users.id, news.userId))
      .where(where)
      .orderBy(desc(news.date), desc(news.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(news).where(where),
  ]);
  return { items: rows, total: Number(totalRow?.total ?? 0) };
}

/**
 * The publish date of the earliest scheduled item (PUBLISH, date still to come) a public list of this type would
 * show, or null: a cached public list must not outlive it.
 */
export async function nextScheduledDate(db: Db, q: { type?: NewsType; now: Date }): Promise<Date | null> {
  const [row] = await db
    .select({ date: min(news.date) })
    .from(news)
    .where(
      and(
        eq(news.status, 'PUBLISH'),
        gt(news.date, q.now),
        q.type ? eq(news.type, q.type) : ne(news.type, 'GIOI_THIEU'),
      ),
    );
  return row?.date ?? null;
}

export async function findNews(
  db: Db,
  where: { id: number } | { type: NewsType },
  publicAt?: Date,
): Promise<NewsWithUser | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, content: news.content })
    .from(news)
    .leftJoin(users, eq(users.id, news.userId))
    .where(
      and(
        'id' in where ? eq(news.id, where.id) : eq(news.type, where.type),
        publicAt ? publicWhere(publicAt) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export type NewsValues = Omit<NewNewsRow, 'id' | 'createdAt' | 'updatedAt' | 'userId' | 'demo'> & {
  status: NewsStatus;
  type: NewsType;
};

export async function insertNews(
  db: Db,
  values: NewsValues & { userId: number | null; demo?: boolean },
): Promise<number> {
  const [row] = await db.insert(news).values(values).returning({ id: news.id });
  if (!row) throw new Error('insert news returned nothing');
  return row.id;
}

/** The previous type of the item, or undefined when it does not exist; the creator stays. */
export async function updateNews(db: Db, id: number, values: NewsValues): Promise<boolean> {
  const rows = await db
    .update(news)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(news.id, id))
    .returning({ id: news.id });
  return rows.length > 0;
}

export async function deleteNews(db: Db, id: number): Promise<{ name: string; type: string } | undefined> {
  const [row] = await db.delete(news).where(eq(news.id, id)).returning({ name: news.name, type: news.type });
  return row;
}

/** Counts one view on a district day. */
export async function addView(db: Db, newsId: number, day: string): Promise<void> {
  await db
    .insert(newsViews)
    .values({ newsId, day, count: 1 })
    .onConflictDoUpdate({ target: [newsViews.newsId, newsViews.day], set: { count: sql`${newsViews.count} + 1` } });
}

export async function viewCount(db: Db, newsId: number): Promise<number> {
  const [row] = await db
    .select({ n: sum(newsViews.count) })
    .from(newsViews)
    .where(eq(newsViews.newsId, newsId));
  return Number(row?.n ?? 0);
}

/** Views of every item since each of the given first days (inclusive, 'YYYY-MM-DD'). */
export async function viewsSince(db: Db, days: Record<string, string>): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(days).map(async ([k, day]) => {
      const [row] = await db
        .select({ n: sum(newsViews.count) })
        .from(newsViews)
        .where(gte(newsViews.day, day));
      return [k, Number(row?.n ?? 0)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** How many news items there are, of every type. */
export async function countNews(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(news);
  return Number(row?.n ?? 0);
}

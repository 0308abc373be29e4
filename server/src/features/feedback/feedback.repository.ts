import type { Feedback } from '@flood/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type FeedbackRow, feedback } from './feedback.table';

export type FeedbackValues = Pick<FeedbackRow, 'name' | 'email' | 'phone' | 'address' | 'content'>;

const toFeedback = (r: FeedbackRow): Feedback => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  address: r.address,
  content: r.content,
  createdAt: r.createdAt.toISOString(),
});

/** One page of feedback, newest first. */
export async function listFeedback(db: Db, q: { page: number; pageSize: number }) {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(feedback)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(feedback),
  ]);
  return { items: rows.map(toFeedback), total: Number(totalRow?.total ?? 0) };
}

export async function insertFeedback(db: Db, values: FeedbackValues): Promise<Feedback> {
  const [row] = await db.insert(feedback).values(values).returning();
  if (!row) throw new Error('insert feedback returned nothing');
  return toFeedback(row);
}

export async function updateFeedback(db: Db, id: number, values: FeedbackValues): Promise<Feedback | undefined> {
  const [row] = await db
    .update(feedback)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(feedback.id, id))
    .returning();
  return row ? toFeedback(row) : undefined;
}

export async function deleteFeedback(db: Db, id: number): Promise<FeedbackRow | undefined> {
  const [row] = await db.delete(feedback).where(eq(feedback.id, id)).returning();
  return row;
}

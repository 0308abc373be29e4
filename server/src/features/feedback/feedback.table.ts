import { index, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Feedback sent from the public 'Liên hệ và góp ý' form (public-portal §3), reviewed in /system/feedback. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 255 }).notNull(),
    address: varchar('address', { length: 255 }).notNull(),
    content: varchar('content', { length: 255 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt, t.id)],
);
export type FeedbackRow = typeof feedback.$inferSelect;

import { integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/** A bulk import of historical readings: its progress and the rows it rejected. */
export const importJobs = pgTable('import_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  fileName: varchar('file_name', { length: 255 }).notNull(),
  /** queued → running → done | failed */
  status: varchar('status', { length: 16 }).notNull().default('queued'),
  total: integer('total').notNull().default(0),
  processed: integer('processed').notNull().default(0),
  stored: integer('stored').notNull().default(0),
  duplicates: integer('duplicates').notNull().default(0),
  rejectedCount: integer('rejected_count').notNull().default(0),
  /** The first rejected rows with the reason (row number as in the file, field, message). */
  rejected: jsonb('rejected').$type<{ row: number; field: string; message: string }[]>().notNull().default([]),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
export type ImportJobRow = typeof importJobs.$inferSelect;

import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/** The audit log: who did what, written in the same transaction as the change it records. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Name at the time of the action, so the log still reads after the account is deleted. */
    userName: varchar('user_name', { length: 255 }),
    content: text('content').notNull(),
    /** 'server': written by the server with the change it records; 'client': sent by a browser (POST /api/audit). */
    source: varchar('source', { length: 16 }).$type<'server' | 'client'>().notNull().default('server'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_logs_created_idx').on(t.createdAt)],
);

import { doublePrecision, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { alerts } from './alerts.table';

/**
 * The public CAP 1.2 messages of each warning: 'Alert' when it opens, 'Update' when its level changes,
 * 'Cancel' when it clears. Written in the alert's transaction, so the feed never misses a step.
 */
export const capMessages = pgTable(
  'cap_messages',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    msgType: varchar('msg_type', { length: 8 }).$type<'Alert' | 'Update' | 'Cancel'>().notNull(),
    level: integer('level').notNull(),
    value: doublePrecision('value').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cap_messages_sent_idx').on(t.sentAt), index('cap_messages_alert_idx').on(t.alertId)],
);
export type CapMessageRow = typeof capMessages.$inferSelect;

import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { warnings } from '../warnings/warnings.table';
import { alerts } from './alerts.table';

/**
 * The public CAP 1.2 messages of each warning: 'Alert' when it opens, 'Update' when its level changes (or its
 * lifetime is renewed), 'Cancel' when it clears. Written in the alert's transaction, so the feed never misses a
 * step. A message belongs to an automatic alert or to an officer's warning (#23); an officer's warning has one
 * message per contiguous part of its area (`areaKey`) at each step, rendered from the `snapshot` of the warning
 * taken when it was sent (a message never changes).
 */
export const capMessages = pgTable(
  'cap_messages',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id').references(() => alerts.id, { onDelete: 'cascade' }),
    warningId: integer('warning_id').references(() => warnings.id, { onDelete: 'cascade' }),
    /** The part of an officer's warning's area: its communes' codes joined by '+', or 'polygon'. */
    areaKey: varchar('area_key', { length: 255 }),
    msgType: varchar('msg_type', { length: 8 }).$type<'Alert' | 'Update' | 'Cancel'>().notNull(),
    level: integer('level').notNull(),
    value: doublePrecision('value').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** CAP `<expires>` (#23): every message has one. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** An officer's warning as it was when the message was sent. */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('cap_messages_sent_idx').on(t.sentAt),
    index('cap_messages_alert_idx').on(t.alertId),
    index('cap_messages_warning_idx').on(t.warningId),
    check('cap_messages_one_owner', sql`num_nonnulls(${t.alertId}, ${t.warningId}) = 1`),
  ],
);
export type CapMessageRow = typeof capMessages.$inferSelect;

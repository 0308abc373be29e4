import { index, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Every SMS the portal hands to its gateway, with the gateway's answer. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 32 }).notNull(),
    body: text('body').notNull(),
    /** Why it was sent: PHONE_VERIFICATION, FLOOD_WARNING, RAIN_WARNING… */
    purpose: varchar('purpose', { length: 32 }).notNull(),
    gateway: varchar('gateway', { length: 32 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_created_idx').on(t.createdAt)],
);

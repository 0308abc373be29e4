import { index, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The gateway log (SQL table `sms_outbox`, named before the outbox existed): every SMS the log gateway handed on,
 * with the gateway's answer.
 */
export const gatewayLog = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 32 }).notNull(),
    body: text('body').notNull(),
    /** Why it was sent: PHONE_VERIFICATION, FLOOD_WARNING, RAIN_WARNING… */
    purpose: varchar('purpose', { length: 32 }).notNull(),
    gateway: varchar('gateway', { length: 32 }).notNull(),
    /** Idempotency key of the message (outbox row id): a resend after a crash is recorded once. */
    messageId: varchar('message_id', { length: 64 }),
    status: varchar('status', { length: 16 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_created_idx').on(t.createdAt), uniqueIndex('sms_outbox_message_id_key').on(t.messageId)],
);

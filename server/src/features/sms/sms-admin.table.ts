import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { alerts } from '../alerts/alerts.table';

/** One template per alert type (flood, rain), edited by staff. */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 32 }).notNull(),
    template: varchar('template', { length: 255 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sms_templates_type_key').on(t.type)],
);

/** People told by SMS and/or e-mail when an alert opens or escalates. */
export const smsRecipients = pgTable('sms_recipients', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  description: varchar('description', { length: 255 }),
  email: varchar('email', { length: 255 }),
  phone: varchar('phone', { length: 255 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The durable outbox and the send history in one: a message is stored (PENDING) in the transaction that
 * opens the alert, then a worker sends it with retries; every attempt updates the row.
 */
export const smsHistory = pgTable(
  'sms_history',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    smsUserId: integer('sms_user_id').references(() => smsRecipients.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 255 }).notNull(),
    channel: varchar('channel', { length: 8 }).$type<'sms' | 'email'>().notNull(),
    recipient: varchar('recipient', { length: 255 }).notNull(),
    body: text('body').notNull(),
    status: varchar('status', { length: 16 }).$type<'PENDING' | 'SUCCESS' | 'FAILED'>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_history_pending_idx').on(t.status, t.nextAttemptAt),
    index('sms_history_created_idx').on(t.createdAt),
  ],
);

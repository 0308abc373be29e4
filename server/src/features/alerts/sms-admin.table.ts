import type { SmsHistoryStatus } from '@flood/domain';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { subscriberChannels, subscribers } from '../subscriptions/subscriptions.table';
import { warnings } from '../warnings/warnings.table';
import { alerts } from './alerts.table';

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
  /** On the duty list (#22): an unacknowledged level II/III alert is sent to them again. */
  onDuty: boolean('on_duty').notNull().default(false),
  /** The communes whose officers' warnings they receive (#23, GSO codes); empty: every commune. */
  communes: text('communes').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The outbox (SQL table `sms_history`): the durable outbox and the send history in one: a message is stored (PENDING) in the transaction that
 * opens the alert, then a worker sends it with retries; every attempt updates the row.
 */
export const messageOutbox = pgTable(
  'sms_history',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    /** Or the officer's warning it tells (#23). */
    warningId: integer('warning_id').references(() => warnings.id, { onDelete: 'set null' }),
    smsUserId: integer('sms_user_id').references(() => smsRecipients.id, { onDelete: 'set null' }),
    /** Or the resident's subscription it goes to (#24); its channel, whose address (and push keys) it uses. */
    subscriberId: integer('subscriber_id').references(() => subscribers.id, { onDelete: 'set null' }),
    channelId: integer('channel_id').references(() => subscriberChannels.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 255 }).notNull(),
    channel: varchar('channel', { length: 8 }).$type<'sms' | 'email' | 'push' | 'zalo'>().notNull(),
    recipient: varchar('recipient', { length: 255 }).notNull(),
    body: text('body').notNull(),
    /** Why it is sent (#22): the alert itself, a reminder to the on-duty list, an update (#23) or a cancel. */
    purpose: varchar('purpose', { length: 12 })
      .$type<'alert' | 'escalation' | 'update' | 'cancel' | 'invite'>()
      .notNull()
      .default('alert'),
    status: varchar('status', { length: 16 }).$type<SmsHistoryStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The provider's id of the message (a delivery receipt names it), and when the receipt said delivered. */
    providerId: varchar('provider_id', { length: 128 }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_history_pending_idx').on(t.status, t.nextAttemptAt),
    index('sms_history_created_idx').on(t.createdAt),
    index('sms_history_provider_idx').on(t.providerId),
    index('sms_history_subscriber_idx').on(t.subscriberId),
  ],
);

/**
 * One row per hand-over of a message to its gateway, inserted (and committed) before the gateway is called
 * and finished with the outcome after it (#19). A row left unfinished means the process died while the gateway
 * had the message: whether the provider took it is unknown, and the dispatcher decides per gateway whether to
 * send it again with the same idempotency key or to mark the message UNCERTAIN (docs/decisions.md).
 */
export const smsAttempts = pgTable(
  'sms_attempts',
  {
    id: serial('id').primaryKey(),
    smsHistoryId: integer('sms_history_id')
      .notNull()
      .references(() => messageOutbox.id, { onDelete: 'cascade' }),
    /** `sms_history.attempts` when it started (1, 2, …). */
    attemptNo: integer('attempt_no').notNull(),
    /** The gateway's name: http, smtp, log… */
    gateway: varchar('gateway', { length: 32 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Null while the gateway has it; SENT, ERROR, or INTERRUPTED (found unfinished after its process died). */
    outcome: varchar('outcome', { length: 16 }).$type<'SENT' | 'ERROR' | 'INTERRUPTED'>(),
    error: text('error'),
  },
  (t) => [uniqueIndex('sms_attempts_history_attempt_key').on(t.smsHistoryId, t.attemptNo)],
);

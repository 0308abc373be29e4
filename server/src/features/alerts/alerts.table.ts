import type { AlertEventType } from '@flood/domain';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { stations } from '../stations/stations.table';
import { users } from '../users/users.table';

/** Warnings: at most one open alert per station and kind; `belowSince` carries the hysteresis clock. */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 24 }).notNull(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    /** The current value (every evaluation updates it). */
    value: doublePrecision('value').notNull(),
    /** The value that raised it: the highest since it opened (null on rows older than the column). */
    peakValue: doublePrecision('peak_value'),
    /** 'rising' | 'falling' | 'steady' at the last evaluation (null: not known yet). */
    trend: varchar('trend', { length: 8 }),
    message: text('message').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Since when the value has stayed below the level minus the margin (null: not below). */
    belowSince: timestamp('below_since', { withTimezone: true }),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    /** When its level was confirmed and people were told (#22); null: seen once, not confirmed yet. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** A staff member took charge (#22): when, who (name kept after the account goes), their note. */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedByName: varchar('acknowledged_by_name', { length: 255 }),
    ackNote: text('ack_note'),
    /** How many times it went to the on-duty list again, unacknowledged, and when last. */
    escalations: integer('escalations').notNull().default(0),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /** Cancelled (a correction removed the reading it rested on): when and why; clearedAt is set too. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    uniqueIndex('alerts_open_key').on(t.stationId, t.kind).where(sql`${t.clearedAt} is null`),
    index('alerts_opened_idx').on(t.openedAt),
  ],
);
export type AlertRow = typeof alerts.$inferSelect;

/** What happened to an alert, in order (#22): the alerts page's timeline. */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).$type<AlertEventType>().notNull(),
    level: integer('level'),
    value: doublePrecision('value'),
    /** Messages queued, a note, a reason. */
    detail: text('detail'),
    userName: varchar('user_name', { length: 255 }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_events_alert_idx').on(t.alertId, t.id)],
);
export type AlertEventRow = typeof alertEvents.$inferSelect;

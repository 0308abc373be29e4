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
  },
  (t) => [
    uniqueIndex('alerts_open_key').on(t.stationId, t.kind).where(sql`${t.clearedAt} is null`),
    index('alerts_opened_idx').on(t.openedAt),
  ],
);
export type AlertRow = typeof alerts.$inferSelect;

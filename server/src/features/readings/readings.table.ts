import type { QualityRule, ReadingQuality } from '@flood/domain';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { stations } from '../stations/stations.table';
import { users } from '../users/users.table';

/** Every reading: one narrow row per station and instant (the push is idempotent on this key). */
export const readings = pgTable(
  'readings',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    /** Rain: mm in the logger's interval. Water: level in cm. */
    value: doublePrecision('value').notNull(),
    /** good | suspect | bad | corrected (#22, domain reading-quality.ts); only good and corrected warn. */
    quality: varchar('quality', { length: 10 }).$type<ReadingQuality>().notNull().default('good'),
    /** The rule that flagged it ('manual': staff); null when good. */
    qualityRule: varchar('quality_rule', { length: 16 }).$type<QualityRule>(),
    /** The logger's value, kept when staff corrected it (null: never corrected). */
    originalValue: doublePrecision('original_value'),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.observedAt] }),
    // The few flagged readings of a station, found without scanning its good ones (charts, the review page).
    index('readings_flagged_idx').on(t.stationId, t.observedAt).where(sql`${t.quality} <> 'good'`),
  ],
);

/**
 * Staff corrections of readings (#22): who, when, which readings (one instant or a range), the old and new
 * value, why. Written in the transaction that changes the readings.
 */
export const readingCorrections = pgTable(
  'reading_corrections',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** 'correct': a new value for one reading; 'bad': marked faulty; 'good': accepted as good again. */
    action: varchar('action', { length: 8 }).$type<'correct' | 'bad' | 'good'>().notNull(),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    toAt: timestamp('to_at', { withTimezone: true }).notNull(),
    /** How many readings it changed. */
    count: integer('count').notNull(),
    /** One reading: its value before and after (a range: null). */
    oldValue: doublePrecision('old_value'),
    newValue: doublePrecision('new_value'),
    reason: text('reason').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: varchar('user_name', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reading_corrections_station_idx').on(t.stationId, t.createdAt)],
);
export type ReadingCorrectionRow = typeof readingCorrections.$inferSelect;

/** Hourly rollups, maintained on every stored reading, so charts and reports never scan raw rows. */
export const readingsHourly = pgTable(
  'readings_hourly',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** Start of the hour (UTC). */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    sum: doublePrecision('sum').notNull(),
    count: integer('count').notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    lastValue: doublePrecision('last_value').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.hour] })],
);

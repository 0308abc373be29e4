import { doublePrecision, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { stations } from '../stations/stations.table';

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
  },
  (t) => [primaryKey({ columns: [t.stationId, t.observedAt] })],
);

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

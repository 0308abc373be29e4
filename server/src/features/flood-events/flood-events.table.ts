import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { stations } from '../stations/stations.table';
import { users } from '../users/users.table';

/**
 * Flood events (issue #10, back-office §2.9): detected from the water readings (AUTO: from the first reading at
 * or above a station's level I until every station is back below it) or added by staff (MANUAL). Staff may
 * name, re-time or annotate any event; an edited event is left alone when a period is recomputed.
 */
export const floodEvents = pgTable(
  'flood_events',
  {
    id: serial('id').primaryKey(),
    /** Staff's name; null shows 'Trận lũ ngày {start day}'. */
    name: varchar('name', { length: 255 }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    /** Null while the water is still above level I. */
    endAt: timestamp('end_at', { withTimezone: true }),
    peakStationId: integer('peak_station_id').references(() => stations.id, { onDelete: 'set null' }),
    /** Water level of the peak reading, cm. */
    peakValue: doublePrecision('peak_value'),
    peakAt: timestamp('peak_at', { withTimezone: true }),
    note: varchar('note', { length: 1000 }),
    source: varchar('source', { length: 8 }).$type<'AUTO' | 'MANUAL'>().notNull().default('AUTO'),
    edited: boolean('edited').notNull().default(false),
    demo: boolean('demo').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('flood_events_start_idx').on(t.startAt),
    // At most one detected event is open at a time, whichever process detects it.
    uniqueIndex('flood_events_one_open_idx').on(t.source).where(sql`${t.endAt} is null and ${t.source} = 'AUTO'`),
  ],
);
export type FloodEventRow = typeof floodEvents.$inferSelect;
export type NewFloodEventRow = typeof floodEvents.$inferInsert;

import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/** Rain (F00…) and water-level (F01…) stations. Levels in centimetres; coordinates with their real meaning. */
export const stations = pgTable(
  'stations',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    description: varchar('description', { length: 255 }).notNull(),
    kind: varchar('kind', { length: 8 }).$type<'rain' | 'water'>().notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    warningLevel1: doublePrecision('warning_level1'),
    warningLevel2: doublePrecision('warning_level2'),
    warningLevel3: doublePrecision('warning_level3'),
    warningLowWater: doublePrecision('warning_low_water'),
    /** The secret a station's data logger sends with each push (shown to staff, regenerable). */
    pushKey: varchar('push_key', { length: 64 }).notNull(),
    /**
     * 'active'; 'inactive' ('Ngừng hoạt động': refuses pushes, raises no warning, keeps its history);
     * 'deleted': readings gone, the row kept only behind the CAP messages it once published (issue #18).
     */
    /** The unit staff chose for the station (#26); null: the unit whose boundary holds it. */
    unitCode: varchar('unit_code', { length: 12 }),
    status: varchar('status', { length: 16 }).$type<'active' | 'inactive' | 'deleted'>().notNull().default('active'),
    /** A station of the demo seed: the only ones the demo simulator feeds; its alerts reach only the log gateway. */
    demo: boolean('demo').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A deleted station's code may be given to a new one.
  (t) => [uniqueIndex('stations_code_key').on(t.code).where(sql`${t.status} <> 'deleted'`)],
);
export type StationRow = typeof stations.$inferSelect;

import { doublePrecision, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/**
 * Routes saved by staff from the map's route-planning mode ('Lưu thông tin tuyến'): a name and the line,
 * shown publicly with the evacuation roads overlay. The length is measured by the server when saved.
 */
export const savedRoutes = pgTable(
  'saved_routes',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    /** GeoJSON LineString positions, [longitude, latitude] (WGS84). */
    coordinates: jsonb('coordinates').$type<[number, number][]>().notNull(),
    lengthM: doublePrecision('length_m').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_routes_created_idx').on(t.createdAt, t.id)],
);
export type SavedRouteRow = typeof savedRoutes.$inferSelect;

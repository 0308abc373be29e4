import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/**
 * The geodata file manager (§2.8): folders and files in one tree. A file's bytes live in the file storage
 * under `path` (a random name); folders have no path. Deleting a folder deletes its content (cascade).
 */
export const geodataItems = pgTable(
  'geodata_items',
  {
    id: serial('id').primaryKey(),
    /** The name people see (the uploaded file's name, or the folder's). */
    name: varchar('name', { length: 255 }).notNull(),
    /** FOLDER, CURRENT_HIGH, CURRENT_RAIN, FORECAST_HIGH, FORECAST_RAIN, REAL_RAIN, REAL_WATER, SCRIPT_FLOOD, CLASS_INUNDATION, OTHER, png, xlsx, or a base layer type. */
    type: varchar('type', { length: 32 }).notNull(),
    /** Storage key of the bytes, e.g. '3f9ac1….geojson'; null for folders. */
    path: varchar('path', { length: 128 }),
    parentId: integer('parent_id').references((): AnyPgColumn => geodataItems.id, { onDelete: 'cascade' }),
    /** The time the data describes (the map's time pickers), not the upload time. */
    time: timestamp('time', { withTimezone: true }),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    contentType: varchar('content_type', { length: 128 }),
    /** SHA-256 of the bytes (the ETag). */
    sha256: varchar('sha256', { length: 64 }),
    /** Pre-compressed variants kept next to the bytes: 'br,gzip' or ''. */
    encodings: varchar('encodings', { length: 32 }).notNull().default(''),
    /** Seeded demo data (marked as such in the interface), replaced when staff upload real data. */
    demo: boolean('demo').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('geodata_type_time_idx').on(t.type, t.time),
    index('geodata_parent_idx').on(t.parentId),
    uniqueIndex('geodata_path_key').on(t.path),
  ],
);
export type GeodataRow = typeof geodataItems.$inferSelect;

import { boolean, doublePrecision, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/**
 * Flood photos posted from the public map (spec public-portal §3, back-office §3). The bytes live in the file
 * storage under random keys: the photo (metadata stripped, re-encoded) and its 40 px thumbnail. The position
 * is the one the poster's device or map click gave, never read from the photo's EXIF.
 */
export const floodPhotos = pgTable(
  'flood_photos',
  {
    id: serial('id').primaryKey(),
    /** The poster's description (API `desc`); '' when none was given. */
    description: varchar('description', { length: 255 }).notNull().default(''),
    location: varchar('location', { length: 255 }).notNull(),
    /** Latitude (API `lat`) and longitude (API `long`) in their real meaning (DECISIONS.md). */
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Storage keys, e.g. '3f9ac1….jpg'. */
    imageKey: varchar('image_key', { length: 128 }).notNull(),
    thumbnailKey: varchar('thumbnail_key', { length: 128 }).notNull(),
    /** Content type of the stored photo (image/jpeg, image/png or image/webp); thumbnails are JPEG. */
    mime: varchar('mime', { length: 32 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    /** Seeded demo photo (DEMO on). */
    demo: boolean('demo').notNull().default(false),
    /** The signed-in poster; null for an anonymous visitor. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('flood_photos_created_idx').on(t.createdAt, t.id),
    index('flood_photos_position_idx').on(t.latitude, t.longitude),
  ],
);
export type FloodPhotoRow = typeof floodPhotos.$inferSelect;
export type NewFloodPhotoRow = typeof floodPhotos.$inferInsert;

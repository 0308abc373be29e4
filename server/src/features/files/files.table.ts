import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/**
 * Files uploaded by staff for news (editor images, avatars, attachments, directive PDFs). The id is 32 random
 * hex characters (the URL `/api/files/{id}`), so a draft's attachment cannot be found by counting.
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    /** Storage keys (random names); the thumbnail only for images. */
    storageKey: varchar('storage_key', { length: 128 }).notNull(),
    thumbnailKey: varchar('thumbnail_key', { length: 128 }),
    /** The name the uploader's file had (safe display name), for Content-Disposition. */
    name: varchar('name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploaded_files_created_idx').on(t.createdAt)],
);
export type UploadedFileRow = typeof uploadedFiles.$inferSelect;

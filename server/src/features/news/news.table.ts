import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/**
 * News items (back-office §3): activity (NORMAL) and warning news, directive documents (DOCUMENT, the PDFs in
 * `files`) and the about page (GIOI_THIEU, at most one row). `content` is HTML, sanitised before it is stored.
 */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    sapo: text('sapo'),
    author: varchar('author', { length: 255 }),
    /** An uploaded file URL (`/api/files/{id}`). */
    avatar: varchar('avatar', { length: 64 }),
    files: jsonb('files').$type<string[]>().notNull().default([]),
    content: text('content').notNull(),
    /** Publish date (UTC); public lists show an item once it has come. */
    date: timestamp('date', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    /** Seeded demo content (DEMO on). */
    demo: boolean('demo').notNull().default(false),
    /** The units it is about (#26 point 4): also on those units' public pages. Empty: the whole area. */
    units: text('units').array().notNull().default(sql`'{}'::text[]`),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('news_type_status_date_idx').on(t.type, t.status, t.date),
    index('news_created_idx').on(t.createdAt),
    // The about page is a single record (DECISIONS.md).
    uniqueIndex('news_single_about_idx').on(t.type).where(sql`${t.type} = 'GIOI_THIEU'`),
  ],
);
export type NewsRow = typeof news.$inferSelect;
export type NewNewsRow = typeof news.$inferInsert;

/** Views of a news item per day of the district's calendar (`POST /api/view`); totals and statistics sum them. */
export const newsViews = pgTable(
  'news_views',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.day] }), index('news_views_day_idx').on(t.day)],
);

import { boolean, date, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/**
 * Damage records of floods (back-office §3): ASSET (traffic, construction, agriculture, irrigation, electricity,
 * total) or PERSON (male, female), each field free text up to 255 characters, on a district day. The flood
 * event of a record is the one whose period contains its day, found when read (events can be re-timed).
 */
export const damages = pgTable(
  'damages',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 8 }).$type<'ASSET' | 'PERSON'>().notNull(),
    /** The district day (YYYY-MM-DD). */
    date: date('date', { mode: 'string' }).notNull(),
    data: jsonb('data').$type<Record<string, string | null>>().notNull().default({}),
    demo: boolean('demo').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('damages_type_date_idx').on(t.type, t.date)],
);
export type DamageRow = typeof damages.$inferSelect;
export type NewDamageRow = typeof damages.$inferInsert;

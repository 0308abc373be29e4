import type { Permission } from '@flood/domain';
import { jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  description: varchar('description', { length: 255 }),
  functions: jsonb('functions').$type<Permission[]>().notNull().default([]),
  /** The units its members may see and change (#26), unless a member has its own; empty: every unit. */
  units: jsonb('units').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type GroupRow = typeof groups.$inferSelect;

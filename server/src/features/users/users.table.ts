import type { Permission } from '@flood/domain';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { groups } from '../groups/groups.table';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    /** Stored lower-cased; unique. */
    email: varchar('email', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 255 }),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'restrict' }),
    functions: jsonb('functions').$type<Permission[]>().notNull().default(['system']),
    /** The units this user may see and change (#26); empty: its group's, and when that is empty too, every unit. */
    units: jsonb('units').$type<string[]>().notNull().default([]),
    /** The built-in system account: hidden from the user list, never deletable. */
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);
export type UserRow = typeof users.$inferSelect;

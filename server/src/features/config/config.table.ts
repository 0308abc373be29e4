import { jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Configuration records ('Web Parameters' and free-text content records), back-office §3. */
export const systemParameters = pgTable(
  'system_parameters',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    objectValue: jsonb('object_value').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('system_parameters_name_key').on(t.name)],
);
export type SystemParameterRow = typeof systemParameters.$inferSelect;

import { boolean, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/** The map's layers (§2.7): the map lists a layer only when this table holds it by name and it is on. */
export const dataLayers = pgTable('data_layers', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  /** The symbol is an icon and colour pair, one of the domain's DATA_LAYER_SYMBOLS. */
  symbolIcon: varchar('symbol_icon', { length: 64 }).notNull(),
  symbolColor: varchar('symbol_color', { length: 32 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type DataLayerRow = typeof dataLayers.$inferSelect;

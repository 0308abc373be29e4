import type { AreaSettings } from '@flood/domain';
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * The area the portal serves (#26 point 1): one row at most, written by the 'Khu vực' page. No row: the built-in
 * default (domain `DEFAULT_AREA`).
 */
export const portalArea = pgTable(
  'portal_area',
  {
    id: smallint('id').primaryKey().default(1),
    settings: jsonb('settings').$type<AreaSettings>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [check('portal_area_single_row', sql`${t.id} = 1`)],
);
export type PortalAreaRow = typeof portalArea.$inferSelect;

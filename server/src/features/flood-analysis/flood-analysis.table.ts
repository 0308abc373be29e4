import type { FloodAreaResult } from '@flood/domain';
import { integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { geodataItems } from '../geodata/geodata.table';

/**
 * The flood analysis data of a flood extent layer (back-office §3): flooded area per commune and the Total,
 * by depth class, measured against the administrative regions file when the layer was uploaded. One row per
 * layer, deleted with it.
 */
export const floodAnalyses = pgTable('flood_analyses', {
  geodataId: integer('geodata_id')
    .primaryKey()
    .references(() => geodataItems.id, { onDelete: 'cascade' }),
  /** PENDING, RUNNING, DONE or FAILED. */
  status: varchar('status', { length: 16 }).notNull().default('PENDING'),
  error: text('error'),
  /** The administrative regions file measured against (the newest REGION file at the time). */
  regionLayerId: integer('region_layer_id').references(() => geodataItems.id, { onDelete: 'set null' }),
  /** Square metres per commune and depth class (domain `FloodAreaResult`). */
  result: jsonb('result').$type<FloodAreaResult>(),
  durationMs: integer('duration_ms'),
  computedAt: timestamp('computed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type FloodAnalysisRow = typeof floodAnalyses.$inferSelect;

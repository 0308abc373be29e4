import { bigint, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { stations } from '../stations/stations.table';

/**
 * Evaluations owed (#19): a live reading's statement also writes its station here, so a reading that was
 * acknowledged is evaluated even when the process dies before its in-memory event is handled. One row per
 * station (an evaluation looks at the station's latest state); the evaluation claims the row with
 * `FOR UPDATE SKIP LOCKED` and deletes it in the transaction that records the alert and its messages.
 */
export const alertEvaluationsPending = pgTable('alert_evaluations_pending', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  /** When the latest reading queued it. */
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  /** Bumped by every reading queued since the row was created. */
  seq: bigint('seq', { mode: 'number' }).notNull().default(1),
});

import { type AlertKind, alertEvent, CAP_PUBLIC_KINDS } from '@flood/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import type { StationRow } from '../stations/stations.table';
import { toAlert } from './alert-engine';
import { type AlertRow, alerts } from './alerts.table';
import { capMessages } from './cap.table';

/**
 * Clears every open warning of a station that stops (or is deleted), the way the engine clears one that
 * ended: `cleared_at` set and, for the public kinds, a CAP 'Cancel' at the same level and value, so a feed
 * reader does not keep a warning nobody will ever cancel. Run inside the caller's transaction; announce the
 * returned rows with `announceCleared` after it commits.
 */
export async function clearStationAlerts(tx: Db, stationId: number, at: Date): Promise<AlertRow[]> {
  const cleared = await tx
    .update(alerts)
    .set({ clearedAt: at, updatedAt: at, belowSince: null })
    .where(and(eq(alerts.stationId, stationId), isNull(alerts.clearedAt)))
    .returning();
  const cancels = cleared
    .filter((a) => CAP_PUBLIC_KINDS.includes(a.kind as AlertKind))
    .map((a) => ({ alertId: a.id, msgType: 'Cancel' as const, level: a.level, value: a.value, sentAt: at }));
  if (cancels.length) await tx.insert(capMessages).values(cancels);
  return cleared;
}

/** Tells the pages (event stream) that these warnings ended, as the engine does for a cleared one. */
export function announceCleared(bus: EventBus, cleared: AlertRow[], station: StationRow): void {
  for (const a of cleared) bus.publish('alert', alertEvent('cleared', toAlert(a, station)));
}

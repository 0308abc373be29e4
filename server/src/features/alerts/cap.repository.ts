import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type StationRow, stations } from '../stations/stations.table';
import { type AlertRow, alerts } from './alerts.table';
import { type CapMessageRow, capMessages } from './cap.table';

export interface CapMessageFull {
  message: CapMessageRow;
  alert: AlertRow;
  station: StationRow;
}

/** One CAP message with its warning and station; null when it does not exist. */
export async function findCapMessage(db: Db, id: number): Promise<CapMessageFull | null> {
  const [row] = await db
    .select({ message: capMessages, alert: alerts, station: stations })
    .from(capMessages)
    .innerJoin(alerts, eq(alerts.id, capMessages.alertId))
    .innerJoin(stations, eq(stations.id, alerts.stationId))
    .where(eq(capMessages.id, id))
    .limit(1);
  return row ?? null;
}

/** The earlier messages of the same warning (an Update or Cancel references them), oldest first. */
export function earlierCapMessages(db: Db, alertId: number, beforeId: number): Promise<CapMessageRow[]> {
  return db
    .select()
    .from(capMessages)
    .where(and(eq(capMessages.alertId, alertId), lt(capMessages.id, beforeId)))
    .orderBy(capMessages.id);
}

/** The messages of the feed: sent since `since`, newest first, at most `limit`. */
export function recentCapMessages(db: Db, since: Date, limit: number): Promise<CapMessageFull[]> {
  return db
    .select({ message: capMessages, alert: alerts, station: stations })
    .from(capMessages)
    .innerJoin(alerts, eq(alerts.id, capMessages.alertId))
    .innerJoin(stations, eq(stations.id, alerts.stationId))
    .where(gte(capMessages.sentAt, since))
    .orderBy(desc(capMessages.id))
    .limit(limit);
}

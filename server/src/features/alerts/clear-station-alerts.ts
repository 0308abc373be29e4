import { alertEvent } from '@flood/domain';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import type { StationRow } from '../stations/stations.table';
import { toAlert } from './alert-engine';
import { clearOpenAlertsOfStation, stationEverWarned } from './alerts.repository';
import type { AlertRow } from './alerts.table';

/**
 * Clears every open warning of a station that stops (or is deleted), the way the engine clears one that
 * ended: `cleared_at` set and, for the public kinds, a CAP 'Cancel' at the same level and value, so a feed
 * reader does not keep a warning nobody will ever cancel. Run inside the caller's transaction; announce the
 * returned rows with `announceCleared` after it commits.
 */
export function clearStationAlerts(tx: Db, stationId: number, at: Date): Promise<AlertRow[]> {
  return clearOpenAlertsOfStation(tx, stationId, at);
}

/** Station editing's view of a station's warnings (stations.service `StationAlerts`; app.ts passes it in). */
export function createStationAlerts(bus: EventBus) {
  return {
    async endWarnings(tx: Db, station: StationRow, at: Date): Promise<() => void> {
      const cleared = await clearStationAlerts(tx, station.id, at);
      return () => announceCleared(bus, cleared, station);
    },
    everWarned: (db: Db, stationId: number) => stationEverWarned(db, stationId),
  };
}

/** Tells the pages (event stream) that these warnings ended, as the engine does for a cleared one. */
export function announceCleared(bus: EventBus, cleared: AlertRow[], station: StationRow): void {
  for (const a of cleared) bus.publish('alert', alertEvent('cleared', toAlert(a, station)));
}

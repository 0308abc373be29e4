import { alertEvent } from '@flood/domain';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import type { StationRow } from '../stations/stations.table';
import { toAlert } from './alert-engine';
import { clearOpenAlertsOfStation, stationEverWarned } from './alerts.repository';

/** Station editing's view of a station's warnings (stations.service `StationAlerts`; app.ts passes it in). */
export function createStationAlerts(bus: EventBus) {
  return {
    /**
     * Clears every open warning of a station that stops (or is deleted), the way the engine clears one that
     * ended: `cleared_at` set and, for the public kinds, a CAP 'Cancel' at the same level and value, so a feed
     * reader does not keep a warning nobody will ever cancel. Runs inside the caller's transaction; the returned
     * function tells the pages (event stream) that these warnings ended, once it has committed.
     */
    async endWarnings(tx: Db, station: StationRow, at: Date): Promise<() => void> {
      const cleared = await clearOpenAlertsOfStation(tx, station.id, at);
      return () => {
        for (const a of cleared) bus.publish('alert', alertEvent('cleared', toAlert(a, station)));
      };
    },
    everWarned: stationEverWarned,
  };
}

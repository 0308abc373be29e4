import { compareVietnamese } from '../common/collation';
import type { Alert, AlertKind } from './alerts.schemas';

/**
 * How serious each kind of warning is, most serious first: the river's level (people in its way have to move),
 * a fast rise, the 24-hour rain (flash-flood risk), the hourly rain, and last a station that stopped reporting
 * (not a hazard by itself).
 */
export const ALERT_KIND_SEVERITY: readonly AlertKind[] = [
  'WATER_LEVEL',
  'WATER_RISE',
  'RAIN_24H',
  'RAIN_INTENSITY',
  'STATION_SILENT',
];

const kindRank = (kind: AlertKind) => {
  const rank = ALERT_KIND_SEVERITY.indexOf(kind);
  return rank < 0 ? ALERT_KIND_SEVERITY.length : rank;
};

type Ranked = Pick<Alert, 'id' | 'kind' | 'level' | 'stationName'>;

/**
 * The one order of warnings, most severe first (for `Array.sort`): by kind (`ALERT_KIND_SEVERITY`: water level
 * Cấp III > II > I, then a fast rise, then rain), then by level (III before I), then by station name and id, so
 * that a list does not reshuffle while readings change the values.
 */
export function compareAlertSeverity(a: Ranked, b: Ranked): number {
  return (
    kindRank(a.kind) - kindRank(b.kind) ||
    b.level - a.level ||
    compareVietnamese(a.stationName, b.stationName) ||
    a.id - b.id
  );
}

/** The warnings of one station, its most severe first. */
export interface StationAlerts<A extends Ranked & Pick<Alert, 'stationId'> = Alert> {
  stationId: number;
  /** Sorted by `compareAlertSeverity`; never empty. */
  alerts: A[];
}

/**
 * The open warnings grouped by station (a station with a level and a rain warning is one entry), the stations
 * ordered by their most severe warning.
 */
export function alertsByStation<A extends Ranked & Pick<Alert, 'stationId'>>(alerts: readonly A[]): StationAlerts<A>[] {
  const byStation = new Map<number, A[]>();
  for (const alert of alerts) {
    const list = byStation.get(alert.stationId);
    if (list) list.push(alert);
    else byStation.set(alert.stationId, [alert]);
  }
  const groups = [...byStation].map(([stationId, list]) => ({
    stationId,
    alerts: list.sort(compareAlertSeverity),
  }));
  return groups.sort((x, y) => compareAlertSeverity(x.alerts[0]!, y.alerts[0]!));
}

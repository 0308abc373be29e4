import { describe, expect, it } from 'vitest';
import { alertsByStation, compareAlertSeverity } from './alert-severity';
import type { AlertKind } from './alerts.schemas';

const a = (id: number, kind: AlertKind, level: number, stationName = `Trạm ${id}`, stationId = id) => ({
  id,
  kind,
  level,
  stationName,
  stationId,
});

describe('compareAlertSeverity', () => {
  it('puts the water level III > II > I first, then a fast rise, the 24-hour rain, the hourly rain, a silent station', () => {
    const alerts = [
      a(1, 'RAIN_INTENSITY', 1),
      a(2, 'STATION_SILENT', 1),
      a(3, 'WATER_LEVEL', 1),
      a(4, 'RAIN_24H', 3),
      a(5, 'WATER_LEVEL', 3),
      a(6, 'RAIN_INTENSITY', 2),
      a(7, 'WATER_RISE', 1),
      a(8, 'WATER_LEVEL', 2),
      a(9, 'RAIN_24H', 1),
    ];
    expect(alerts.sort(compareAlertSeverity).map((x) => x.id)).toEqual([5, 8, 3, 7, 4, 9, 6, 1, 2]);
  });

  it('orders equal warnings by station name (Vietnamese), then id, whatever the input order', () => {
    const list = [
      a(3, 'WATER_LEVEL', 2, 'Đồn Đạc'),
      a(2, 'WATER_LEVEL', 2, 'Ba Chẽ'),
      a(1, 'WATER_LEVEL', 2, 'Đồn Đạc'),
    ];
    expect([...list].sort(compareAlertSeverity).map((x) => x.id)).toEqual([2, 1, 3]);
    expect(
      [...list]
        .reverse()
        .sort(compareAlertSeverity)
        .map((x) => x.id),
    ).toEqual([2, 1, 3]);
  });
});

describe('alertsByStation', () => {
  it('makes one entry per station, its warnings and the stations ordered by severity', () => {
    const groups = alertsByStation([
      a(1, 'RAIN_INTENSITY', 1, 'Nam Sơn', 10),
      a(2, 'RAIN_24H', 2, 'Nam Sơn', 10),
      a(3, 'WATER_LEVEL', 3, 'Ba Chẽ', 20),
      a(4, 'WATER_RISE', 1, 'Ba Chẽ', 20),
      a(5, 'WATER_LEVEL', 1, 'Thanh Lâm', 30),
    ]);
    expect(groups.map((g) => [g.stationId, g.alerts.map((x) => x.id)])).toEqual([
      [20, [3, 4]],
      [30, [5]],
      [10, [2, 1]],
    ]);
  });

  it('gives nothing for no warning', () => {
    expect(alertsByStation([])).toEqual([]);
  });
});

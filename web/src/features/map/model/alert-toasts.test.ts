import type { Alert } from '@flood/domain';
import { describe, expect, it } from 'vitest';
import { pickAlertsToToast } from './alert-toasts';

const alert = (id: number, level: number, over: Partial<Alert> = {}): Alert => ({
  id,
  kind: 'WATER_LEVEL',
  stationId: id,
  stationCode: `F0102${id}`,
  stationName: `Trạm ${id}`,
  stationKind: 'water',
  level,
  value: 60,
  peakValue: 60,
  trend: 'steady',
  positionText: 'Đối diện Trung tâm Y tế huyện',
  lat: 21.27,
  long: 107.29,
  message: 'x',
  since: '2026-11-23T00:00:00.000Z',
  updatedAt: '2026-11-23T00:00:00.000Z',
  clearedAt: null,
  ...over,
});

describe('warning toasts: one per alert and level', () => {
  it('toasts every open alert on load, then nothing again on the next polls', () => {
    const first = pickAlertsToToast([alert(1, 2), alert(2, 1)], new Map());
    expect(first.toast.map((a) => a.id)).toEqual([1, 2]);
    const again = pickAlertsToToast([alert(1, 2), alert(2, 1)], first.toasted);
    expect(again.toast).toEqual([]);
    expect(pickAlertsToToast([alert(2, 1), alert(1, 2)], again.toasted).toast).toEqual([]);
  });

  it('toasts an escalation and a new alert, not a lowering or a level seen before', () => {
    const seen = pickAlertsToToast([alert(1, 1)], new Map()).toasted;
    const up = pickAlertsToToast([alert(1, 2), alert(3, 1)], seen);
    expect(up.toast.map((a) => [a.id, a.level])).toEqual([
      [1, 2],
      [3, 1],
    ]);
    const down = pickAlertsToToast([alert(1, 1), alert(3, 1)], up.toasted);
    expect(down.toast).toEqual([]);
    // Back up to a level already toasted: still nothing; to a higher one: a toast.
    expect(pickAlertsToToast([alert(1, 2)], down.toasted).toast).toEqual([]);
    expect(pickAlertsToToast([alert(1, 3)], down.toasted).toast.map((a) => a.level)).toEqual([3]);
  });

  it('a cleared alert that opens again is a new alert (new id) and toasts again', () => {
    const seen = pickAlertsToToast([alert(1, 2)], new Map()).toasted;
    expect(pickAlertsToToast([alert(9, 2, { stationCode: 'F01021' })], seen).toast.map((a) => a.id)).toEqual([9]);
  });

  it('does not toast a silent station or a cleared alert', () => {
    const picked = pickAlertsToToast(
      [alert(4, 1, { kind: 'STATION_SILENT' }), alert(5, 2, { clearedAt: '2026-11-23T01:00:00.000Z' })],
      new Map(),
    );
    expect(picked.toast).toEqual([]);
  });

  it('does not change the map it was given', () => {
    const seen = new Map<number, number>();
    pickAlertsToToast([alert(1, 2)], seen);
    expect(seen.size).toBe(0);
  });
});

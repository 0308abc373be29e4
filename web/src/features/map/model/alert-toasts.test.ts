import type { Alert } from '@flood/domain';
import { describe, expect, it } from 'vitest';
import { testAlert as alert } from '../../../test/fixtures';
import { pickAlertsToToast } from './alert-toasts';

/** What the page knows once the first list arrived. */
const loaded = (alerts: Alert[]) => pickAlertsToToast(alerts, null).toasted;

describe('warning toasts: only what is new, most severe first', () => {
  it('toasts none of the warnings already open when the page loads, and nothing on the next polls', () => {
    const first = pickAlertsToToast([alert(1, 2), alert(2, 1), alert(3, 3)], null);
    expect(first.toast).toEqual([]);
    expect(pickAlertsToToast([alert(1, 2), alert(2, 1), alert(3, 3)], first.toasted).toast).toEqual([]);
    expect(pickAlertsToToast([alert(3, 3), alert(2, 1), alert(1, 2)], first.toasted).toast).toEqual([]);
  });

  it('an empty first list still counts as loaded: the first warning after it toasts', () => {
    expect(pickAlertsToToast([alert(1, 2)], loaded([])).toast.map((a) => a.id)).toEqual([1]);
  });

  it('toasts an escalation and a new alert, not a lowering or a level seen before', () => {
    const seen = loaded([alert(1, 1)]);
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

  it('several new warnings at once: water Cấp III, II, I, then rain (the server lists them in any order)', () => {
    const picked = pickAlertsToToast(
      [
        alert(11, 1, { kind: 'RAIN_INTENSITY', stationKind: 'rain' }),
        alert(12, 1),
        alert(13, 3),
        alert(14, 2, { kind: 'RAIN_24H', stationKind: 'rain' }),
        alert(15, 2),
      ],
      loaded([]),
    );
    expect(picked.toast.map((a) => a.id)).toEqual([13, 15, 12, 14, 11]);
  });

  it('a cleared alert that opens again is a new alert (new id) and toasts again', () => {
    const seen = loaded([alert(1, 2)]);
    expect(pickAlertsToToast([alert(9, 2, { stationCode: 'F01021' })], seen).toast.map((a) => a.id)).toEqual([9]);
  });

  it('does not toast a silent station or a cleared alert', () => {
    const picked = pickAlertsToToast(
      [alert(4, 1, { kind: 'STATION_SILENT' }), alert(5, 2, { clearedAt: '2026-11-23T01:00:00.000Z' })],
      loaded([]),
    );
    expect(picked.toast).toEqual([]);
  });

  it('does not change the map it was given', () => {
    const seen = new Map<number, number>();
    pickAlertsToToast([alert(1, 2)], seen);
    expect(seen.size).toBe(0);
  });
});

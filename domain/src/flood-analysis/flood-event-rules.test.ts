import { describe, expect, it } from 'vitest';
import { effectiveLevels } from '../stations/classify';
import { DEFAULT_WEB_PARAMETERS } from '../stations/web-parameters';
import {
  applyFloodReading,
  detectFloodEvents,
  emptyFloodState,
  type FloodReading,
  type FloodRuleOptions,
  floodEventDefaultName,
  type StationLevels,
} from './flood-event-rules';

const T0 = Date.UTC(2026, 10, 3, 0, 0); // 03/11/2026 07:00 in the district
const H = 3_600_000;
const at = (hours: number) => new Date(T0 + hours * H);
const r = (stationId: number, hours: number, value: number): FloodReading => ({
  stationId,
  observedAt: at(hours),
  value,
});
const levels = (l1: number, l2: number, l3: number): StationLevels => ({ level1: l1, level2: l2, level3: l3 });

const A = 1; // level I 150 cm
const B = 2; // level I 30 cm
const options = (extra: Partial<FloodRuleOptions> = {}): FloodRuleOptions => ({
  levels: new Map([
    [A, levels(150, 200, 250)],
    [B, levels(30, 50, 70)],
  ]),
  staleAfterMs: 2 * H,
  ...extra,
});

describe('flood events from water readings', () => {
  it('a series crossing and leaving level I makes one event with its peak', () => {
    const series = [r(A, 0, 120), r(A, 1, 150), r(A, 2, 190), r(A, 3, 210), r(A, 4, 180), r(A, 5, 149), r(A, 6, 120)];
    const events = detectFloodEvents(series, options());
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({
      start: at(1), // level I is reached at the mark itself (≥)
      end: at(5),
      peak: { stationId: A, value: 210, at: at(3) },
    });
  });

  it('two separate crossings make two events; a crossing still above at the end stays open', () => {
    const series = [r(A, 0, 160), r(A, 1, 100), r(A, 20, 170), r(A, 21, 175)];
    const events = detectFloodEvents(series, options());
    expect(events.map((e) => [e.start, e.end, e.peak.value])).toEqual([
      [at(0), at(1), 160],
      [at(20), null, 175],
    ]);
  });

  it('stays open until every station is back below level I', () => {
    const series = [r(A, 0, 160), r(B, 0.5, 35), r(A, 1, 140), r(B, 1.5, 45), r(B, 2, 20), r(A, 3, 130)];
    const [event, ...rest] = detectFloodEvents(series, options());
    expect(rest).toHaveLength(0);
    expect(event!.end).toEqual(at(2));
  });

  it('the peak is the highest warning level reached, not the largest number', () => {
    // A reaches 190 cm (level I of 150); B reaches 55 cm, its level II: B is the peak.
    const series = [r(A, 0, 190), r(B, 1, 55), r(A, 2, 199), r(B, 3, 10), r(A, 4, 100)];
    expect(detectFloodEvents(series, options())[0]!.peak).toEqual({ stationId: B, value: 55, at: at(1) });
  });

  it('a station without levels is judged by the configuration defaults (level I = waterLow, 30 cm)', () => {
    const none = effectiveLevels(
      { warningLevel1: null, warningLevel2: null, warningLevel3: null },
      DEFAULT_WEB_PARAMETERS,
    );
    expect(none.level1).toBe(30);
    const o = options({ levels: new Map([[7, none]]) });
    const events = detectFloodEvents([r(7, 0, 29), r(7, 1, 30), r(7, 2, 45), r(7, 3, 10)], o);
    expect(events.map((e) => [e.start, e.end, e.peak.value])).toEqual([[at(1), at(3), 45]]);
  });

  it('readings out of order and duplicates give the same events', () => {
    const series = [r(A, 0, 120), r(A, 1, 160), r(A, 2, 220), r(A, 3, 140), r(A, 4, 100)];
    const shuffled = [series[3]!, series[1]!, series[4]!, series[0]!, series[2]!, series[1]!, series[2]!];
    expect(detectFloodEvents(shuffled, options())).toEqual(detectFloodEvents(series, options()));
    // A second push for the same instant with another value is not stored, so it does not count either.
    const conflicting = [...series.slice(0, 3), r(A, 2, 999), ...series.slice(3)];
    expect(detectFloodEvents(conflicting, options())[0]!.peak.value).toBe(220);
  });

  it('water dipping under level I for less than the merge gap stays one event', () => {
    const series = [r(A, 0, 160), r(A, 1, 140), r(A, 3, 170), r(A, 4, 100)];
    const events = detectFloodEvents(series, options());
    expect(events.map((e) => [e.start, e.end, e.peak.value])).toEqual([[at(0), at(4), 170]]);
    const apart = detectFloodEvents(series, options({ mergeGapMs: H }));
    expect(apart).toHaveLength(2);
  });

  it('a silent station stops holding the event open once its reading is stale', () => {
    // A's gauge goes silent at its peak; B keeps reporting low water.
    const series = [r(A, 0, 200), r(B, 0.5, 10), r(B, 1.5, 10), r(B, 3, 10)];
    const [event] = detectFloodEvents(series, options());
    expect(event!.end).toEqual(at(3));
  });

  it('ignores readings of stations without levels (rain stations) and non-numbers', () => {
    expect(detectFloodEvents([r(99, 0, 500), r(A, 1, Number.NaN)], options())).toEqual([]);
  });

  it('applying the same stored reading twice changes nothing (live path, state from the database)', () => {
    const state = emptyFloodState();
    const o = options();
    expect(applyFloodReading(state, r(A, 0, 160), o).kind).toBe('opened');
    expect(applyFloodReading(state, r(A, 0, 160), o).kind).toBe('none');
    expect(applyFloodReading(state, r(A, 1, 170), o).kind).toBe('peak');
    expect(applyFloodReading(state, r(A, 2, 100), o).kind).toBe('closed');
    expect(applyFloodReading(state, r(A, 2, 100), o).kind).toBe('none');
    expect(applyFloodReading(state, r(A, 3, 155), o).kind).toBe('reopened');
  });

  it('names an event by its start day in the district', () => {
    expect(floodEventDefaultName(new Date('2026-11-02T18:30:00Z'), 'Asia/Ho_Chi_Minh')).toBe('Trận lũ ngày 03/11/2026');
  });
});

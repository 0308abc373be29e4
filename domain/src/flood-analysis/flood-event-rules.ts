import { formatDateVi } from '../common/time';

/**
 * Flood events from water readings (issue #10): an event opens when any water station's reading reaches its
 * level I and closes when every water station is back below it. One rule, used for the live readings (one
 * reading at a time, the state read from the database) and to recompute a period from stored readings.
 */

/** The effective warning levels of a water station (cm): its own, else the configuration's defaults. */
export interface StationLevels {
  level1: number;
  level2: number;
  level3: number;
}

export interface FloodReading {
  stationId: number;
  observedAt: Date;
  /** Water level in cm. */
  value: number;
}

export interface DetectedPeak {
  stationId: number;
  value: number;
  at: Date;
}

export interface FloodEventDraft {
  start: Date;
  /** Null while the event is under way. */
  end: Date | null;
  peak: DetectedPeak;
}

export interface FloodRuleOptions {
  /** Levels of every water station; readings of other stations are ignored. */
  levels: ReadonlyMap<number, StationLevels>;
  /**
   * A station whose last reading is older than this no longer holds an event open (a gauge washed away at
   * its peak must not keep the flood going for ever): the configuration's 'disconnected' time.
   */
  staleAfterMs: number;
  /** A crossing this soon after the last event ended continues that event (water flapping around level I). */
  mergeGapMs?: number;
}

/** Default merge gap: a river dipping under level I for a few hours is still the same flood. */
export const FLOOD_EVENT_MERGE_MS = 6 * 3_600_000;

/** The name of an event when staff have not given one (back-office §2.9): its start day in the district. */
export function floodEventDefaultName(start: Date, timeZone: string): string {
  return `Trận lũ ngày ${formatDateVi(start, timeZone)}`;
}

/**
 * How high a reading stands: the warning level it reaches (1–3), then how far it is above level I (cm).
 * Stations differ in their levels, so a peak is the highest warning level reached, not the largest number.
 */
export function peakRank(value: number, l: StationLevels): [number, number] {
  const level = value >= l.level3 ? 3 : value >= l.level2 ? 2 : value >= l.level1 ? 1 : 0;
  return [level, value - l.level1];
}

/** Whether reading `a` is a higher peak than `b` (ties keep the earlier one). */
export function isHigherPeak(a: { value: number; levels: StationLevels }, b: { value: number; levels: StationLevels }) {
  const [la, ea] = peakRank(a.value, a.levels);
  const [lb, eb] = peakRank(b.value, b.levels);
  return la > lb || (la === lb && ea > eb);
}

/** What the rule remembers: each station's last reading, the open event and the last closed one. */
export interface FloodState {
  stations: Map<number, { at: number; value: number }>;
  open: FloodEventDraft | null;
  lastClosed: FloodEventDraft | null;
}

export const emptyFloodState = (): FloodState => ({ stations: new Map(), open: null, lastClosed: null });

/** What one reading did to the events. */
export type FloodChange =
  | { kind: 'none' }
  | { kind: 'opened'; event: FloodEventDraft }
  | { kind: 'reopened'; event: FloodEventDraft }
  | { kind: 'peak'; event: FloodEventDraft }
  | { kind: 'closed'; event: FloodEventDraft };

function anyAbove(state: FloodState, t: number, o: FloodRuleOptions): boolean {
  for (const [id, s] of state.stations) {
    const l = o.levels.get(id);
    if (l && s.value >= l.level1 && t - s.at <= o.staleAfterMs) return true;
  }
  return false;
}

/**
 * Applies one reading (mutating `state`). A reading older than the station's last one is ignored; the same
 * instant again counts only with the same value (the store keeps the first of two pushes), so applying a
 * stored reading twice changes nothing.
 */
export function applyFloodReading(state: FloodState, r: FloodReading, o: FloodRuleOptions): FloodChange {
  const levels = o.levels.get(r.stationId);
  if (!levels || !Number.isFinite(r.value)) return { kind: 'none' };
  const t = r.observedAt.getTime();
  const prev = state.stations.get(r.stationId);
  if (prev && (t < prev.at || (t === prev.at && prev.value !== r.value))) return { kind: 'none' };
  state.stations.set(r.stationId, { at: t, value: r.value });
  const peak = { stationId: r.stationId, value: r.value, at: r.observedAt };

  if (r.value >= levels.level1) {
    if (!state.open) {
      const last = state.lastClosed;
      if (last?.end && t >= last.end.getTime() && t - last.end.getTime() <= (o.mergeGapMs ?? FLOOD_EVENT_MERGE_MS)) {
        last.end = null;
        state.open = last;
        state.lastClosed = null;
        const higher = isHigherPeak({ value: r.value, levels }, peakWithLevels(last.peak, o));
        if (higher) last.peak = peak;
        return { kind: 'reopened', event: last };
      }
      state.open = { start: r.observedAt, end: null, peak };
      return { kind: 'opened', event: state.open };
    }
    if (isHigherPeak({ value: r.value, levels }, peakWithLevels(state.open.peak, o))) {
      state.open.peak = peak;
      return { kind: 'peak', event: state.open };
    }
    return { kind: 'none' };
  }
  if (state.open && !anyAbove(state, t, o)) {
    const event = state.open;
    event.end = r.observedAt;
    state.lastClosed = event;
    state.open = null;
    return { kind: 'closed', event };
  }
  return { kind: 'none' };
}

/** A peak with its station's levels; a station that lost its levels (deleted) ranks lowest. */
function peakWithLevels(p: DetectedPeak, o: FloodRuleOptions): { value: number; levels: StationLevels } {
  const levels = o.levels.get(p.stationId);
  return levels
    ? { value: p.value, levels }
    : { value: -Infinity, levels: { level1: Infinity, level2: Infinity, level3: Infinity } };
}

/** Readings in time order (station id breaking ties), the first of duplicates kept first. */
export function sortFloodReadings(readings: readonly FloodReading[]): FloodReading[] {
  return [...readings].sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime() || a.stationId - b.stationId);
}

/**
 * The flood events of a series of readings (any order; duplicates ignored), oldest first; the last one has
 * `end: null` when the water is still above level I at the end of the series. `state` carries on from an
 * earlier period (each station's last reading before it, the open or last event).
 */
export function detectFloodEvents(
  readings: readonly FloodReading[],
  o: FloodRuleOptions,
  state: FloodState = emptyFloodState(),
): FloodEventDraft[] {
  const events: FloodEventDraft[] = state.open ? [state.open] : [];
  for (const r of sortFloodReadings(readings)) {
    const change = applyFloodReading(state, r, o);
    if (change.kind === 'opened') events.push(change.event);
    else if (change.kind === 'reopened' && !events.includes(change.event)) events.push(change.event);
  }
  return events;
}

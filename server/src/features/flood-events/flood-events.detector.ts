import {
  applyFloodReading,
  effectiveLevels,
  emptyFloodState,
  FLOOD_EVENT_MERGE_MS,
  type FloodChange,
  type FloodEventDraft,
  type FloodRuleOptions,
  STATIONS_CHANGED,
  type StationLevels,
  type WebParameters,
} from '@flood/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import { allStations } from '../stations/stations.repository';
import {
  deleteFloodEventsById,
  eventsOverlapping,
  insertFloodEvent,
  lastClosedAutoEvent,
  latestWaterReadings,
  lockFloodEvents,
  openAutoEvent,
  readingsBetween,
  type StationReading,
  updateFloodEvent,
  waterReadingsBefore,
} from './flood-events.repository';
import type { FloodEventRow } from './flood-events.table';

/** Readings older than this are history (an import): the recompute after the import handles them. */
const LIVE_MS = 3 * 3_600_000;
/** How long the answer 'no event is open' is trusted before asking the database again. */
const OPEN_TTL_MS = 15_000;
const LEVELS_TTL_MS = 30_000;
/** A recomputed period is read a week at a time. */
const WINDOW_MS = 7 * 86_400_000;

const DAY_MS = 86_400_000;

/** The draft of a stored event (a peak station deleted since ranks lowest). */
export function draftOf(row: FloodEventRow): FloodEventDraft {
  return {
    start: row.startAt,
    end: row.endAt,
    peak: {
      stationId: row.peakStationId ?? -1,
      value: row.peakValue ?? Number.NEGATIVE_INFINITY,
      at: row.peakAt ?? row.startAt,
    },
  };
}

const peakColumns = (d: FloodEventDraft) =>
  Number.isFinite(d.peak.value) && d.peak.stationId > 0
    ? { peakStationId: d.peak.stationId, peakValue: d.peak.value, peakAt: d.peak.at }
    : { peakStationId: null, peakValue: null, peakAt: null };

export interface FloodEventDetectorDeps {
  db: Db;
  bus: EventBus;
  webParameters: () => Promise<WebParameters>;
  logger: Pick<FastifyBaseLogger, 'error'>;
  now: () => Date;
}

export interface RecomputeResult {
  removed: number;
  created: number;
  readings: number;
}

/**
 * Keeps the detected flood events up to date: every live water reading on the bus is applied to the open
 * event (state read from the database under an advisory lock, so several processes agree), and a period is
 * recomputed from the stored readings after a bulk import or on request. In calm weather a reading below
 * level I costs no query at all (the answer 'no event open' is cached for 15 s).
 */
export function createFloodEventDetector(deps: FloodEventDetectorDeps) {
  const { db, bus, now } = deps;
  let levelsCache: { at: number; value: Promise<Map<number, StationLevels>> } | undefined;
  let openCache: { at: number; open: boolean } | undefined;
  let chain: Promise<unknown> = Promise.resolve();

  async function options(): Promise<FloodRuleOptions & { levels: Map<number, StationLevels> }> {
    if (!levelsCache || Date.now() - levelsCache.at > LEVELS_TTL_MS) {
      const value = Promise.all([allStations(db, 'water'), deps.webParameters()]).then(
        ([rows, p]) => new Map(rows.map((s) => [s.id, effectiveLevels(s, p)])),
      );
      levelsCache = { at: Date.now(), value };
      value.catch(() => {
        if (levelsCache?.value === value) levelsCache = undefined;
      });
    }
    const p = await deps.webParameters();
    return {
      levels: await levelsCache.value,
      staleAfterMs: p.disconnectAfterMinutes * 60_000,
      mergeGapMs: FLOOD_EVENT_MERGE_MS,
    };
  }

  async function isOpen(): Promise<boolean> {
    if (openCache && Date.now() - openCache.at < OPEN_TTL_MS) return openCache.open;
    const open = (await openAutoEvent(db)) !== undefined;
    openCache = { at: Date.now(), open };
    return open;
  }

  /** Stores what one reading changed (inside the locked transaction). */
  async function store(tx: Db, change: FloodChange, rows: { open?: FloodEventRow; closed?: FloodEventRow }) {
    if (change.kind === 'none') return null;
    const e = change.event;
    if (change.kind === 'opened') {
      return insertFloodEvent(tx, { startAt: e.start, endAt: null, source: 'AUTO', ...peakColumns(e) });
    }
    const row = change.kind === 'reopened' ? rows.closed : rows.open;
    if (!row) return null;
    return updateFloodEvent(tx, row.id, { endAt: e.end, ...peakColumns(e) });
  }

  /** Applies one stored water reading to the detected events. */
  async function apply(r: StationReading): Promise<void> {
    const o = await options();
    const levels = o.levels.get(r.stationId);
    if (!levels) return;
    const above = r.value >= levels.level1;
    if (!above && !(await isOpen())) return;
    const result = await db.transaction(async (tx) => {
      await lockFloodEvents(tx);
      const open = await openAutoEvent(tx);
      if (!above && !open) return { change: { kind: 'none' } as FloodChange, open: false };
      const state = emptyFloodState();
      const closed = open ? undefined : await lastClosedAutoEvent(tx, new Date(r.observedAt.getTime() - o.mergeGapMs!));
      if (open) state.open = draftOf(open);
      else if (closed) state.lastClosed = draftOf(closed);
      // Closing needs every station's latest reading; opening or a new peak needs only this one.
      const latest = above ? [r] : await latestWaterReadings(tx);
      for (const x of latest) state.stations.set(x.stationId, { at: x.observedAt.getTime(), value: x.value });
      if (!latest.some((x) => x.stationId === r.stationId)) {
        state.stations.set(r.stationId, { at: r.observedAt.getTime(), value: r.value });
      }
      // The latest readings include this one: the rule evaluates a reading equal to its station's latest as usual.
      const change = applyFloodReading(state, r, o);
      const row = await store(tx, change, { open, closed });
      return { change, open: state.open !== null, id: row?.id };
    });
    openCache = { at: Date.now(), open: result.open };
    if (result.change.kind !== 'none') bus.publish('flood-event', { action: result.change.kind, id: result.id! });
  }

  /**
   * Detects the events of a period again from the stored readings: detected, unedited events overlapping it
   * (the period widened to cover them) are replaced; events staff added or edited stay, and a detected event
   * overlapping one of them is not added. Reads past `to` while an event is still open. `audit` runs in the
   * transaction that applies the result.
   */
  async function recompute(from: Date, to: Date, audit?: (tx: Db, r: RecomputeResult) => Promise<void>) {
    const o = await options();
    const ids = [...o.levels.keys()];
    const t = now();
    let start = from;
    let end = to;
    for (const e of await eventsOverlapping(db, from, to)) {
      if (e.source !== 'AUTO' || e.edited) continue;
      if (e.startAt < start) start = e.startAt;
      const eEnd = e.endAt ?? t;
      if (eEnd > end) end = eEnd;
    }
    const state = emptyFloodState();
    for (const x of await waterReadingsBefore(db, start)) {
      state.stations.set(x.stationId, { at: x.observedAt.getTime(), value: x.value });
    }
    const previous = await lastClosedAutoEvent(db, new Date(start.getTime() - o.mergeGapMs!));
    const before = previous?.endAt && previous.endAt < start ? previous : undefined;
    if (before) state.lastClosed = draftOf(before);
    const drafts: FloodEventDraft[] = [];
    let reopened: FloodEventDraft | null = null;
    let count = 0;
    const hardEnd = t.getTime() + DAY_MS;
    for (let w0 = start.getTime(); w0 < hardEnd; w0 += WINDOW_MS) {
      const w1 = Math.min(w0 + WINDOW_MS, hardEnd);
      for (const r of await readingsBetween(db, ids, new Date(w0), new Date(w1))) {
        count++;
        const change = applyFloodReading(state, r, o);
        if (change.kind === 'opened') drafts.push(change.event);
        else if (change.kind === 'reopened' && !drafts.includes(change.event)) reopened = change.event;
      }
      if (w1 > end.getTime() && !state.open) break;
    }
    const lastEnd = drafts.reduce((m, d) => Math.max(m, (d.end ?? t).getTime()), end.getTime());
    const result = await db.transaction(async (tx) => {
      await lockFloodEvents(tx);
      const existing = await eventsOverlapping(tx, start, new Date(lastEnd));
      const replaced = existing.filter((e) => e.source === 'AUTO' && !e.edited && e.id !== before?.id);
      const kept = existing.filter((e) => !replaced.includes(e) && e.id !== before?.id);
      const removed = await deleteFloodEventsById(
        tx,
        replaced.map((e) => e.id),
      );
      if (reopened && before) await updateFloodEvent(tx, before.id, { endAt: reopened.end, ...peakColumns(reopened) });
      let created = 0;
      for (const d of drafts) {
        const dEnd = (d.end ?? t).getTime();
        const clash = kept.some((k) => k.startAt.getTime() <= dEnd && (k.endAt ?? t).getTime() >= d.start.getTime());
        if (clash) continue;
        await insertFloodEvent(tx, { startAt: d.start, endAt: d.end, source: 'AUTO', ...peakColumns(d) });
        created++;
      }
      const r = { removed, created, readings: count };
      if (audit) await audit(tx, r);
      return r;
    });
    openCache = undefined;
    if (result.removed || result.created) bus.publish('flood-event', { action: 'recomputed' });
    return result;
  }

  /** Runs one step after another in this process (the lock orders them across processes). */
  function enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = chain.then(work, work);
    chain = next.catch((err) => deps.logger.error({ err }, 'flood event detection failed'));
    return next;
  }

  const unsubscribe = bus.subscribe((e) => {
    if (e.type === STATIONS_CHANGED || e.type === 'config') levelsCache = undefined;
    // Another process's readings and imports are detected there (Redis bus); only its changes matter here.
    if (e.remote) {
      if (e.type === 'flood-event') openCache = undefined;
      return;
    }
    if (e.type === 'reading') {
      const d = e.data;
      // Only trusted readings make or end a flood event (#22); a suspect spike is not a flood.
      if (d.kind !== 'water' || (d.quality !== 'good' && d.quality !== 'corrected')) return;
      if (now().getTime() - Date.parse(d.observedAt) > LIVE_MS) return;
      void enqueue(() => apply({ stationId: d.stationId, observedAt: new Date(d.observedAt), value: d.value }));
    }
    if (e.type === 'import') {
      const { stored, from, to } = e.data;
      if (!stored || !from || !to) return;
      void enqueue(() => recompute(new Date(from), new Date(to)));
    }
  });

  return {
    options,
    /** Detects a period again (staff's call, the demo seed, tests). */
    recompute: (from: Date, to: Date, audit?: (tx: Db, r: RecomputeResult) => Promise<void>) =>
      enqueue(() => recompute(from, to, audit)),
    /** Waits for the work queued so far (tests, shutdown). */
    async idle(): Promise<void> {
      let seen: Promise<unknown>;
      do {
        seen = chain;
        await seen;
      } while (seen !== chain);
    },
    stop: unsubscribe,
  };
}
export type FloodEventDetector = ReturnType<typeof createFloodEventDetector>;

import { assessReading, isTrusted, type QualityContext, type WebParameters } from '@flood/domain';
import type { Db } from '../../db/client';
import { qualityContexts, type ReadingInput, readingKey } from './readings.repository';

export type KindedReading = ReadingInput & { kind: 'rain' | 'water' };

const NONE: QualityContext = { previous: null, lastTrusted: null, sameSince: null };

/** The context of the reading that comes right after `prev`, whose own context was `prevCtx`. */
function after(prev: KindedReading, prevCtx: QualityContext): QualityContext {
  const quality = prev.quality ?? 'good';
  const same = prevCtx.previous !== null && Math.abs(prevCtx.previous.value - prev.value) < 1e-9;
  return {
    previous: { observedAt: prev.observedAt, value: prev.value, quality, rule: prev.qualityRule ?? null },
    lastTrusted: isTrusted(quality)
      ? { observedAt: prev.observedAt, value: prev.value, quality, rule: null }
      : prevCtx.lastTrusted,
    sameSince: same ? (prevCtx.sameSince ?? prevCtx.previous!.observedAt) : prev.observedAt,
  };
}

/**
 * What each station's next reading would be checked against, remembered from the readings this process
 * stored (#22): a logger pushes in time order, so its next reading comes after the one remembered and needs no
 * query. A reading at or before the remembered one (a gap being filled, a duplicate), a station not seen yet
 * or forgotten (a correction, an import: `forget`) is read from the database. With several processes a station's
 * readings may be stored by another one: the remembered reading is then an older one, and the rate rule allows
 * for the longer gap — a spike stored by another process is compared with this one's last reading instead.
 */
export function createQualityContextCache() {
  const next = new Map<number, QualityContext>();
  return {
    /** The context of `r` if it comes after the station's remembered reading; undefined otherwise. */
    get(r: KindedReading): QualityContext | undefined {
      const c = next.get(r.stationId);
      return c?.previous && r.observedAt.getTime() > c.previous.observedAt.getTime() ? c : undefined;
    },
    remember(stationId: number, ctx: QualityContext): void {
      const known = next.get(stationId)?.previous?.observedAt.getTime() ?? Number.NEGATIVE_INFINITY;
      if (ctx.previous && ctx.previous.observedAt.getTime() > known) next.set(stationId, ctx);
    },
    /** Drops what is remembered (a correction or an import changed stored readings). */
    forget(): void {
      next.clear();
    },
  };
}
export type QualityContextCache = ReturnType<typeof createQualityContextCache>;

/**
 * Runs the quality rules (#22, domain `assessReading`) over a batch about to be stored and sets each reading's
 * flag: readings of the same station in the batch are checked in time order against each other, the first of
 * each station against what the station stored before — remembered (`cache`, the live push) or read in one
 * statement for the whole batch. Never drops a reading. Returns the function that remembers, once the batch is
 * written, each station's last reading if it was stored (the keys of `insertReadingsBatch`).
 */
export async function assessBatch(
  db: Db,
  rows: KindedReading[],
  p: WebParameters,
  opts: { live: boolean; now: Date; cache?: QualityContextCache },
): Promise<(stored: Set<string>) => void> {
  if (rows.length === 0) return () => {};
  const order = [...rows].sort((a, b) => a.stationId - b.stationId || a.observedAt.getTime() - b.observedAt.getTime());
  const firsts = order.filter((r, i) => i === 0 || order[i - 1]!.stationId !== r.stationId);
  const cached = new Map<number, QualityContext>();
  for (const r of firsts) {
    const c = opts.cache?.get(r);
    if (c) cached.set(r.stationId, c);
  }
  // Readings of a station after the first come after it: only the firsts not remembered are looked up, and
  // — for the readings that may have stored ones between them (no cache) — every reading.
  const lookup = opts.cache ? firsts.filter((r) => !cached.has(r.stationId)) : order;
  const stored: Map<string, QualityContext> = lookup.length
    ? await qualityContexts(db, lookup, p.qcStuckMinutes * 2)
    : new Map();
  const last = new Map<number, { row: KindedReading; ctx: QualityContext }>();
  let before: { row: KindedReading; ctx: QualityContext } | undefined;
  for (const r of order) {
    let ctx: QualityContext;
    if (before?.row.stationId === r.stationId) {
      const fromDb = opts.cache ? undefined : stored.get(readingKey(r.stationId, r.observedAt));
      const prevAt = before.row.observedAt.getTime();
      // A stored reading between the two (no cache, e.g. an import filling a gap) is the one before.
      ctx = fromDb?.previous && fromDb.previous.observedAt.getTime() > prevAt ? fromDb : after(before.row, before.ctx);
    } else {
      ctx = cached.get(r.stationId) ?? stored.get(readingKey(r.stationId, r.observedAt)) ?? NONE;
    }
    const verdict = assessReading(r.kind, r, ctx, p, opts);
    r.quality = verdict.quality;
    r.qualityRule = verdict.rule;
    before = { row: r, ctx };
    last.set(r.stationId, before);
  }
  return (written) => {
    for (const [stationId, l] of last) {
      if (written.has(readingKey(stationId, l.row.observedAt))) opts.cache?.remember(stationId, after(l.row, l.ctx));
    }
  };
}

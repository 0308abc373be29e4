import { assessReading, isTrusted, type QualityContext, type WebParameters } from '@flood/domain';
import type { Db } from '../../db/client';
import { qualityContexts, type ReadingInput, readingKey } from './readings.repository';

export type KindedReading = ReadingInput & { kind: 'rain' | 'water' };

/**
 * Runs the quality rules (#22, domain `assessReading`) over a batch about to be stored and sets each reading's
 * flag: one statement reads what the stations stored before, and readings of the same station in the batch
 * are checked in time order against each other. Never drops a reading.
 */
export async function assessBatch(
  db: Db,
  rows: KindedReading[],
  p: WebParameters,
  opts: { live: boolean; now: Date },
): Promise<void> {
  if (rows.length === 0) return;
  const contexts = await qualityContexts(db, rows, p.qcStuckMinutes * 2);
  const order = [...rows].sort((a, b) => a.stationId - b.stationId || a.observedAt.getTime() - b.observedAt.getTime());
  let before: KindedReading | undefined;
  let beforeCtx: QualityContext | undefined;
  for (const r of order) {
    const stored = contexts.get(readingKey(r.stationId, r.observedAt)) ?? {
      previous: null,
      lastTrusted: null,
      sameSince: null,
    };
    const ctx = before && before.stationId === r.stationId && beforeCtx ? follow(stored, before, beforeCtx) : stored;
    const verdict = assessReading(r.kind, r, ctx, p, opts);
    r.quality = verdict.quality;
    r.qualityRule = verdict.rule;
    before = r;
    beforeCtx = ctx;
  }
}

/** The context of a reading that comes after `prev` of the same batch (where prev is the later one). */
function follow(stored: QualityContext, prev: KindedReading, prevCtx: QualityContext): QualityContext {
  const at = prev.observedAt.getTime();
  // A stored reading lies between the two: it is the one before.
  if (stored.previous && stored.previous.observedAt.getTime() > at) return stored;
  const quality = prev.quality ?? 'good';
  const same = prevCtx.previous !== null && Math.abs(prevCtx.previous.value - prev.value) < 1e-9;
  return {
    previous: { observedAt: prev.observedAt, value: prev.value, quality, rule: prev.qualityRule ?? null },
    lastTrusted: isTrusted(quality)
      ? { observedAt: prev.observedAt, value: prev.value, quality, rule: null }
      : stored.lastTrusted,
    sameSince: same ? (prevCtx.sameSince ?? prevCtx.previous!.observedAt) : prev.observedAt,
  };
}

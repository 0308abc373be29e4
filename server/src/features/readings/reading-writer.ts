import type { WebParameters } from '@flood/domain';
import type { Db } from '../../db/client';
import { assessBatch, type KindedReading } from './quality-check';
import { liveSince } from './reading-rules';
import { insertReadingsBatch, readingKey } from './readings.repository';

/**
 * Group commit for the station push: readings that arrive while earlier writes are in flight are written
 * together in one statement, and each request is answered once its own reading is stored. Under a storm of
 * pushes this turns one transaction per push into one per batch; with no load, a push is written at once.
 * A live reading's station is queued for an alert evaluation in the reading's own statement. Each batch goes
 * through the quality rules first (#22) with the parameters of `qualityRules` (absent: every reading is good —
 * the bench's baseline); the flag is set on the written row, where the caller reads it.
 */
export function createReadingWriter(
  db: Db,
  opts: {
    maxBatch?: number;
    maxInFlight?: number;
    now?: () => Date;
    qualityRules?: () => Promise<WebParameters>;
  } = {},
) {
  const now = opts.now ?? (() => new Date());
  const maxBatch = opts.maxBatch ?? 1000;
  const maxInFlight = opts.maxInFlight ?? 4;
  type Pending = { row: KindedReading; resolve: (stored: boolean) => void; reject: (e: unknown) => void };
  const queue: Pending[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function flush(): Promise<void> {
    const batch = queue.splice(0, maxBatch);
    if (batch.length === 0) return;
    inFlight++;
    try {
      // The same station and instant twice in one batch: the first is the reading, the rest duplicates.
      const first = new Map<string, Pending>();
      for (const p of batch) {
        const k = readingKey(p.row.stationId, p.row.observedAt);
        if (!first.has(k)) first.set(k, p);
      }
      const rows = [...first.values()].map((p) => p.row);
      if (opts.qualityRules) await assessBatch(db, rows, await opts.qualityRules(), { live: true, now: now() });
      // Live readings queue their station's alert evaluation in the same statement (#19).
      const stored = await insertReadingsBatch(db, rows, { evaluateSince: liveSince(now()) });
      for (const p of batch) {
        const k = readingKey(p.row.stationId, p.row.observedAt);
        p.resolve(first.get(k) === p && stored.has(k));
      }
    } catch (e) {
      for (const p of batch) p.reject(e);
    } finally {
      inFlight--;
      kick();
    }
  }

  function kick(): void {
    if (scheduled || queue.length === 0 || inFlight >= maxInFlight) return;
    scheduled = true;
    // Collect everything that arrives in this turn of the event loop.
    setImmediate(() => {
      scheduled = false;
      void flush();
      kick();
    });
  }

  return {
    /** Resolves true when the reading was stored, false when it was already there; sets `row.quality`. */
    write(row: KindedReading): Promise<boolean> {
      return new Promise((resolve, reject) => {
        queue.push({ row, resolve, reject });
        kick();
      });
    },
  };
}
export type ReadingWriter = ReturnType<typeof createReadingWriter>;

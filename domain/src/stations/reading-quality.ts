import '../common/zod-messages';
import { z } from 'zod';

/**
 * Quality control of readings (#22): every stored reading carries a flag and the rule that set it. Flagging
 * never rejects a value (only the physical bounds of the push schema do): a flagged reading is kept, shown to
 * staff, and left out of what warns.
 *
 * - good: passed every rule;
 * - suspect: a rule doubts it (a jump faster than a river can rise, a value stuck too long, a late arrival);
 *   shown marked 'nghi ngờ', never opens or raises an alert, left out of rollups and sums;
 * - bad: impossible (outside the hard limits, a logger clock far in the past); never shown as current;
 * - corrected: staff entered its value (the logger's is kept as the original).
 */
export const READING_QUALITIES = ['good', 'suspect', 'bad', 'corrected'] as const;
export const ReadingQualitySchema = z.enum(READING_QUALITIES);
export type ReadingQuality = z.infer<typeof ReadingQualitySchema>;

/** The rule that flagged a reading ('manual': a person). */
export const QUALITY_RULES = ['hard_limit', 'rate_of_change', 'stuck', 'too_old', 'manual'] as const;
export const QualityRuleSchema = z.enum(QUALITY_RULES);
export type QualityRule = z.infer<typeof QualityRuleSchema>;

/** The qualities that may warn, count in sums and rollups: good, or corrected by staff. */
export const TRUSTED_QUALITIES = ['good', 'corrected'] as const satisfies readonly ReadingQuality[];

/** Whether a reading of this quality may warn, count in sums and rollups (good, or corrected by staff). */
export const isTrusted = (q: ReadingQuality): boolean => (TRUSTED_QUALITIES as readonly string[]).includes(q);

/** The words of each flag and rule (Vietnamese first). */
export const QUALITY_LABELS: Record<ReadingQuality, { vi: string; en: string }> = {
  good: { vi: 'Tốt', en: 'Good' },
  suspect: { vi: 'Nghi ngờ', en: 'Suspect' },
  bad: { vi: 'Sai', en: 'Bad' },
  corrected: { vi: 'Đã hiệu chỉnh', en: 'Corrected' },
};
export const QUALITY_RULE_LABELS: Record<QualityRule, { vi: string; en: string }> = {
  hard_limit: { vi: 'Ngoài giới hạn đo', en: 'Outside the hard limits' },
  rate_of_change: { vi: 'Thay đổi quá nhanh', en: 'Changed too fast' },
  stuck: { vi: 'Giá trị không đổi quá lâu', en: 'Value unchanged too long' },
  too_old: { vi: 'Thời điểm đo quá cũ', en: 'Timestamp too far in the past' },
  manual: { vi: 'Cán bộ đánh dấu', en: 'Marked by staff' },
};
/** The mark of a latest value that has not been confirmed yet (one good reading at a new level). */
export const UNCONFIRMED_LABEL = { vi: 'chưa xác nhận', en: 'unconfirmed' } as const;

/** The rule set's parameters (a part of 'Web Parameters'; defaults in docs/decisions.md, "Reading quality"). */
export interface QualityParameters {
  qcWaterMinCm: number;
  qcWaterMaxCm: number;
  qcWaterMaxChangeCmPerHour: number;
  qcRainMaxMm: number;
  qcRainMaxMmPerHour: number;
  qcStuckMinutes: number;
  qcMaxAgeDays: number;
}

/** A sensor's noise: a water level may always move this much between two readings (cm). */
export const WATER_NOISE_CM = 5;
/** Readings further apart than this are not compared for their rate (nothing to compare with). */
export const RATE_WINDOW_MS = 6 * 3_600_000;
/** A rain reading's interval when it has no earlier reading to measure it from (the common logger interval). */
export const DEFAULT_INTERVAL_MS = 10 * 60_000;

export interface PriorReading {
  observedAt: Date;
  value: number;
  quality: ReadingQuality;
  rule: QualityRule | null;
}

/** What the rules look at besides the reading: the station's readings before it. */
export interface QualityContext {
  /** The reading just before this one, if any. */
  previous: PriorReading | null;
  /** The latest trusted (good or corrected) reading before this one, if any. */
  lastTrusted: PriorReading | null;
  /** Since when the value has been equal to `previous.value` (the start of the run), if `previous` exists. */
  sameSince: Date | null;
}

export interface QualityVerdict {
  quality: ReadingQuality;
  rule: QualityRule | null;
}

const GOOD: QualityVerdict = { quality: 'good', rule: null };

/**
 * The rules in order, first match wins:
 * 1. hard limits (bad): a value no gauge of this kind can read;
 * 2. too old (bad, live pushes only): a logger clock far in the past (reset to 2000, a wrong year);
 * 3. rate of change (suspect): a water level moving faster than `qcWaterMaxChangeCmPerHour` (plus the
 *    sensor's noise) since the last trusted reading, or rain heavier than `qcRainMaxMmPerHour` over its
 *    interval. Compared with the last *trusted* reading, so a spike that jumps and returns flags the jump
 *    only; a jump that holds (the next reading near the suspect one) is the water, and is good;
 * 4. stuck (suspect): the same value for `qcStuckMinutes` (rain: a non-zero value only, dry days are zeros).
 * A reading that arrives out of order (older than the station's latest: a logger filling a gap after sending
 * its current value) is checked against its neighbours in time like any other, not flagged for arriving late
 * (docs/decisions.md). A file import is history: rule 2, about a logger's clock, does not apply.
 */
export function assessReading(
  kind: 'rain' | 'water',
  reading: { observedAt: Date; value: number },
  ctx: QualityContext,
  p: QualityParameters,
  opts: { live: boolean; now: Date },
): QualityVerdict {
  const { value, observedAt } = reading;
  const at = observedAt.getTime();
  if (kind === 'water' ? value < p.qcWaterMinCm || value > p.qcWaterMaxCm : value < 0 || value > p.qcRainMaxMm) {
    return { quality: 'bad', rule: 'hard_limit' };
  }
  if (opts.live && opts.now.getTime() - at > p.qcMaxAgeDays * 86_400_000) return { quality: 'bad', rule: 'too_old' };
  if (tooFast(kind, reading, ctx, p)) return { quality: 'suspect', rule: 'rate_of_change' };
  if (stuck(kind, reading, ctx, p)) return { quality: 'suspect', rule: 'stuck' };
  return GOOD;
}

function tooFast(
  kind: 'rain' | 'water',
  r: { observedAt: Date; value: number },
  ctx: QualityContext,
  p: QualityParameters,
): boolean {
  const at = r.observedAt.getTime();
  if (kind === 'rain') {
    const since = ctx.previous ? at - ctx.previous.observedAt.getTime() : 0;
    const interval = since > 0 && since <= RATE_WINDOW_MS ? since : DEFAULT_INTERVAL_MS;
    return r.value > (p.qcRainMaxMmPerHour * interval) / 3_600_000;
  }
  const within = (q: PriorReading | null): q is PriorReading =>
    q !== null && at - q.observedAt.getTime() > 0 && at - q.observedAt.getTime() <= RATE_WINDOW_MS;
  const allowed = (q: PriorReading) =>
    (p.qcWaterMaxChangeCmPerHour * (at - q.observedAt.getTime())) / 3_600_000 + WATER_NOISE_CM;
  const fast = (q: PriorReading) => Math.abs(r.value - q.value) > allowed(q);
  if (!within(ctx.lastTrusted) || !fast(ctx.lastTrusted)) return false;
  // A jump that holds: the previous reading was the suspect jump and this one stays near it — the water rose.
  const prev = ctx.previous;
  return !(within(prev) && prev.quality === 'suspect' && prev.rule === 'rate_of_change' && !fast(prev));
}

function stuck(
  kind: 'rain' | 'water',
  r: { observedAt: Date; value: number },
  ctx: QualityContext,
  p: QualityParameters,
): boolean {
  if (!ctx.previous || !ctx.sameSince || p.qcStuckMinutes <= 0) return false;
  if (kind === 'rain' && r.value === 0) return false;
  if (Math.abs(r.value - ctx.previous.value) > 1e-9) return false;
  return r.observedAt.getTime() - ctx.sameSince.getTime() >= p.qcStuckMinutes * 60_000;
}

/**
 * The value a water level has *held* (#22, confirmed alerts): the lowest of the last `readings` trusted
 * readings (newest first), or — when `minutes` > 0 — the lowest over the last `minutes`, whichever is higher;
 * −∞ when neither is covered yet. A level is confirmed when this value reaches it: one good reading at a new
 * level is 'chưa xác nhận', the next one confirms it (the default, 2 readings), so a real rise warns one
 * reading interval after it is first seen and a lone wrong value never does.
 */
export function heldValue(
  newestFirst: readonly { observedAt: Date; value: number }[],
  readings: number,
  minutes: number,
): number {
  let byCount = Number.NEGATIVE_INFINITY;
  if (readings >= 1 && newestFirst.length >= readings) {
    byCount = Math.min(...newestFirst.slice(0, readings).map((r) => r.value));
  }
  let byTime = Number.NEGATIVE_INFINITY;
  if (minutes > 0 && newestFirst.length > 0) {
    const from = newestFirst[0]!.observedAt.getTime() - minutes * 60_000;
    const covering = newestFirst.findIndex((r) => r.observedAt.getTime() <= from);
    if (covering >= 0) byTime = Math.min(...newestFirst.slice(0, covering + 1).map((r) => r.value));
  }
  return Math.max(byCount, byTime);
}

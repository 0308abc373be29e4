import {
  formatNumberVi,
  formatWaterLevel,
  RAIN_STATUS_COLOURS,
  type RainStatus,
  type StationKind,
  type StationReading,
  WATER_MARKER_COLOURS,
  type WaterStatus,
} from '@flood/domain';

// Plain helpers of a reading's look, apart from the antd tag: the public shell (alert banner), the map and the
// dashboard use them without loading antd.

/** Disconnected and no-data statuses are grey. */
const MUTED = '#8c8c8c';

/** The colour of a reading's status: rain by intensity, water by warning level, grey when silent. */
export function statusColour(kind: StationKind, status: string): string {
  if (kind === 'rain' && status in RAIN_STATUS_COLOURS) return RAIN_STATUS_COLOURS[status as RainStatus];
  if (kind === 'water' && status in WATER_MARKER_COLOURS) return WATER_MARKER_COLOURS[status as WaterStatus];
  return MUTED;
}

export { contrastRatio, DARK_TEXT, textOn } from '@flood/domain';

/** A value with its unit: rain 'x mm/h', water in metres with a comma ('2,10 m'). */
export function formatReadingValue(kind: StationKind, value: number | null): string {
  if (value === null) return '';
  return kind === 'water' ? `${formatWaterLevel(value)} m` : `${formatNumberVi(value, 1)} mm/h`;
}

/**
 * The mark of a latest value (#22), shown beside it wherever the public reads it: 'unconfirmed' — a level seen
 * once and not yet held ('chưa xác nhận'); 'suspect' — the rules doubt it ('nghi ngờ'). Null: a plain value
 * (good, a past hour, or no value at all).
 */
export type ReadingMark = 'unconfirmed' | 'suspect';
export function readingMark(reading: Pick<StationReading, 'value' | 'quality'>): ReadingMark | null {
  if (reading.value === null) return null;
  return reading.quality === 'unconfirmed' || reading.quality === 'suspect' ? reading.quality : null;
}

/**
 * The ink of a mark: its dashed outline and its word. The level keeps its colour; the outline says the value
 * is not (yet) a level to act on. Suspect is the purple of the charts' suspect points.
 */
export const MARK_COLOURS: Record<ReadingMark, string> = { unconfirmed: '#263238', suspect: '#6a1b9a' };

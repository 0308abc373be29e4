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

/** The dark text used on light status colours. */
export const DARK_TEXT = '#141414';

/** Relative luminance of a `#rrggbb` or `#rgb` colour (WCAG 2.x). */
function luminance(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  const n = Number.parseInt(digits, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * White or dark text, whichever contrasts more with the status colour: a brightness threshold put white on
 * orange (2.4:1) and near-black on blue (4.48:1), both under the 4.5:1 that WCAG AA asks of small text.
 */
export function textOn(hex: string): string {
  return contrastRatio(hex, '#ffffff') >= contrastRatio(hex, DARK_TEXT) ? '#fff' : DARK_TEXT;
}

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

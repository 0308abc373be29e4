import type { RainStatus, StationKind, WaterStatus } from './classify';

/** One colour band: values strictly above `above` (and not above the next band) take `colour`. */
export interface ColourBand {
  above: number;
  colour: string;
}

/** GeoJSON rain colour scale, mm/h (spec §9): above 60, 50, 45, 40, 30, 20, 15, 10, 5, 0. */
export const RAIN_COLOUR_BANDS: readonly ColourBand[] = [
  { above: 60, colour: '#4a0069' },
  { above: 50, colour: '#7a00a8' },
  { above: 45, colour: '#b5006e' },
  { above: 40, colour: '#d7191c' },
  { above: 30, colour: '#f4511e' },
  { above: 20, colour: '#fb8c00' },
  { above: 15, colour: '#fdd835' },
  { above: 10, colour: '#9ccc65' },
  { above: 5, colour: '#4fc3f7' },
  { above: 0, colour: '#b3e5fc' },
];

/** GeoJSON water / flood depth colour scale, metres (spec §9): above 4, 3.5, 3, 2.5, 2, 1.5, 1, 0.5, 0. */
export const WATER_COLOUR_BANDS: readonly ColourBand[] = [
  { above: 4, colour: '#08306b' },
  { above: 3.5, colour: '#08519c' },
  { above: 3, colour: '#2171b5' },
  { above: 2.5, colour: '#4292c6' },
  { above: 2, colour: '#6baed6' },
  { above: 1.5, colour: '#9ecae1' },
  { above: 1, colour: '#c6dbef' },
  { above: 0.5, colour: '#deebf7' },
  { above: 0, colour: '#f7fbff' },
];

/** The colour of a value on a band scale; null when it is not above the lowest band (nothing to draw). */
export function bandColour(value: number, bands: readonly ColourBand[]): string | null {
  if (!Number.isFinite(value)) return null;
  for (const b of bands) if (value > b.above) return b.colour;
  return null;
}

/**
 * Rain marker classes, named by their lower bound. The spec lists "above 30, 15, 10 (the 5 class), 5, 0":
 * above 10 takes the same class as above 5, which is why the legend has one 5–15 band.
 */
export const RAIN_MARKER_CLASSES = ['rain-30', 'rain-15', 'rain-5', 'rain-0', 'rain-none'] as const;
export type RainMarkerClass = (typeof RAIN_MARKER_CLASSES)[number];

export function rainMarkerClass(mmPerHour: number): RainMarkerClass {
  if (!(mmPerHour > 0)) return 'rain-none';
  if (mmPerHour > 30) return 'rain-30';
  if (mmPerHour > 15) return 'rain-15';
  if (mmPerHour > 5) return 'rain-5';
  return 'rain-0';
}

export const RAIN_MARKER_COLOURS: Record<RainMarkerClass, string> = {
  'rain-30': '#d7191c',
  'rain-15': '#fb8c00',
  'rain-5': '#1e88e5',
  'rain-0': '#4fc3f7',
  'rain-none': '#90a4ae',
};

/** Water markers are coloured by warning level: III red, II orange, I yellow, else the lowest (blue). */
export const WATER_MARKER_COLOURS: Record<WaterStatus, string> = {
  level3: '#d7191c',
  level2: '#fb8c00',
  level1: '#fdd835',
  low: '#1e88e5',
};

/** Colours of the rain statuses (cards, badges), from none to very heavy. */
export const RAIN_STATUS_COLOURS: Record<RainStatus, string> = {
  none: '#90a4ae',
  light: '#4fc3f7',
  moderate: '#1e88e5',
  heavy: '#fb8c00',
  veryHeavy: '#d7191c',
};

/** Legend bands (spec §9): rain 0, >0–5, 5–15, 15–30, 30+ mm/h. */
export const RAIN_LEGEND = [
  { label: '0', markerClass: 'rain-none' },
  { label: '> 0 – 5', markerClass: 'rain-0' },
  { label: '5 – 15', markerClass: 'rain-5' },
  { label: '15 – 30', markerClass: 'rain-15' },
  { label: '> 30', markerClass: 'rain-30' },
] as const satisfies readonly { label: string; markerClass: RainMarkerClass }[];

/** Legend of water markers: Thấp, Cấp I, II, III. */
export const WATER_LEGEND = (['low', 'level1', 'level2', 'level3'] as const).map((status) => ({
  status,
  colour: WATER_MARKER_COLOURS[status],
}));

/** Thunder legend: 0 to 4+ in 0.5 steps (spec §9). */
export const THUNDER_LEGEND: readonly number[] = Array.from({ length: 9 }, (_, i) => i * 0.5);

/** Disconnected and no-data statuses are grey. */
const MUTED = '#8c8c8c';

/** The colour of a reading's status: rain by intensity, water by warning level, grey when silent. */
export function statusColour(kind: StationKind, status: string): string {
  if (kind === 'rain' && status in RAIN_STATUS_COLOURS) return RAIN_STATUS_COLOURS[status as RainStatus];
  if (kind === 'water' && status in WATER_MARKER_COLOURS) return WATER_MARKER_COLOURS[status as WaterStatus];
  return MUTED;
}

/**
 * The mark of a latest value (#22), shown beside it wherever the public reads it: 'unconfirmed' — a level seen
 * once and not yet held ('chưa xác nhận'); 'suspect' — the rules doubt it ('nghi ngờ'). Null: a plain value
 * (good, a past hour, or no value at all).
 */
export type ReadingMark = 'unconfirmed' | 'suspect';
export function readingMark(reading: { value: number | null; quality?: string | null }): ReadingMark | null {
  if (reading.value === null) return null;
  return reading.quality === 'unconfirmed' || reading.quality === 'suspect' ? reading.quality : null;
}

/**
 * The ink of a mark: its dashed outline and its word. The level keeps its colour; the outline says the value
 * is not (yet) a level to act on. Suspect is the purple of the charts' suspect points.
 */
export const MARK_COLOURS: Record<ReadingMark, string> = { unconfirmed: '#263238', suspect: '#6a1b9a' };

import '../common/zod-messages';
import { z } from 'zod';
import { ALERT_TRENDS } from '../alerts/alerts.schemas';
import { DISCONNECTED_LABEL, NO_DATA_LABEL, RAIN_STATUS_LABELS, WATER_STATUS_LABELS } from '../stations/classify';
import { ReadingQualitySchema } from '../stations/reading-quality';
import { StationKindSchema } from '../stations/station-kind.schema';

/**
 * Open data (issue #7): stations and raw readings for other systems, in JSON or CSV, cacheable. Units are
 * fixed for consumers: water levels in metres, rain in millimetres, times ISO 8601 UTC.
 */
export const OPEN_READINGS_DEFAULT_LIMIT = 1_000;
export const OPEN_READINGS_MAX_LIMIT = 10_000;
/** Without `since`, readings of the last 24 hours. */
export const OPEN_READINGS_DEFAULT_WINDOW_MS = 24 * 3_600_000;

export const OpenDataFormatSchema = z.enum(['json', 'csv']);
export type OpenDataFormat = z.infer<typeof OpenDataFormatSchema>;
export const OpenDataUnitSchema = z.enum(['mm', 'm']);

/** `2026-11-22`, `2026-11-22T07:00Z`, `2026-11-22T14:00:00.000+07:00`: a date is midnight UTC. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/;

export const OpenStationsQuerySchema = z.object({
  /** `csv` or `json`; without it, the Accept header decides (text/csv → CSV), else JSON. */
  format: OpenDataFormatSchema.optional(),
});

export const OpenReadingsQuerySchema = z.object({
  /** Station code, e.g. F01024. */
  station: z.string().trim().min(1).max(64),
  since: z
    .string()
    .trim()
    .refine((s) => ISO_INSTANT.test(s) && !Number.isNaN(Date.parse(s)), {
      message: 'Thời điểm phải theo ISO 8601, ví dụ 2026-11-22T07:00:00Z',
    })
    .optional(),
  limit: z.coerce.number().int().min(1).max(OPEN_READINGS_MAX_LIMIT).default(OPEN_READINGS_DEFAULT_LIMIT),
  format: OpenDataFormatSchema.optional(),
});
export type OpenReadingsQuery = z.infer<typeof OpenReadingsQuerySchema>;

export const OpenStationSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    kind: StationKindSchema,
    description: z.string(),
    lat: z.number(),
    long: z.number(),
    /** Unit of the values: `mm` for rain stations, `m` for water stations. */
    unit: OpenDataUnitSchema,
    /** Warning levels I–III in metres that the status is judged by (the station's own, else the defaults); null for rain. */
    warningLevel1: z.number().nullable(),
    warningLevel2: z.number().nullable(),
    warningLevel3: z.number().nullable(),
    /** Rain: mm fallen in the hour of the latest reading. Water: the latest level (m). Null: never reported. */
    latestValue: z.number().nullable(),
    /** Time of the latest reading, ISO UTC. */
    latestObservedAt: z.string().nullable(),
    /** none/light/moderate/heavy/veryHeavy (rain), low/level1/level2/level3 (water), disconnected, noData. */
    status: z.string(),
    statusLabel: z.string(),
    statusLabelEn: z.string(),
    /** Water (#25): the trend over the last hour — rising, falling, steady; null in a gap, for rain or no value. */
    trend: z.enum(ALERT_TRENDS).nullable(),
    /**
     * Water (#25): where the latest level stands against the station's own alarm levels, in the bulletins' words
     * ('dưới BĐ3 0,27 m', 'ở mức BĐ2', 'trên BĐ3 0,12 m'); null without its own levels (the configured defaults
     * classify it but are not alarm levels of a bulletin), for rain or no value.
     */
    levelDistance: z.string().nullable(),
    levelDistanceEn: z.string().nullable(),
  })
  .meta({ id: 'OpenStation' });
export type OpenStation = z.infer<typeof OpenStationSchema>;

export const OpenStationListSchema = z
  .object({ items: z.array(OpenStationSchema), total: z.number().int().min(0) })
  .meta({ id: 'OpenStationList' });
export type OpenStationList = z.infer<typeof OpenStationListSchema>;

export const OpenReadingSchema = z.object({
  /** Observation time, ISO UTC. */
  time: z.string(),
  /** Rain: mm in the logger's interval. Water: level in metres. */
  value: z.number(),
  /**
   * The reading's quality flag (#22): good, suspect (a rule doubts it), bad (impossible; never a current value
   * on the portal, given here so other systems see everything), corrected (by staff).
   */
  quality: ReadingQualitySchema,
});

export const OpenReadingsSchema = z
  .object({
    stationCode: z.string(),
    stationName: z.string(),
    kind: StationKindSchema,
    unit: OpenDataUnitSchema,
    /** The window's start as applied (ISO UTC, inclusive). */
    since: z.string(),
    limit: z.number().int(),
    /** Oldest first. */
    items: z.array(OpenReadingSchema),
    /** `since` of the next page when more readings follow, else null. */
    next: z.string().nullable(),
  })
  .meta({ id: 'OpenReadings' });
export type OpenReadings = z.infer<typeof OpenReadingsSchema>;

/** CSV columns, in order: the JSON field names, so both forms read the same. */
export const OPEN_STATION_CSV_COLUMNS = [
  'code',
  'name',
  'kind',
  'description',
  'lat',
  'long',
  'unit',
  'warningLevel1',
  'warningLevel2',
  'warningLevel3',
  'latestValue',
  'latestObservedAt',
  'status',
  'statusLabel',
  'statusLabelEn',
  'trend',
  'levelDistance',
  'levelDistanceEn',
] as const satisfies readonly (keyof OpenStation)[];
export const OPEN_READING_CSV_COLUMNS = ['stationCode', 'time', 'value', 'unit', 'quality'] as const;

/** A stored value as open data gives it: rain mm as stored, water cm → m (4 decimals: 0.01 cm). */
export function openDataValue(kind: 'rain' | 'water', stored: number): number {
  return kind === 'water' ? Math.round(stored * 100) / 10_000 : Math.round(stored * 100) / 100;
}

/** Vietnamese and English label of a station status as the map shows it. */
export function statusLabels(status: string): { vi: string; en: string } {
  if (status === 'disconnected') return DISCONNECTED_LABEL;
  if (status === 'noData') return NO_DATA_LABEL;
  return (
    RAIN_STATUS_LABELS[status as keyof typeof RAIN_STATUS_LABELS] ??
    WATER_STATUS_LABELS[status as keyof typeof WATER_STATUS_LABELS] ?? { vi: status, en: status }
  );
}

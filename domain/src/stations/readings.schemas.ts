import '../common/zod-messages';
import { z } from 'zod';
import { ALERT_TRENDS } from '../alerts/alerts.schemas';
import { UnitQuerySchema } from '../area/unit-pages';
import { parseDateVi } from '../common/time';
import { StationKindSchema } from './station-kind.schema';

/** Reading types of the legacy API: rain (mm/h) or water height (cm). */
export const READING_TYPES = { CURRENT_RAIN: 'rain', CURRENT_HIGH: 'water' } as const;
export const ReadingTypeSchema = z.enum(['CURRENT_RAIN', 'CURRENT_HIGH']);

/** A district day DD/MM/YYYY (a query parameter). */
export const dateVi = () =>
  z.string().refine((s) => parseDateVi(s) !== null, { message: 'Ngày phải có dạng DD/MM/YYYY' });

/**
 * `GET /api/water` in both observed forms: by type (+ date and hour) → every station's value for that hour;
 * by stationCode (+ history, from, to) → that station's hourly series over an inclusive range.
 */
export const WaterQuerySchema = z
  .object({
    type: ReadingTypeSchema.optional(),
    date: dateVi().optional(),
    hour: z.coerce.number().int().min(0).max(23).optional(),
    stationCode: z.string().trim().min(1).max(64).optional(),
    history: z
      .enum(['true', 'false', '1', '0'])
      .transform((v) => v === 'true' || v === '1')
      .optional(),
    /** Range of the history, DD/MM/YYYY (inclusive); default the last 24 hours. */
    from: dateVi().optional(),
    to: dateVi().optional(),
    /** One unit's stations (#26 point 4), for the latest values or an hour's. */
    unit: UnitQuerySchema.shape.unit,
  })
  .refine((q) => q.type || q.stationCode, { message: 'Cần type hoặc stationCode', path: ['type'] });
export type WaterQuery = z.infer<typeof WaterQuerySchema>;

/** A station's value at one hour, with its classification (server-side, with the current thresholds). */
export const StationReadingSchema = z
  .object({
    stationId: z.number().int(),
    stationCode: z.string(),
    stationName: z.string(),
    kind: StationKindSchema,
    lat: z.number(),
    long: z.number(),
    /** The unit of the area the station belongs to (#26); absent from older servers. */
    unitCode: z.string().nullable().optional(),
    /** Rain: mm in that hour (mm/h). Water: cm, the last reading of that hour. Null: no reading. */
    value: z.number().nullable(),
    observedAt: z.string().nullable(),
    /** DD/MM/YYYY and HH of the hour, in the district. */
    date: z.string().nullable(),
    hour: z.string().nullable(),
    status: z.string(),
    statusLabel: z.string(),
    disconnected: z.boolean(),
    warningLevel1: z.number().nullable(),
    warningLevel2: z.number().nullable(),
    warningLevel3: z.number().nullable(),
    /**
     * The latest value's state (#22, live values only; null for a past hour or no value): 'good'; 'unconfirmed'
     * — a level seen once, not yet held ('chưa xác nhận'); 'suspect' — the rules doubt it ('nghi ngờ'). A bad
     * reading is never the value shown.
     */
    quality: z.enum(['good', 'unconfirmed', 'suspect']).nullable(),
    /**
     * Water, live values only (#25): where the level has gone over the last hour ('rising', 'falling', 'steady');
     * null in a gap (no trusted reading near an hour back), for a doubted value, rain or a past hour.
     */
    trend: z.enum(ALERT_TRENDS).nullable().optional(),
  })
  .meta({ id: 'StationReading' });
export type StationReading = z.infer<typeof StationReadingSchema>;

/** A point of a chart; `quality: 'suspect'` marks a reading the rules doubt (drawn apart, #22). */
export const SeriesPointSchema = z.object({
  time: z.string(),
  value: z.number(),
  quality: z.literal('suspect').optional(),
});
export type SeriesPoint = z.infer<typeof SeriesPointSchema>;
export const StationSeriesSchema = z
  .object({
    stationCode: z.string(),
    stationName: z.string(),
    kind: StationKindSchema,
    /** Hour starts, ISO; rain = hourly sum (mm/h), water = hourly mean (cm); the last 24 h of water: each reading. */
    points: z.array(SeriesPointSchema),
    levels: z.object({ level1: z.number(), level2: z.number(), level3: z.number() }).nullable(),
    /**
     * Water (#25): the station's highest trusted reading during the largest recorded flood event there (cm, when,
     * the event's name), drawn as a reference line; null when no flood event reached it.
     */
    floodPeak: z.object({ value: z.number(), at: z.string(), event: z.string() }).nullable().optional(),
  })
  .meta({ id: 'StationSeries' });
export type StationSeries = z.infer<typeof StationSeriesSchema>;

export const ImportRejectSchema = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportReject = z.infer<typeof ImportRejectSchema>;

/** A bulk import of readings as the page follows it (polled for progress). */
export const ImportJobSchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    total: z.number().int(),
    processed: z.number().int(),
    stored: z.number().int(),
    duplicates: z.number().int(),
    rejectedCount: z.number().int(),
    rejected: z.array(ImportRejectSchema),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'ImportJob' });
export type ImportJob = z.infer<typeof ImportJobSchema>;

/** Largest accepted import file. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rejected rows kept in the report (the count covers them all). */
export const IMPORT_MAX_REPORTED = 1000;

/** Yearly rain report: total mm per month of each rain station (back-office §7 report-rain). */
export const RainReportQuerySchema = z.object({ year: z.coerce.number().int().min(1990).max(2100) });
export const RainReportSchema = z
  .object({
    year: z.number().int(),
    stations: z.array(
      z.object({ stationCode: z.string(), stationName: z.string(), months: z.array(z.number()), total: z.number() }),
    ),
  })
  .meta({ id: 'RainReport' });
export type RainReport = z.infer<typeof RainReportSchema>;

/** Monthly water report: daily mean level (cm) of each water station; month as MM/YYYY. */
export const WaterReportQuerySchema = z.object({
  month: z.string().regex(/^(0[1-9]|1[0-2])\/\d{4}$/, { message: 'Tháng phải có dạng MM/YYYY' }),
});
export const WaterReportSchema = z
  .object({
    month: z.string(),
    stations: z.array(
      z.object({
        stationCode: z.string(),
        stationName: z.string(),
        days: z.array(z.object({ date: z.string(), average: z.number().nullable() })),
        average: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'WaterReport' });
export type WaterReport = z.infer<typeof WaterReportSchema>;

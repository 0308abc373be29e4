import '../common/zod-messages';
import { z } from 'zod';
import { UnitQuerySchema } from '../area/unit-pages';
import { MAX_PAGE_SIZE, PAGE_SIZE, pageOf } from '../common/pagination';
import { TEXT_MAX } from '../common/text';
import { parseDateVi } from '../common/time';
import { stationKind } from './classify';
import { QualityRuleSchema, ReadingQualitySchema } from './reading-quality';
import { StationKindSchema } from './station-kind.schema';

const required = () => z.string().trim().min(1).max(TEXT_MAX);
/** Coordinates arrive as strings in the legacy API: accept strings or numbers, return numbers. */
const coordinate = (min: number, max: number) =>
  z
    .union([z.number(), z.string().trim().min(1)])
    .transform(Number)
    .pipe(z.number({ message: 'Phải là một số' }).min(min).max(max));
/** A level in centimetres, or nothing. */
const levelCm = () =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = Number(v);
      if (!Number.isFinite(n) || n < -10_000 || n > 100_000) {
        ctx.addIssue({ code: 'custom', message: 'Mức nước không hợp lệ' });
        return z.NEVER;
      }
      return n;
    });

/**
 * A station is 'Hoạt động' or 'Ngừng hoạt động' (issue #18): a stopped station refuses pushes, raises no
 * warning and leaves the public map, but keeps its readings and published warnings.
 */
export const STATION_STATUSES = ['active', 'inactive'] as const;
export const StationStatusSchema = z.enum(STATION_STATUSES);
export type StationStatus = z.infer<typeof StationStatusSchema>;
export const STATION_STATUS_LABELS: Record<StationStatus, { vi: string; en: string }> = {
  active: { vi: 'Hoạt động', en: 'Active' },
  inactive: { vi: 'Ngừng hoạt động', en: 'Stopped' },
};

export const StationSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    kind: StationKindSchema,
    /** Latitude (its real meaning, DECISIONS.md) — API name `lat`. */
    lat: z.number(),
    /** Longitude — API name `long`. */
    long: z.number(),
    warningLevel1: z.number().nullable(),
    warningLevel2: z.number().nullable(),
    warningLevel3: z.number().nullable(),
    warningLowWater: z.number().nullable(),
    // Absent in older answers: a station is active unless stopped.
    status: StationStatusSchema.default('active'),
    /** The administrative unit the station belongs to (#26): staff's choice, else the one whose boundary holds it. */
    unitCode: z.string().nullable().default(null),
    /** The unit staff chose (null: by position). */
    unitOverride: z.string().nullable().default(null),
    userId: z.number().int().nullable(),
    creatorName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Station' });
export type Station = z.infer<typeof StationSchema>;

/** What staff with `database` see in the edit modal: the station, its push key and how many readings it holds. */
export const StationDetailSchema = StationSchema.extend({ pushKey: z.string(), readingCount: z.number().int() }).meta({
  id: 'StationDetail',
});
export type StationDetail = z.infer<typeof StationDetailSchema>;

/** Station form (back-office §5): code, name, description required; levels in centimetres, ascending. */
export const StationBodySchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .transform((s) => s.toUpperCase())
      .refine((c) => stationKind(c) !== null, { message: 'Mã trạm phải chứa F00 (trạm mưa) hoặc F01 (trạm mực nước)' }),
    name: required(),
    description: required(),
    lat: coordinate(-90, 90),
    long: coordinate(-180, 180),
    warningLevel1: levelCm(),
    warningLevel2: levelCm(),
    warningLevel3: levelCm(),
    warningLowWater: levelCm(),
    /** The unit staff choose for the station; empty or absent: the unit whose boundary holds it (#26). */
    unitCode: z
      .string()
      .trim()
      .max(12)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    const l = [v.warningLevel1, v.warningLevel2, v.warningLevel3];
    for (let i = 1; i < 3; i++) {
      const lower = l.slice(0, i).filter((x): x is number => x !== null);
      const cur = l[i];
      if (cur !== null && cur !== undefined && lower.some((x) => x >= cur)) {
        ctx.addIssue({
          code: 'custom',
          path: [`warningLevel${i + 1}`],
          message: 'Cấp báo động phải cao hơn các cấp thấp hơn',
        });
      }
    }
  })
  .meta({ id: 'StationBody' });
export type StationBody = z.input<typeof StationBodySchema>;

/** 'Ngừng hoạt động' / 'Hoạt động lại'. */
export const StationStatusBodySchema = z.object({ status: StationStatusSchema }).meta({ id: 'StationStatusBody' });

/** Deleting a station destroys its readings: the call must carry the station's code, as staff typed it. */
export const StationDeleteQuerySchema = z.object({ confirm: z.string().trim().max(64).default('') });

/** Whether what staff typed confirms deleting this station (its code, any case, spaces around ignored). */
export function confirmsStationDelete(typed: string, code: string): boolean {
  return typed.trim().toUpperCase() === code.toUpperCase() && code !== '';
}

export const StationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  keyword: z.string().trim().max(TEXT_MAX).optional(),
  kind: StationKindSchema.optional(),
  /** One unit's stations (#26 point 4). */
  unit: UnitQuerySchema.shape.unit,
});
export type StationListQuery = z.infer<typeof StationListQuerySchema>;
export const StationPageSchema = pageOf(StationSchema).meta({ id: 'StationPage' });
export type StationPage = z.infer<typeof StationPageSchema>;

// ---------- push ----------

const intIn = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, { message: `Giá trị từ ${min} đến ${max}` })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/**
 * Why a typed date is refused, or null when it is a real DD/MM/YYYY day: a date of the right shape that
 * does not exist ('31/02/2026') is said to not exist, not to have the wrong shape.
 */
export function dateViIssue(text: string): string | null {
  if (parseDateVi(text) !== null) return null;
  if (/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(text.trim())) return `Ngày ${text.trim()} không tồn tại`;
  return 'Ngày phải có dạng DD/MM/YYYY';
}

/** The station push call (DECISIONS.md "Station data push"): a cheap data logger's GET. */
export const PushQuerySchema = z.object({
  stationCode: z.string().trim().min(1).max(64),
  date: z.string().superRefine((s, ctx) => {
    const issue = dateViIssue(s);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  }),
  hour: intIn(0, 23),
  minute: intIn(0, 59),
  value: z
    .string()
    .trim()
    .regex(/^-?\d+([.,]\d+)?$/, { message: 'Giá trị phải là một số' })
    // A decimal comma, as every form accepts and Vietnamese people write: '0,61' is 0.61.
    .transform((s) => Number(s.replace(',', '.')))
    .pipe(z.number()),
  key: z.string().min(1).max(128),
});
export type PushQuery = z.infer<typeof PushQuerySchema>;

export const PushResultSchema = z
  .object({
    ok: z.literal(true),
    /** False when the same station and time was already stored (the push is idempotent). */
    stored: z.boolean(),
    stationCode: z.string(),
    observedAt: z.string(),
    value: z.number(),
    /** What the quality rules made of it (#22): stored in any case, only good ones warn. */
    quality: ReadingQualitySchema,
    qualityRule: QualityRuleSchema.nullable(),
  })
  .meta({ id: 'PushResult' });
export type PushResult = z.infer<typeof PushResultSchema>;

/** Physical bounds of a reading: rain mm per interval, water level cm. */
export const READING_BOUNDS = {
  rain: { min: 0, max: 500 },
  water: { min: -5_000, max: 100_000 },
} as const;

/** One row of a bulk import: the push's fields without the key (the importer is signed in). */
export const ImportRowSchema = PushQuerySchema.omit({ key: true });

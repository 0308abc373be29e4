import '../common/zod-messages';
import { z } from 'zod';
import { TEXT_MAX } from '../common/text';
import { QualityRuleSchema, ReadingQualitySchema } from './reading-quality';
import { dateVi } from './readings.schemas';
import { StationKindSchema } from './station-kind.schema';

/**
 * A station's readings as staff review them (#22): each reading with its quality flag, the rule that set it and,
 * once corrected, the logger's original value.
 */
export const ReviewedReadingSchema = z
  .object({
    /** ISO 8601, UTC. */
    observedAt: z.string(),
    /** The value in use: the logger's, or the one staff entered (water cm, rain mm). */
    value: z.number(),
    quality: ReadingQualitySchema,
    qualityRule: QualityRuleSchema.nullable(),
    /** The logger's value when staff corrected it; null otherwise. */
    originalValue: z.number().nullable(),
  })
  .meta({ id: 'ReviewedReading' });
export type ReviewedReading = z.infer<typeof ReviewedReadingSchema>;

export const READING_CORRECTION_ACTIONS = ['correct', 'bad', 'good'] as const;
export const ReadingCorrectionActionSchema = z.enum(READING_CORRECTION_ACTIONS);
export type ReadingCorrectionAction = z.infer<typeof ReadingCorrectionActionSchema>;
export const READING_CORRECTION_ACTION_LABELS: Record<ReadingCorrectionAction, { vi: string; en: string }> = {
  correct: { vi: 'Hiệu chỉnh giá trị', en: 'Corrected value' },
  bad: { vi: 'Đánh dấu sai', en: 'Marked faulty' },
  good: { vi: 'Xác nhận đúng', en: 'Accepted as good' },
};

/** One correction as the audit shows it: who, when, which readings, old and new value, why. */
export const ReadingCorrectionSchema = z
  .object({
    id: z.number().int(),
    action: ReadingCorrectionActionSchema,
    fromAt: z.string(),
    toAt: z.string(),
    count: z.number().int(),
    oldValue: z.number().nullable(),
    newValue: z.number().nullable(),
    reason: z.string(),
    userName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ReadingCorrection' });
export type ReadingCorrection = z.infer<typeof ReadingCorrectionSchema>;

/** The longest span the review page loads at once (a month of 5-minute readings is ~9,000 rows). */
export const REVIEW_MAX_DAYS = 31;

export const ReadingsReviewQuerySchema = z.object({
  stationCode: z.string().trim().min(1).max(64),
  /** District days DD/MM/YYYY, inclusive; default the last 24 hours. */
  from: dateVi().optional(),
  to: dateVi().optional(),
});
export type ReadingsReviewQuery = z.infer<typeof ReadingsReviewQuerySchema>;

export const ReadingsReviewSchema = z
  .object({
    stationCode: z.string(),
    stationName: z.string(),
    kind: StationKindSchema,
    /** Water: the levels I–III in cm (station's own or the defaults); rain: null. */
    levels: z.object({ level1: z.number(), level2: z.number(), level3: z.number() }).nullable(),
    from: z.string(),
    to: z.string(),
    /** Oldest first. */
    readings: z.array(ReviewedReadingSchema),
    /** The corrections of the station, newest first (at most 50). */
    corrections: z.array(ReadingCorrectionSchema),
  })
  .meta({ id: 'ReadingsReview' });
export type ReadingsReview = z.infer<typeof ReadingsReviewSchema>;

const reason = () => z.string().trim().min(3, 'Nhập lý do (ít nhất 3 ký tự)').max(TEXT_MAX);

/** One reading: a corrected value, marked faulty, or accepted as good. `value` only (and required) to correct. */
export const CorrectReadingBodySchema = z
  .object({
    stationCode: z.string().trim().min(1).max(64),
    observedAt: z.iso.datetime({ offset: true }),
    action: ReadingCorrectionActionSchema,
    value: z.coerce.number().min(-5_000).max(100_000).optional(),
    reason: reason(),
  })
  .refine((b) => b.action !== 'correct' || b.value !== undefined, {
    message: 'Nhập giá trị hiệu chỉnh',
    path: ['value'],
  })
  .meta({ id: 'CorrectReadingBody' });
export type CorrectReadingBody = z.input<typeof CorrectReadingBodySchema>;

/** Every reading of a station in a time range marked faulty (a sensor out of the water, a week of drift). */
export const FlagRangeBodySchema = z
  .object({
    stationCode: z.string().trim().min(1).max(64),
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    reason: reason(),
  })
  .refine((b) => Date.parse(b.to) >= Date.parse(b.from), {
    message: 'Thời điểm kết thúc phải sau thời điểm bắt đầu',
    path: ['to'],
  })
  .meta({ id: 'FlagRangeBody' });
export type FlagRangeBody = z.input<typeof FlagRangeBodySchema>;

export const CorrectionResultSchema = z
  .object({
    /** Readings changed. */
    changed: z.number().int(),
    /** Alerts cancelled because they rested on a reading that is no longer trusted. */
    cancelledAlerts: z.array(z.number().int()),
  })
  .meta({ id: 'CorrectionResult' });
export type CorrectionResult = z.infer<typeof CorrectionResultSchema>;

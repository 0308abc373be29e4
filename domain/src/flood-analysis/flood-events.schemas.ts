import '../common/zod-messages';
import { z } from 'zod';
import { FLOOD_HISTORY_PAGE_SIZE, MAX_PAGE_SIZE, pageOf } from '../common/pagination';
import { TEXT_MAX } from '../common/text';

/** AUTO: detected from the water readings; MANUAL: added by staff. */
export const FLOOD_EVENT_SOURCES = ['AUTO', 'MANUAL'] as const;
export type FloodEventSource = (typeof FLOOD_EVENT_SOURCES)[number];

/** Longest note on a flood event. */
export const FLOOD_EVENT_NOTE_MAX = 1000;
export const FLOOD_EVENT_NOT_FOUND = 'Không tìm thấy trận lũ';
/** Success toast of a saved event (back-office §8 'Lưu dữ liệu thành công'). */
export const FLOOD_EVENT_TOASTS = { saved: 'Lưu dữ liệu thành công', deleted: 'Xoá trận lũ thành công!' } as const;

export const FloodPeakSchema = z
  .object({
    stationId: z.number().int().nullable(),
    stationCode: z.string().nullable(),
    stationName: z.string().nullable(),
    /** Water level at the peak, cm (shown in metres). */
    value: z.number(),
    at: z.string(),
  })
  .meta({ id: 'FloodPeak' });
export type FloodPeak = z.infer<typeof FloodPeakSchema>;

/** A flood event as the analysis page lists it ('Trận lũ ngày {DD/MM/YYYY}' unless staff named it). */
export const FloodEventSchema = z
  .object({
    id: z.number().int(),
    /** The name to show: staff's name, else 'Trận lũ ngày {start day}' (district time). */
    name: z.string(),
    /** The name staff gave (null: the default name). */
    customName: z.string().nullable(),
    /** UTC ISO; `end` null while the water is still above level I. */
    start: z.string(),
    end: z.string().nullable(),
    ongoing: z.boolean(),
    /** The highest warning level reached (then the furthest above level I); null when no reading is known. */
    peak: FloodPeakSchema.nullable(),
    note: z.string().nullable(),
    source: z.enum(FLOOD_EVENT_SOURCES),
    /** Changed by staff: a recompute from the readings leaves it alone. */
    edited: z.boolean(),
    demo: z.boolean(),
    /** Damage records dated within the event. */
    damageCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'FloodEvent' });
export type FloodEvent = z.infer<typeof FloodEventSchema>;

/** Years a flood event or a recompute may lie in: outside them a date is a typing slip (year 0001 made a 500). */
export const FLOOD_EVENT_YEARS = { min: 1900, max: 2100 } as const;
const isoTime = (message: string) =>
  z.iso
    .datetime({ offset: true, message })
    .transform((v) => new Date(v))
    .refine((d) => {
      const y = d.getUTCFullYear();
      return y >= FLOOD_EVENT_YEARS.min && y <= FLOOD_EVENT_YEARS.max;
    }, message);

/**
 * The save body of `POST /api/flood-event` and `PUT /api/flood-event/{id}`: an empty name means the default
 * name; start required; end optional (an event under way) and not before the start; times as UTC ISO.
 */
export const FloodEventBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .max(TEXT_MAX)
      .nullish()
      .transform((v) => (v ? v : null)),
    start: isoTime('Thời gian bắt đầu không hợp lệ'),
    end: isoTime('Thời gian kết thúc không hợp lệ')
      .nullish()
      .transform((v) => v ?? null),
    note: z
      .string()
      .trim()
      .max(FLOOD_EVENT_NOTE_MAX)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  // zod still runs this when a time failed its format (not a Date then): only compare two real times.
  .refine((b) => !(b.start instanceof Date && b.end instanceof Date) || b.end.getTime() >= b.start.getTime(), {
    message: 'Thời gian kết thúc phải sau thời gian bắt đầu',
    path: ['end'],
  })
  .meta({ id: 'FloodEventBody' });
export type FloodEventBody = z.input<typeof FloodEventBodySchema>;

/** `GET /api/flood-event`: newest first, 5 a page (back-office §9 'flood history list uses 5'). */
export const FloodEventListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(FLOOD_HISTORY_PAGE_SIZE),
  /** Name or time: matches the shown name ('Trận lũ ngày 03/11/2026'), e.g. '03/11', '11/2026', 'lũ lớn'. */
  q: z.string().trim().max(TEXT_MAX).optional(),
});
export type FloodEventListQuery = z.infer<typeof FloodEventListQuerySchema>;
export const FloodEventPageSchema = pageOf(FloodEventSchema).meta({ id: 'FloodEventPage' });
export type FloodEventPage = z.infer<typeof FloodEventPageSchema>;

/** `POST /api/flood-event/recompute`: detect the events of a period again from the stored readings. */
export const FloodEventRecomputeBodySchema = z
  .object({
    from: isoTime('Thời gian bắt đầu không hợp lệ'),
    to: isoTime('Thời gian kết thúc không hợp lệ'),
  })
  .refine((b) => !(b.from instanceof Date && b.to instanceof Date) || b.to.getTime() >= b.from.getTime(), {
    message: 'Thời gian kết thúc phải sau thời gian bắt đầu',
    path: ['to'],
  })
  .meta({ id: 'FloodEventRecomputeBody' });
export const FloodEventRecomputeResultSchema = z
  .object({ removed: z.number().int(), created: z.number().int(), readings: z.number().int() })
  .meta({ id: 'FloodEventRecomputeResult' });
export type FloodEventRecomputeResult = z.infer<typeof FloodEventRecomputeResultSchema>;

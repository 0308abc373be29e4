import '../common/zod-messages';
import { z } from 'zod';
import { StationKindSchema } from '../stations/station-kind.schema';

/** Why an alert exists: a water level, an hourly rain intensity, a 24-hour accumulation, a fast rise. */
export const ALERT_KINDS = ['WATER_LEVEL', 'RAIN_INTENSITY', 'RAIN_24H', 'WATER_RISE', 'STATION_SILENT'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_TRENDS = ['rising', 'falling', 'steady'] as const;
export type AlertTrend = (typeof ALERT_TRENDS)[number];

export const AlertSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(ALERT_KINDS),
    stationId: z.number().int(),
    stationCode: z.string(),
    stationName: z.string(),
    stationKind: StationKindSchema,
    /**
     * 1–3: báo động I–III for water; hourly rain 1 'mưa to', 2 'mưa rất to'; 24-hour rain the levels of
     * rain24hLevel1–3 ('mưa lớn ≥ X mm/24 giờ', docs/glossary.md).
     */
    level: z.number().int().min(1).max(3),
    /**
     * The threshold of its level in the unit of `value` (24-hour rain: rain24hLevelN mm), as the Web Parameters
     * say now; null when the level has none (a silent station), absent from older servers.
     */
    threshold: z.number().nullable().optional(),
    /** The current value: water cm, a rise cm/h, rain mm/h or mm in 24 h. */
    value: z.number(),
    /** The value that raised it: the highest since it opened (same unit as `value`). */
    peakValue: z.number(),
    /** Where the value is heading (last hour for a water level); null for a silent station. */
    trend: z.enum(ALERT_TRENDS).nullable(),
    /** Where it is, for people: the station's description ("Đối diện Trung tâm Y tế huyện…"). */
    positionText: z.string(),
    lat: z.number(),
    long: z.number(),
    message: z.string(),
    since: z.string(),
    updatedAt: z.string(),
    clearedAt: z.string().nullable(),
    /** False while a level seen once waits for the readings that confirm it (#22): staff only, no message. */
    confirmed: z.boolean(),
    /** A staff member took charge (#22): when, who, their note. */
    acknowledgedAt: z.string().nullable(),
    acknowledgedBy: z.string().nullable(),
    ackNote: z.string().nullable(),
    /** How many times it went to the on-duty list again, unacknowledged. */
    escalations: z.number().int(),
    /** Cancelled by a correction of the reading it rested on (#22), and why. */
    cancelledAt: z.string().nullable(),
    cancelReason: z.string().nullable(),
  })
  .meta({ id: 'Alert' });
export type Alert = z.infer<typeof AlertSchema>;

/**
 * An alert as the public reads it (the banner's list, the event stream): who acknowledged it, their note and why
 * it was cancelled are the staff's (#22); whether it was acknowledged is not secret.
 */
export function publicAlert(a: Alert): Alert {
  return { ...a, acknowledgedBy: null, ackNote: null, cancelReason: null };
}
export const ActiveAlertsSchema = z.array(AlertSchema).meta({ id: 'ActiveAlerts' });

/** What happened to an alert, in order (#22): the alerts page's timeline. */
export const ALERT_EVENT_TYPES = [
  'opened',
  'confirmed',
  'messages',
  'acknowledged',
  'escalated',
  'raised',
  'lowered',
  'cleared',
  'discarded',
  'cancelled',
] as const;
export type AlertEventType = (typeof ALERT_EVENT_TYPES)[number];
export const ALERT_EVENT_LABELS: Record<AlertEventType, { vi: string; en: string }> = {
  opened: { vi: 'Mở cảnh báo', en: 'Opened' },
  confirmed: { vi: 'Đã xác nhận mức', en: 'Level confirmed' },
  messages: { vi: 'Đã gửi tin', en: 'Messages queued' },
  acknowledged: { vi: 'Đã nhận xử lý', en: 'Acknowledged' },
  escalated: { vi: 'Nhắc lại cho trực ban', en: 'Escalated to the on-duty list' },
  raised: { vi: 'Nâng cấp', en: 'Raised' },
  lowered: { vi: 'Hạ cấp', en: 'Lowered' },
  cleared: { vi: 'Kết thúc', en: 'Cleared' },
  discarded: { vi: 'Bỏ qua (không giữ mức)', en: 'Discarded (level not held)' },
  cancelled: { vi: 'Huỷ cảnh báo', en: 'Cancelled' },
};

export const AlertEventSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(ALERT_EVENT_TYPES),
    level: z.number().int().nullable(),
    value: z.number().nullable(),
    /** 'messages': how many were queued; 'acknowledged': the note; 'cancelled': the reason. */
    detail: z.string().nullable(),
    userName: z.string().nullable(),
    at: z.string(),
  })
  .meta({ id: 'AlertEvent' });
export type AlertEventItem = z.infer<typeof AlertEventSchema>;

/** An alert with its timeline and how its messages went (the alerts page's detail). */
export const AlertDetailSchema = z
  .object({
    alert: AlertSchema,
    events: z.array(AlertEventSchema),
    messages: z.object({
      total: z.number().int(),
      sent: z.number().int(),
      pending: z.number().int(),
      failed: z.number().int(),
      uncertain: z.number().int(),
      cancelled: z.number().int(),
    }),
  })
  .meta({ id: 'AlertDetail' });
export type AlertDetail = z.infer<typeof AlertDetailSchema>;

export const AlertListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** 'open': only those still on; 'all' (default): every alert, newest first. */
  status: z.enum(['open', 'all']).default('all'),
});
export const AlertPageSchema = z
  .object({ items: z.array(AlertSchema), total: z.number().int() })
  .meta({ id: 'AlertPage' });
export type AlertPage = z.infer<typeof AlertPageSchema>;

export const AcknowledgeBodySchema = z
  .object({ note: z.string().trim().max(500).optional() })
  .meta({ id: 'AcknowledgeBody' });
export type AcknowledgeBody = z.input<typeof AcknowledgeBodySchema>;

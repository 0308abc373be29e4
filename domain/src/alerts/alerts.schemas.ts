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
    /** 1–3 (Cấp I–III for water; for rain: 1 heavy, 2 very heavy, 3 flash-flood risk). */
    level: z.number().int().min(1).max(3),
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
export const ActiveAlertsSchema = z.array(AlertSchema).meta({ id: 'ActiveAlerts' });

import '../common/zod-messages';
import { z } from 'zod';

/**
 * The 'Web Parameters' configuration record (back-office §3 Configuration): every threshold of the status
 * rules, tunable by staff. Water values in centimetres, rain in mm/h.
 */
const WebParametersObject = z.object({
  waterHigh: z.coerce.number().min(0).max(100_000).default(70),
  waterMedium: z.coerce.number().min(0).max(100_000).default(50),
  waterLow: z.coerce.number().min(0).max(100_000).default(30),
  rainVeryHigh: z.coerce.number().min(0).max(10_000).default(20),
  rainHigh: z.coerce.number().min(0).max(10_000).default(10),
  rainMedium: z.coerce.number().min(0).max(10_000).default(5),
  rainLow: z.coerce.number().min(0).max(10_000).default(0),
  notRain: z.coerce.number().min(0).max(10_000).default(0),
  /** A station silent for longer than this is 'Mất kết nối' (issue #4: default 2 h). */
  disconnectAfterMinutes: z.coerce.number().int().min(1).max(10_080).default(120),
  /** Flash-flood risk from 24-hour rain (mm), levels 1–3 as Vietnam's disaster-risk rules use. */
  rain24hLevel1: z.coerce.number().min(0).max(10_000).default(100),
  rain24hLevel2: z.coerce.number().min(0).max(10_000).default(200),
  rain24hLevel3: z.coerce.number().min(0).max(10_000).default(400),
  /** A water level rising faster than this (cm per hour) warns. */
  waterRiseCmPerHour: z.coerce.number().min(0).max(100_000).default(30),
  /** Hysteresis: an alert lowers or clears only after the value stays this far below its level… */
  waterClearMarginCm: z.coerce.number().min(0).max(10_000).default(5),
  rainClearMarginMm: z.coerce.number().min(0).max(10_000).default(2),
  /** …for this long. */
  alertClearMinutes: z.coerce.number().int().min(0).max(10_080).default(30),
  /** Reading quality (#22, docs/decisions.md "Reading quality"): hard limits of a water level (cm)… */
  qcWaterMinCm: z.coerce.number().min(-5_000).max(100_000).default(-500),
  qcWaterMaxCm: z.coerce.number().min(-5_000).max(100_000).default(3_000),
  /** …the fastest a river can move (cm per hour; faster is 'nghi ngờ')… */
  qcWaterMaxChangeCmPerHour: z.coerce.number().min(1).max(100_000).default(300),
  /** …the most rain one reading may hold (mm) and the heaviest plausible rain (mm per hour)… */
  qcRainMaxMm: z.coerce.number().min(0).max(100_000).default(200),
  qcRainMaxMmPerHour: z.coerce.number().min(1).max(10_000).default(150),
  /** …a value unchanged this long is stuck (minutes; 0: never)… */
  qcStuckMinutes: z.coerce.number().int().min(0).max(100_000).default(360),
  /** …and a pushed reading older than this many days is a wrong logger clock. */
  qcMaxAgeDays: z.coerce.number().int().min(1).max(3_650).default(365),
  /** Confirmed alerts (#22): a level warns once held by this many consecutive good readings… */
  alertConfirmReadings: z.coerce.number().int().min(1).max(10).default(2),
  /** …or for this many minutes (0: by readings only). */
  alertConfirmMinutes: z.coerce.number().int().min(0).max(1_440).default(0),
  /** A level II/III alert nobody acknowledged in this many minutes goes to the on-duty staff again… */
  alertAckMinutes: z.coerce.number().int().min(1).max(1_440).default(15),
  /** …at most this many times. */
  alertMaxEscalations: z.coerce.number().int().min(0).max(20).default(3),
  /**
   * How long an automatic alert's CAP Alert or Update stays in force (`expires`, minutes, #23); an open alert's
   * message is renewed by an Update when less than half of it is left (docs/cap-profile.md).
   */
  capAlertLifetimeMinutes: z.coerce.number().int().min(60).max(10_080).default(360),
});
type Field = keyof z.infer<typeof WebParametersObject>;

/** How staff name the ordered thresholds (Vietnamese, as the form's labels without their unit). */
export const WEB_PARAMETER_NAMES: Partial<Record<Field, string>> = {
  waterLow: 'Mực nước thấp – Cấp I',
  waterMedium: 'Mực nước trung bình – Cấp II',
  waterHigh: 'Mực nước cao – Cấp III',
  notRain: 'Không mưa',
  rainLow: 'Mưa nhỏ',
  rainMedium: 'Mưa vừa',
  rainHigh: 'Mưa to',
  rainVeryHigh: 'Mưa rất to',
  rain24hLevel1: 'Mưa 24 giờ – Cấp I',
  rain24hLevel2: 'Mưa 24 giờ – Cấp II',
  rain24hLevel3: 'Mưa 24 giờ – Cấp III',
  qcWaterMinCm: 'Mực nước nhỏ nhất đo được',
  qcWaterMaxCm: 'Mực nước lớn nhất đo được',
};

/**
 * The thresholds that climb (issue #18): each pair is [lower, higher, whether they may be equal]. 'Không mưa'
 * and 'Mưa nhỏ' may be equal (both 0 by default: any rain is light rain); every other step must rise.
 */
export const WEB_PARAMETER_ORDER: readonly (readonly [Field, Field, boolean])[] = [
  ['waterLow', 'waterMedium', false],
  ['waterMedium', 'waterHigh', false],
  ['notRain', 'rainLow', true],
  ['rainLow', 'rainMedium', false],
  ['rainMedium', 'rainHigh', false],
  ['rainHigh', 'rainVeryHigh', false],
  ['rain24hLevel1', 'rain24hLevel2', false],
  ['rain24hLevel2', 'rain24hLevel3', false],
  ['qcWaterMinCm', 'qcWaterMaxCm', false],
];

/**
 * The status rules' thresholds with their order: an inverted pair (e.g. 'Mưa to' above 'Mưa rất to') is
 * refused on BOTH fields of the pair, each message naming the other, so the server's answer and the form
 * point at the very fields to fix.
 */
export const WebParametersSchema = WebParametersObject.superRefine((v, ctx) => {
  const flagged = new Set<Field>();
  const flag = (field: Field, message: string) => {
    if (flagged.has(field)) return;
    flagged.add(field);
    ctx.addIssue({ code: 'custom', path: [field], message });
  };
  for (const [lower, higher, mayEqual] of WEB_PARAMETER_ORDER) {
    const ok = mayEqual ? v[lower] <= v[higher] : v[lower] < v[higher];
    if (ok) continue;
    const lo = WEB_PARAMETER_NAMES[lower];
    const hi = WEB_PARAMETER_NAMES[higher];
    flag(lower, `'${lo}' phải ${mayEqual ? 'không lớn hơn' : 'nhỏ hơn'} '${hi}'`);
    flag(higher, `'${hi}' phải ${mayEqual ? 'không nhỏ hơn' : 'lớn hơn'} '${lo}'`);
  }
});
export type WebParameters = z.infer<typeof WebParametersSchema>;

/** The defaults of DECISIONS.md, used until staff change them. */
export const DEFAULT_WEB_PARAMETERS: WebParameters = WebParametersSchema.parse({});

/** Name of the configuration record that holds these parameters. */
export const WEB_PARAMETERS_NAME = 'Web Parameters';

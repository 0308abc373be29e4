import '../common/zod-messages';
import { z } from 'zod';

/**
 * The 'Web Parameters' configuration record (back-office §3 Configuration): every threshold of the status
 * rules, tunable by staff. Water values in centimetres, rain in mm/h.
 */
export const WebParametersSchema = z.object({
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
});
export type WebParameters = z.infer<typeof WebParametersSchema>;

/** The defaults of DECISIONS.md, used until staff change them. */
export const DEFAULT_WEB_PARAMETERS: WebParameters = WebParametersSchema.parse({});

/** Name of the configuration record that holds these parameters. */
export const WEB_PARAMETERS_NAME = 'Web Parameters';

import type { Language } from '../common/language';
import type { WebParameters } from './web-parameters';

export type StationKind = 'rain' | 'water';

/** Codes containing F00 are rain stations, F01 water-level stations (spec §3); anything else is neither. */
export function stationKind(code: string): StationKind | null {
  const c = code.toUpperCase();
  if (c.includes('F00')) return 'rain';
  if (c.includes('F01')) return 'water';
  return null;
}

// ---------- rain ----------

export const RAIN_STATUSES = ['none', 'light', 'moderate', 'heavy', 'veryHeavy'] as const;
export type RainStatus = (typeof RAIN_STATUSES)[number];
export const RAIN_STATUS_LABELS: Record<RainStatus, { vi: string; en: string }> = {
  none: { vi: 'Không mưa', en: 'No rain' },
  light: { vi: 'Mưa nhỏ', en: 'Light rain' },
  moderate: { vi: 'Mưa vừa', en: 'Moderate rain' },
  heavy: { vi: 'Mưa to', en: 'Heavy rain' },
  veryHeavy: { vi: 'Mưa rất to', en: 'Very heavy rain' },
};

/** The one rain rule (DECISIONS.md): ≥ very high, ≥ high, ≥ medium, > low, otherwise no rain (mm/h). */
export function rainStatus(
  mmPerHour: number,
  p: Pick<WebParameters, 'rainVeryHigh' | 'rainHigh' | 'rainMedium' | 'rainLow'>,
): RainStatus {
  if (!Number.isFinite(mmPerHour)) return 'none';
  if (mmPerHour >= p.rainVeryHigh) return 'veryHeavy';
  if (mmPerHour >= p.rainHigh) return 'heavy';
  if (mmPerHour >= p.rainMedium) return 'moderate';
  if (mmPerHour > p.rainLow) return 'light';
  return 'none';
}

// ---------- water ----------

export const WATER_STATUSES = ['low', 'level1', 'level2', 'level3'] as const;
export type WaterStatus = (typeof WATER_STATUSES)[number];
export const WATER_STATUS_LABELS: Record<WaterStatus, { vi: string; en: string }> = {
  low: { vi: 'Thấp', en: 'Low' },
  level1: { vi: 'Cấp I', en: 'Level I' },
  level2: { vi: 'Cấp II', en: 'Level II' },
  level3: { vi: 'Cấp III', en: 'Level III' },
};

/** Warning levels of a water station in centimetres; null where the station has none. */
export interface WarningLevels {
  warningLevel1: number | null;
  warningLevel2: number | null;
  warningLevel3: number | null;
}

/**
 * The levels a station is judged by: its own, else the configuration's defaults (waterLow as level I,
 * waterMedium as level II, waterHigh as level III). These also draw the chart reference lines.
 */
export function effectiveLevels(
  levels: WarningLevels,
  p: Pick<WebParameters, 'waterLow' | 'waterMedium' | 'waterHigh'>,
): { level1: number; level2: number; level3: number } {
  return {
    level1: levels.warningLevel1 ?? p.waterLow,
    level2: levels.warningLevel2 ?? p.waterMedium,
    level3: levels.warningLevel3 ?? p.waterHigh,
  };
}

/** The one water rule: a level is reached when the water is at or above it (cm). */
export function waterStatus(
  cm: number,
  levels: WarningLevels,
  p: Pick<WebParameters, 'waterLow' | 'waterMedium' | 'waterHigh'>,
): WaterStatus {
  if (!Number.isFinite(cm)) return 'low';
  const l = effectiveLevels(levels, p);
  if (cm >= l.level3) return 'level3';
  if (cm >= l.level2) return 'level2';
  if (cm >= l.level1) return 'level1';
  return 'low';
}

/** Level number 0–3 of a water status, for alerts and comparisons. */
export function waterLevelNumber(status: WaterStatus): 0 | 1 | 2 | 3 {
  return WATER_STATUSES.indexOf(status) as 0 | 1 | 2 | 3;
}

// ---------- connection ----------

/** A station is disconnected ('Mất kết nối') when its last reading is older than the configured time. */
export function isDisconnected(
  lastObservedAt: Date | string | null | undefined,
  now: Date,
  p: Pick<WebParameters, 'disconnectAfterMinutes'>,
): boolean {
  if (!lastObservedAt) return true;
  const t = typeof lastObservedAt === 'string' ? Date.parse(lastObservedAt) : lastObservedAt.getTime();
  return now.getTime() - t > p.disconnectAfterMinutes * 60_000;
}
export const DISCONNECTED_LABEL = { vi: 'Mất kết nối', en: 'Disconnected' } as const;
/** A station without a reading in the asked hour. */
export const NO_DATA_LABEL = { vi: 'Không có dữ liệu', en: 'No data' } as const;

/** The status of a reading in the reader's language ('Cấp II', 'Mưa to', 'Mất kết nối', 'Không có dữ liệu'). */
export function readingStatusText(
  reading: { kind: StationKind; status: string; statusLabel: string },
  lang: Language = 'vi',
): string {
  const { status } = reading;
  if (status === 'disconnected') return DISCONNECTED_LABEL[lang];
  if (status === 'noData') return NO_DATA_LABEL[lang];
  if (reading.kind === 'rain' && status in RAIN_STATUS_LABELS) {
    return RAIN_STATUS_LABELS[status as keyof typeof RAIN_STATUS_LABELS][lang];
  }
  if (reading.kind === 'water' && status in WATER_STATUS_LABELS) {
    return WATER_STATUS_LABELS[status as keyof typeof WATER_STATUS_LABELS][lang];
  }
  return reading.statusLabel;
}

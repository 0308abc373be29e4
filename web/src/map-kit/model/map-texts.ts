import type { Language } from '@flood/domain';
import {
  type Alert,
  alertLine,
  formatNumber,
  readingStatusText,
  type StationKind,
  type StationReading,
  stationValueText,
  stationValueWithUnit,
  waterContextPhrase,
} from '@flood/domain';
import type { TFunction } from 'i18next';
import { readingMark } from '../../components/reading-colours';
import { DISTRICT_TIME_ZONE } from '../../lib/format/date';

/** A number as the reader's language writes it: '1,25' in Vietnamese, '1.25' in English. */
export function formatMapNumber(value: number, decimals: number, lang: Language): string {
  return formatNumber(value, decimals, lang);
}

/** The domain's value texts ('0,62', '12,5 mm/h'), here for the map kit's callers. */
export { stationValueText, stationValueWithUnit };

/** The word of a latest value's mark (#22): 'chưa xác nhận', 'nghi ngờ'; null for a plain value. */
export function readingMarkText(t: TFunction, reading: StationReading): string | null {
  const mark = readingMark(reading);
  return mark ? t(`readingMark.${mark}`) : null;
}

/**
 * Spec §2: '{name} - Lượng mưa {v} mm/h' or '{name} - Mực nước {v} m'; a value not confirmed yet or doubted
 * says so ('(chưa xác nhận)', '(nghi ngờ)'), and so does a silent station.
 */
export function stationTooltip(t: TFunction, reading: StationReading, lang: Language): string {
  const name = reading.stationName;
  if (reading.value === null) return t('map.tooltipNoData', { name });
  const value = stationValueText(reading.kind, reading.value, lang);
  const text = t(reading.kind === 'water' ? 'map.tooltipWater' : 'map.tooltipRain', { name, value });
  const notes = [readingMarkText(t, reading), reading.disconnected ? t('map.disconnected') : null].filter(Boolean);
  const context = waterContextText(reading, lang);
  const said = notes.length ? `${text} (${notes.join(', ')})` : text;
  return context ? `${said} — ${context}` : said;
}

/** Spec §2 polygon tooltips: 'Lượng mưa: {v} mm/h' (rain layers) or 'Mực nước: {v} m' (flood, metres). */
export function polygonTooltip(t: TFunction, scale: StationKind, value: number, lang: Language): string {
  return scale === 'water'
    ? t('map.polygonWater', { value: formatMapNumber(value, 2, lang) })
    : t('map.polygonRain', { value: formatMapNumber(value, 1, lang) });
}

/** The domain's status words ('Cấp II', 'Mưa to', 'Mất kết nối'), here for the map kit's callers. */
export { readingStatusText };

/** A water reading in context (#25), the domain's words: '↑ lên · dưới BĐ3 0,27 m', or null. */
export const waterContextText = (reading: StationReading, lang: Language): string | null =>
  waterContextPhrase(reading, lang);

const ALERT_TITLE_KEYS: Record<Alert['kind'], string> = {
  WATER_LEVEL: 'map.alertFlood',
  WATER_RISE: 'map.alertRise',
  RAIN_INTENSITY: 'map.alertRain',
  RAIN_24H: 'map.alertRain24h',
  STATION_SILENT: 'map.alertSilent',
};

/**
 * The warning toast of an alert: what and which level as the title; the alert line in the reader's language
 * (the value that raised it, the current one, the trend and since when) and where it is.
 */
export function alertToastText(t: TFunction, alert: Alert, lang: Language): { title: string; description: string } {
  const level = t(`alerts.level${Math.min(3, Math.max(1, alert.level))}`);
  const message = alertLine(alert, lang, DISTRICT_TIME_ZONE);
  const position = alert.positionText.trim();
  return {
    title: t(ALERT_TITLE_KEYS[alert.kind], { level }),
    description: position ? `${message}. ${t('map.alertPosition', { position })}` : message,
  };
}

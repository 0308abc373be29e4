import {
  cmToM,
  formatNumberVi,
  type Language,
  mToCm,
  QUALITY_LABELS,
  QUALITY_RULE_LABELS,
  type QualityRule,
  type ReadingQuality,
  type StationKind,
} from '@flood/domain';

/**
 * How the review page shows a reading's value: water in metres with two decimals (stored in cm), rain in mm with
 * one decimal (the rain of that reading, as stored), decimal comma, like the rest of the portal.
 */
export const shownValue = (kind: StationKind, stored: number): number => (kind === 'water' ? cmToM(stored) : stored);

/** A value typed in the page's unit (water m, rain mm) as the API stores it (water cm, rain mm). */
export const storedValue = (kind: StationKind, shown: number): number => (kind === 'water' ? mToCm(shown) : shown);

export const unitOf = (kind: StationKind): 'm' | 'mm' => (kind === 'water' ? 'm' : 'mm');

/** '1,25 m' / '3,5 mm'; '' without a value. */
export function formatStoredValue(kind: StationKind, stored: number | null | undefined): string {
  if (stored === null || stored === undefined) return '';
  return `${formatNumberVi(shownValue(kind, stored), kind === 'water' ? 2 : 1)} ${unitOf(kind)}`;
}

/**
 * The colours of the quality flags, the same in the chart and on the tags: the trusted line blue, corrected points
 * purple, suspect orange, bad grey (shown for staff, never used).
 */
export const QUALITY_COLOURS: Record<ReadingQuality, string> = {
  good: '#1677ff',
  corrected: '#722ed1',
  suspect: '#d46b08',
  bad: '#8c8c8c',
};

/** antd's tag colour of each flag. */
export const QUALITY_TAG_COLOURS: Record<ReadingQuality, string> = {
  good: 'green',
  corrected: 'purple',
  suspect: 'orange',
  bad: 'default',
};

export const qualityLabel = (quality: ReadingQuality, lang: Language): string => QUALITY_LABELS[quality][lang];

export const ruleLabel = (rule: QualityRule | null, lang: Language): string =>
  rule ? QUALITY_RULE_LABELS[rule][lang] : '';

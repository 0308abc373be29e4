import { formatNumberVi, formatWaterLevel, type StationKind } from '@flood/domain';

// Plain helpers of a reading's look, apart from the antd tag: the public shell (alert banner), the map and the
// dashboard use them without loading antd.

export {
  contrastRatio,
  DARK_TEXT,
  MARK_COLOURS,
  type ReadingMark,
  readingMark,
  statusColour,
  textOn,
} from '@flood/domain';

/** A value with its unit: rain 'x mm/h', water in metres with a comma ('2,10 m'). */
export function formatReadingValue(kind: StationKind, value: number | null): string {
  if (value === null) return '';
  return kind === 'water' ? `${formatWaterLevel(value)} m` : `${formatNumberVi(value, 1)} mm/h`;
}

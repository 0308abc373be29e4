import {
  formatNumberVi,
  formatWaterLevel,
  RAIN_STATUS_COLOURS,
  type RainStatus,
  type StationKind,
  type StationReading,
  WATER_MARKER_COLOURS,
  type WaterStatus,
} from '@flood/domain';
import { Tag } from 'antd';
import { formatDistrictDateTime } from '../../../lib/format/date';

/** Disconnected and no-data statuses are grey. */
const MUTED = '#8c8c8c';

/** The colour of a reading's status: rain by intensity, water by warning level, grey when silent. */
export function statusColour(kind: StationKind, status: string): string {
  if (kind === 'rain' && status in RAIN_STATUS_COLOURS) return RAIN_STATUS_COLOURS[status as RainStatus];
  if (kind === 'water' && status in WATER_MARKER_COLOURS) return WATER_MARKER_COLOURS[status as WaterStatus];
  return MUTED;
}

/** Dark text on light colours (level I yellow, light rain), white on the others. */
export function textOn(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#1f1f1f' : '#fff';
}

/** The status of a station's reading as a coloured tag with the server's label ('Cấp II', 'Mất kết nối'...). */
export function ReadingStatusTag({ reading }: { reading: StationReading | undefined }) {
  if (!reading) return null;
  const colour = statusColour(reading.kind, reading.status);
  return (
    <Tag
      style={{ background: colour, borderColor: colour, color: textOn(colour) }}
      data-testid={`status-${reading.stationCode}`}
    >
      {reading.statusLabel}
    </Tag>
  );
}

/** A value with its unit: rain 'x mm/h', water in metres with a comma ('2,10 m'). */
export function formatReadingValue(kind: StationKind, value: number | null): string {
  if (value === null) return '';
  return kind === 'water' ? `${formatWaterLevel(value)} m` : `${formatNumberVi(value, 1)} mm/h`;
}

/** The latest value and when it was observed. */
export function LatestReading({ reading }: { reading: StationReading | undefined }) {
  if (!reading || reading.value === null) return <span>—</span>;
  return (
    <span data-testid={`latest-${reading.stationCode}`}>
      {formatReadingValue(reading.kind, reading.value)}
      {reading.observedAt && <span className="reading-time">{formatDistrictDateTime(reading.observedAt)}</span>}
    </span>
  );
}

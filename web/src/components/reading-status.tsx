import type { StationReading } from '@flood/domain';
import { Tag } from 'antd';
import { formatDistrictDateTime } from '../lib/format/date';
import { formatReadingValue, statusColour, textOn } from './reading-colours';

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

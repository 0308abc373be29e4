import type { StationReading } from '@flood/domain';
import { Tag } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistrictDateTime } from '../lib/format/date';
import {
  formatReadingValue,
  MARK_COLOURS,
  type ReadingMark,
  readingMark,
  statusColour,
  textOn,
} from './reading-colours';

/**
 * The look of a status tag in its colour; a marked value's (#22) keeps the colour with a dashed outline in the
 * mark's ink, so a level not confirmed yet never looks like a confirmed one.
 */
export function statusTagStyle(colour: string, mark: ReadingMark | null): CSSProperties {
  const style: CSSProperties = { background: colour, borderColor: colour, color: textOn(colour) };
  return mark ? { ...style, borderColor: MARK_COLOURS[mark], borderStyle: 'dashed', borderWidth: 2 } : style;
}

/** The mark of a latest value as a small tag: 'chưa xác nhận' or 'nghi ngờ', what it means on hover. */
export function ReadingMarkTag({ mark, 'data-testid': testId }: { mark: ReadingMark | null; 'data-testid'?: string }) {
  const { t } = useTranslation();
  if (!mark) return null;
  const ink = MARK_COLOURS[mark];
  return (
    <Tag
      className={`reading-mark reading-mark-${mark}`}
      style={{ background: '#fff', color: ink, borderColor: ink, borderStyle: 'dashed', fontWeight: 600 }}
      title={t(`readingMark.${mark}Help`)}
      data-testid={testId}
      data-mark={mark}
    >
      {t(`readingMark.${mark}`)}
    </Tag>
  );
}

/**
 * The status of a station's reading as a coloured tag with the server's label ('Cấp II', 'Mất kết nối'...),
 * and the value's mark beside it when it is not confirmed yet or doubted (`markWord: false` where the value beside
 * it already says the word, as in the stations table: the tag keeps its dashed outline).
 */
export function ReadingStatusTag({
  reading,
  markWord = true,
}: {
  reading: StationReading | undefined;
  markWord?: boolean;
}) {
  const { t } = useTranslation();
  if (!reading) return null;
  const mark = readingMark(reading);
  return (
    <>
      <Tag
        style={statusTagStyle(statusColour(reading.kind, reading.status), mark)}
        // Without the word beside it, the dashed tag says it on hover and to screen readers.
        title={mark && !markWord ? t(`readingMark.${mark}`) : undefined}
        data-testid={`status-${reading.stationCode}`}
      >
        {reading.statusLabel}
      </Tag>
      {markWord && <ReadingMarkTag mark={mark} data-testid={`status-mark-${reading.stationCode}`} />}
    </>
  );
}

/** The latest value and when it was observed, with its mark when it is not confirmed yet or doubted. */
export function LatestReading({ reading }: { reading: StationReading | undefined }) {
  if (!reading || reading.value === null) return <span>—</span>;
  const mark = readingMark(reading);
  return (
    <span data-testid={`latest-${reading.stationCode}`} data-mark={mark ?? undefined}>
      {formatReadingValue(reading.kind, reading.value)}
      {mark && (
        <>
          {' '}
          <ReadingMarkTag mark={mark} />
        </>
      )}
      {reading.observedAt && <span className="reading-time">{formatDistrictDateTime(reading.observedAt)}</span>}
    </span>
  );
}

import type { Language } from '@flood/domain';
import { cmToM, type StationReading } from '@flood/domain';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MARK_COLOURS, readingMark, statusColour, textOn } from '../../../components/reading-colours';
import { useMapPath } from '../../../components/use-map-path';
import { formatDistrictDateTime } from '../../../lib/format/date';
import { formatMapNumber, readingStatusText, waterContextText } from '../../../map-kit/model/map-texts';

/**
 * The value of a dashboard card without its unit: rain in mm/h (1 decimal), water in metres with 2 decimals,
 * 1 on a phone (spec §9 "1 on the mobile dashboard"); '–' without a reading.
 */
export function cardValueText(reading: StationReading, lang: Language, mobile: boolean): string {
  if (reading.value === null) return '–';
  if (reading.kind === 'water') return formatMapNumber(cmToM(reading.value), mobile ? 1 : 2, lang);
  return formatMapNumber(reading.value, 1, lang);
}

/**
 * One station of a dashboard carousel (spec §2 "Dashboard"): its trimmed name, value and status, in the
 * colours of the one rule the server classified it by (DECISIONS.md). It opens the station on the map. A value
 * not confirmed yet or doubted (#22) keeps its colours, its status dashed, with its word beside the status.
 */
export function StationCard({ reading, mobile }: { reading: StationReading; mobile: boolean }) {
  const { t, i18n } = useTranslation();
  const mapPath = useMapPath();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const colour = statusColour(reading.kind, reading.status);
  const name = reading.stationName.trim();
  const mark = readingMark(reading);
  const context = waterContextText(reading, lang);
  const style = {
    '--status-colour': colour,
    '--status-text': textOn(colour),
    ...(mark ? { '--mark-ink': MARK_COLOURS[mark] } : {}),
  } as CSSProperties;
  return (
    <Link
      to={mapPath(reading.stationCode)}
      className="station-card"
      style={style}
      data-testid={`dash-card-${reading.stationCode}`}
      data-status={reading.status}
      data-mark={mark ?? undefined}
    >
      <span className="station-card-name" title={name}>
        {name}
      </span>
      <span className="station-card-value">
        <strong data-testid={`dash-value-${reading.stationCode}`}>{cardValueText(reading, lang, mobile)}</strong>{' '}
        <span className="station-card-unit">{reading.kind === 'water' ? 'm' : 'mm/h'}</span>
      </span>
      <span className="station-card-badges">
        <span
          className={mark ? 'station-card-status station-card-status-marked' : 'station-card-status'}
          data-testid={`dash-status-${reading.stationCode}`}
        >
          {readingStatusText(reading, lang)}
        </span>
        {mark && (
          <span
            className="station-card-mark"
            title={t(`readingMark.${mark}Help`)}
            data-testid={`dash-mark-${reading.stationCode}`}
          >
            {t(`readingMark.${mark}`)}
          </span>
        )}
      </span>
      {context && (
        <span className="station-card-context" data-testid={`dash-context-${reading.stationCode}`}>
          {context}
        </span>
      )}
      {reading.observedAt && (
        <span className="station-card-time">
          {t('dashboard.updatedAt', { time: formatDistrictDateTime(reading.observedAt) })}
        </span>
      )}
    </Link>
  );
}

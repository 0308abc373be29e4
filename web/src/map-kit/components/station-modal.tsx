import type { Language } from '@flood/domain';
import { dayExtremes, stationKind } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { Modal, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { seriesHaveData, seriesOption } from '../../components/chart-options';
import { LazyChart } from '../../components/lazy-chart';
import { readingMark, statusColour } from '../../components/reading-colours';
import { ReadingMarkTag, statusTagStyle } from '../../components/reading-status';
import { READING_TYPE_OF, waterKeys } from '../../features/stations';
import { useReadUnit } from '../../lib/area/public-unit';
import { usePortalEvents } from '../../lib/events/use-portal-events';
import { formatDistrictDateTime } from '../../lib/format/date';
import { fetchLatestReadings, fetchRecentSeries, mapKeys } from '../api/map-api';
import { useAllStations } from '../hooks/use-map-data';
import { formatMapNumber, readingStatusText, stationValueWithUnit, waterContextText } from '../model/map-texts';
import { StationHistoryTable } from './station-history-table';

export interface StationModalProps {
  stationCode: string;
  open: boolean;
  mobile: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * A station's card (spec §2): name, description, coordinates, current value with its unit, status, last
 * update and the last 24 hours (rain as bars, water as a line with its warning levels I–III). The chart
 * (ECharts) is fetched only now.
 */
export function StationModal({ stationCode, open, mobile, onClose, afterClose }: StationModalProps) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const kind = stationKind(stationCode) ?? 'rain';
  const type = READING_TYPE_OF[kind];
  const unit = useReadUnit();
  const readings = useQuery({
    queryKey: waterKeys.current(type, unit),
    queryFn: () => fetchLatestReadings(type, unit),
  });
  const stations = useAllStations();
  const seriesKey = mapKeys.recentSeries(stationCode);
  const series = useQuery({ queryKey: seriesKey, queryFn: () => fetchRecentSeries(stationCode) });
  usePortalEvents([seriesKey]);

  const reading = readings.data?.find((r) => r.stationCode === stationCode);
  const station = stations.data?.find((s) => s.code === stationCode);
  const name = reading?.stationName ?? station?.name ?? stationCode;
  const lat = reading?.lat ?? station?.lat;
  const long = reading?.long ?? station?.long;
  // A water axis reaches over the levels I–III (and a suspect spike) with a round top (seriesOption).
  const option = useMemo(
    () => (series.data && seriesHaveData([series.data]) ? seriesOption(kind, [series.data], t) : null),
    [series.data, kind, t],
  );
  const colour = reading ? statusColour(kind, reading.status) : null;
  const mark = reading ? readingMark(reading) : null;
  const context = reading ? waterContextText(reading, lang) : null;
  // The last 24 hours' highest and lowest (#25) of the trusted readings of the chart.
  const extremes =
    kind === 'water' && series.data
      ? dayExtremes(
          series.data.points.filter((p) => p.quality !== 'suspect').map((p) => ({ at: p.time, value: p.value })),
        )
      : null;

  return (
    <Modal
      open={open}
      title={name}
      onCancel={onClose}
      afterClose={afterClose}
      footer={null}
      width={760}
      centered
      wrapClassName="station-modal"
      closable={{ 'aria-label': t('common.close') }}
    >
      <div data-testid="station-modal" data-station={stationCode}>
        <dl className="station-facts">
          <dt>{t('map.station.code')}</dt>
          <dd>{stationCode}</dd>
          <dt>{t('map.station.description')}</dt>
          <dd data-testid="station-modal-description">{station?.description || '—'}</dd>
          <dt>{t('map.station.coordinates')}</dt>
          <dd>
            {lat !== undefined && long !== undefined
              ? t('map.station.latLong', { lat: formatMapNumber(lat, 4, lang), long: formatMapNumber(long, 4, lang) })
              : '—'}
          </dd>
          <dt>{t(kind === 'water' ? 'map.station.water' : 'map.station.rain')}</dt>
          <dd data-mark={mark ?? undefined}>
            <span data-testid="station-modal-value">
              {reading?.value != null ? stationValueWithUnit(kind, reading.value, lang) : t('map.noData')}
            </span>
            {mark && (
              <>
                {' '}
                <ReadingMarkTag mark={mark} data-testid="station-modal-mark" />
                <small className="station-mark-help">{t(`readingMark.${mark}Help`)}</small>
              </>
            )}
          </dd>
          <dt>{t('map.station.status')}</dt>
          <dd>
            {reading && colour && (
              <Tag style={statusTagStyle(colour, mark)} data-testid="station-modal-status">
                {readingStatusText(reading, lang)}
              </Tag>
            )}
          </dd>
          {context && (
            <>
              <dt>{t('map.station.context')}</dt>
              <dd data-testid="station-modal-context">{context}</dd>
            </>
          )}
          {extremes && (
            <>
              <dt>{t('map.station.extremes')}</dt>
              <dd data-testid="station-modal-extremes">
                {t('map.station.extremesText', {
                  high: stationValueWithUnit('water', extremes.highest.value, lang),
                  highAt: formatDistrictDateTime(String(extremes.highest.at)),
                  low: stationValueWithUnit('water', extremes.lowest.value, lang),
                  lowAt: formatDistrictDateTime(String(extremes.lowest.at)),
                })}
              </dd>
            </>
          )}
          <dt>{t('map.station.updatedAt')}</dt>
          <dd data-testid="station-modal-time">{formatDistrictDateTime(reading?.observedAt) || '—'}</dd>
        </dl>
        <h3 className="station-history-title">{t('map.station.history')}</h3>
        {option && series.data ? (
          <>
            <LazyChart
              option={option}
              loading={series.isFetching && !series.data}
              height={mobile ? 220 : 280}
              ariaLabel={t(kind === 'water' ? 'map.station.waterChart' : 'map.station.rainChart', { name })}
              data-testid="station-chart"
            />
            <StationHistoryTable series={series.data} lang={lang} />
          </>
        ) : (
          <p className="station-history-empty" data-testid="station-chart-empty">
            {series.isPending ? t('common.loading') : t('map.noData')}
          </p>
        )}
      </div>
    </Modal>
  );
}

import type { Language } from '@flood/domain';
import './station-history-table.css';
import type { StationKind, StationSeries } from '@flood/domain';
import { useTranslation } from 'react-i18next';
import { chartValue } from '../../components/chart-options';
import { formatDistrictDateTime } from '../../lib/format/date';
import { formatMapNumber } from '../model/map-texts';

const UNIT: Record<StationKind, string> = { rain: 'mm/h', water: 'm' };

/**
 * The station chart's figures as a table (its text alternative: the canvas says nothing to a screen reader),
 * newest hour first, folded under a 'Xem bảng số liệu' toggle; a suspect reading (#22) says so.
 */
export function StationHistoryTable({ series, lang }: { series: StationSeries; lang: Language }) {
  const { t } = useTranslation();
  const kind = series.kind;
  const label = t(kind === 'water' ? 'map.station.water' : 'map.station.rain');
  return (
    <details className="station-history-details" data-testid="station-history-table">
      <summary>{t('map.station.historyTable')}</summary>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard user must scroll the 24 rows too (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <section className="station-history-scroll" aria-label={t('map.station.historyTable')} tabIndex={0}>
        <table className="station-history-table">
          <caption className="visually-hidden">
            {t(kind === 'water' ? 'map.station.waterChart' : 'map.station.rainChart', { name: series.stationName })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('map.station.hour')}</th>
              <th scope="col">{`${label} (${UNIT[kind]})`}</th>
            </tr>
          </thead>
          <tbody>
            {[...series.points].reverse().map((p) => (
              <tr key={p.time}>
                <th scope="row">{formatDistrictDateTime(p.time)}</th>
                <td>
                  {formatMapNumber(chartValue(kind, p.value), kind === 'water' ? 2 : 1, lang)}
                  {p.quality === 'suspect' && (
                    <span className="station-history-suspect" title={t('readingMark.suspectHelp')}>
                      {` (${t('readingMark.suspect')})`}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}

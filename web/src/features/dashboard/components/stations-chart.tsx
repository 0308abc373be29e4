import type { Language } from '@flood/domain';
import './stations-chart.css';
import type { StationKind, StationReading, StationSeries } from '@flood/domain';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/chart';
import { chartValue, seriesHaveData, seriesOption, trustedPoints } from '../../../components/chart-options';
import { fetchRecentSeries, mapKeys } from '../../../map-kit/api/map-api';
import { formatMapNumber } from '../../../map-kit/model/map-texts';
import { ChipSwitch } from './chip-switch';

const UNIT: Record<StationKind, string> = { rain: 'mm/h', water: 'm' };

interface Row {
  code: string;
  name: string;
  latest: number | null;
  highest: number | null;
  lowest: number | null;
}

/** Latest, highest and lowest value of each station over the day (the chart's text alternative): of its line, suspect readings apart. */
function summarise(kind: StationKind, series: readonly StationSeries[]): Row[] {
  return series.map((s) => {
    const values = trustedPoints(s.points).map((p) => chartValue(kind, p.value));
    return {
      code: s.stationCode,
      name: s.stationName.trim(),
      latest: values.at(-1) ?? null,
      highest: values.length ? Math.max(...values) : null,
      lowest: values.length ? Math.min(...values) : null,
    };
  });
}

/**
 * The station comparison chart (spec §2, desktop only): every station of a kind over the last 24 hours, the
 * statistics page's time chart (water lines in metres, rain bars). With several stations the warning lines
 * of each would crowd the chart, so they are left to the station's own chart. A table says the same in text.
 */
export default function StationsChart({
  rain,
  water,
}: {
  rain: readonly StationReading[];
  water: readonly StationReading[];
}) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const [kind, setKind] = useState<StationKind>('water');
  const codes = (kind === 'water' ? water : rain).map((r) => r.stationCode);
  const results = useQueries({
    queries: codes.map((code) => ({
      queryKey: mapKeys.recentSeries(code),
      queryFn: () => fetchRecentSeries(code),
      staleTime: 60_000,
    })),
  });
  const loaded = results.map((r) => r.data).filter((s): s is StationSeries => s !== undefined);
  const loadedKey = loaded.map((s) => `${s.stationCode}:${s.points.length}:${s.points.at(-1)?.value}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the option follows the loaded data (loadedKey)
  const option = useMemo(
    () =>
      seriesOption(
        kind,
        loaded.map((s) => (loaded.length > 1 ? { ...s, levels: null } : s)),
        t,
      ),
    [kind, loadedKey, t],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  const rows = useMemo(() => summarise(kind, loaded), [kind, loadedKey]);
  const loading = results.some((r) => r.isPending);
  const hasData = seriesHaveData(loaded);
  const number = (v: number | null) => (v === null ? '–' : formatMapNumber(v, kind === 'water' ? 2 : 1, lang));

  return (
    <div className="dash-chart-body">
      <ChipSwitch
        className="dash-chart-kind"
        name="dash-chart"
        legend={t('dashboard.chartKind')}
        options={(['water', 'rain'] as const).map((k) => ({
          value: k,
          label: `${t(k === 'water' ? 'dashboard.chartWater' : 'dashboard.chartRain')} (${UNIT[k]})`,
        }))}
        value={kind}
        onChange={setKind}
      />
      {hasData || loading ? (
        <Chart
          option={option}
          loading={loading}
          height={380}
          ariaLabel={t(kind === 'water' ? 'dashboard.chartWaterLabel' : 'dashboard.chartRainLabel')}
          data-testid="dash-chart-canvas"
        />
      ) : (
        <p className="dash-empty" data-testid="dash-chart-empty">
          {t('dashboard.noData')}
        </p>
      )}
      {hasData && (
        <details className="dash-chart-table">
          <summary>{t('dashboard.chartTable')}</summary>
          <table>
            <caption className="dash-visually-hidden">
              {t(kind === 'water' ? 'dashboard.chartWaterLabel' : 'dashboard.chartRainLabel')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.station')}</th>
                <th scope="col">{`${t('dashboard.latest')} (${UNIT[kind]})`}</th>
                <th scope="col">{`${t('dashboard.highest')} (${UNIT[kind]})`}</th>
                <th scope="col">{`${t('dashboard.lowest')} (${UNIT[kind]})`}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.code}>
                  <th scope="row">{r.name}</th>
                  <td>{number(r.latest)}</td>
                  <td>{number(r.highest)}</td>
                  <td>{number(r.lowest)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}

import { cmToM, formatNumber, formatNumberVi, type StationSeries, type WaterReport } from '@flood/domain';
import type { TFunction } from 'i18next';
import type { ChartOption } from '../../../../components/chart';
import { trustedPoints } from '../../../../components/chart-options';
import { formatDistrictDateTime } from '../../../../lib/format/date';

type ReportStation = WaterReport['stations'][number];

/** Metres with two decimals, as every water level is shown ('1,25'); '–' when there is no value. */
export const metres = (cm: number | null | undefined): string =>
  cm === null || cm === undefined ? '–' : formatNumberVi(cmToM(cm), 2);

/** The stations of the report that have at least one daily mean in the month (the others would draw nothing). */
export const stationsWithData = (report: WaterReport | undefined): ReportStation[] =>
  (report?.stations ?? []).filter((s) => s.days.some((d) => d.average !== null));

interface TooltipParam {
  seriesName?: string;
  marker?: string;
  value?: unknown;
  axisValue?: string;
}

/**
 * The monthly chart: one line per water station through its daily mean levels (metres), days of the month
 * on the axis; a day without readings leaves a gap rather than a made-up line.
 */
export function monthlyWaterOption(stations: readonly ReportStation[], t: TFunction): ChartOption {
  const dates = stations[0]?.days.map((d) => d.date) ?? [];
  return {
    grid: { left: 56, right: 24, top: 48, bottom: 40, containLabel: true },
    legend: { top: 0, type: 'scroll' },
    tooltip: {
      trigger: 'axis',
      formatter: (raw: unknown) => {
        const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
        const index = dates.findIndex((d) => d.startsWith(params[0]?.axisValue ?? '\u0000'));
        const rows = params.map((p) => {
          const v = typeof p.value === 'number' ? `${formatNumberVi(p.value, 2)} m` : t('statistics.noValue');
          return `${p.marker ?? ''}${p.seriesName ?? ''}: <b>${v}</b>`;
        });
        return [dates[index] ?? params[0]?.axisValue ?? '', ...rows].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      name: t('floodAnalysis.axisDay'),
      nameLocation: 'middle',
      nameGap: 28,
      // 'DD/MM' of each day.
      data: dates.map((d) => d.slice(0, 5)),
      axisLabel: { hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      name: t('statistics.axisWater'),
      axisLabel: { formatter: (value: number) => formatNumber(value, 3, 'vi', 0) },
    },
    series: stations.map((s) => ({
      type: 'line' as const,
      name: s.stationName,
      data: s.days.map((d) => (d.average === null ? null : Math.round(cmToM(d.average) * 1000) / 1000)),
      connectNulls: false,
      showSymbol: true,
      symbolSize: 5,
    })),
  };
}

/** The text alternative of the monthly chart: a row per day, a column per station, then the month's mean. */
export function monthlyWaterRows(stations: readonly ReportStation[], t: TFunction): string[][] {
  const dates = stations[0]?.days.map((d) => d.date) ?? [];
  return [
    ...dates.map((date, i) => [date, ...stations.map((s) => metres(s.days[i]?.average))]),
    [t('floodAnalysis.monthAverage'), ...stations.map((s) => metres(s.average))],
  ];
}

/**
 * Highest, lowest, mean and latest hourly level of one station's series (the water chart's text alternative),
 * read off its line: a suspect reading (#22) is drawn apart and counts in none of them.
 */
export function seriesSummaryRows(series: StationSeries, t: TFunction): string[][] {
  const points = trustedPoints(series.points);
  if (!points.length) return [];
  const highest = points.reduce((a, b) => (b.value > a.value ? b : a));
  const lowest = points.reduce((a, b) => (b.value < a.value ? b : a));
  const latest = points[points.length - 1]!;
  const mean = points.reduce((sum, p) => sum + p.value, 0) / points.length;
  return [
    [t('floodAnalysis.highest'), metres(highest.value), formatDistrictDateTime(highest.time)],
    [t('floodAnalysis.lowest'), metres(lowest.value), formatDistrictDateTime(lowest.time)],
    [t('floodAnalysis.mean'), metres(mean), ''],
    [t('floodAnalysis.latest'), metres(latest.value), formatDistrictDateTime(latest.time)],
  ];
}

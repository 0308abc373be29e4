import {
  cmToM,
  formatNumber,
  type StationKind,
  type StationReading,
  type StationSeries,
  WATER_MARKER_COLOURS,
} from '@flood/domain';
import type { BarSeriesOption, LineSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type { TFunction } from 'i18next';
import { formatDistrictHour } from '../lib/format/date';
import type { ChartOption } from './chart';
import { MARK_COLOURS, statusColour } from './reading-colours';

/** Values on the charts: rain as is (mm/h), water in metres. */
export const chartValue = (kind: StationKind, value: number): number =>
  kind === 'water' ? Math.round(cmToM(value) * 1000) / 1000 : value;

const formatValue = (kind: StationKind, value: number) =>
  kind === 'water' ? `${formatNumber(value, 2)} m` : `${formatNumber(value, 2, 'vi', 0)} mm/h`;

const LEVEL_COLOURS = [WATER_MARKER_COLOURS.level1, WATER_MARKER_COLOURS.level2, WATER_MARKER_COLOURS.level3];

/** The line of the largest recorded flood's peak (#25): darker than the levels, dotted, so it reads as history. */
const FLOOD_PEAK_COLOUR = '#4a148c';

/** Whether any of the series has a point. */
export const seriesHaveData = (series: readonly StationSeries[]) => series.some((s) => s.points.length > 0);

/** Whether any station has a value at that moment. */
export const readingsHaveData = (readings: readonly StationReading[]) => readings.some((r) => r.value !== null);

/**
 * A series' points apart (#22): `line`, the readings the line (or the bars) joins; `suspect`, the ones the
 * rules doubt, drawn on their own and never joined. Bad readings never reach a public series.
 */
export function splitSuspect<P extends { quality?: 'suspect' | undefined }>(
  points: readonly P[],
): { line: P[]; suspect: P[] } {
  const line: P[] = [];
  const suspect: P[] = [];
  for (const p of points) (p.quality === 'suspect' ? suspect : line).push(p);
  return { line, suspect };
}

/** The points a chart's figures (highest, lowest, mean, latest) are read from: the line's, never a suspect one. */
export const trustedPoints = <P extends { quality?: 'suspect' | undefined }>(points: readonly P[]): P[] =>
  splitSuspect(points).line;

/** How a suspect point is drawn: a hollow purple triangle, unlike any line's dot or a level's colour. */
export const SUSPECT_SYMBOL = {
  symbol: 'triangle',
  symbolSize: 11,
  itemStyle: { color: '#ffffff', borderColor: MARK_COLOURS.suspect, borderWidth: 2 },
} as const;

interface TooltipParam {
  seriesId?: string;
  seriesName?: string;
  marker?: string;
  value?: unknown;
  name?: string;
}

/** A station's warning levels I–III in metres (none for rain, or a water station without levels). */
const levelsInMetres = (s: StationSeries): number[] =>
  s.levels ? [s.levels.level1, s.levels.level2, s.levels.level3].map((cm) => chartValue('water', cm)) : [];

/** The name of a level's reference line: with the station's name when several stations share the chart. */
export const levelLabel = (t: TFunction, level: number, stationName: string, several: boolean): string =>
  several ? `${t(`statistics.level${level}`)} – ${stationName}` : t(`statistics.level${level}`);

/**
 * The top of the water axis: the data's top or the highest warning level, whichever is higher, with some room
 * above, so a level above every reading is still drawn (ECharts clips reference lines outside the axis).
 */
export function waterAxisMax(dataMax: number, levels: readonly number[]): number {
  const top = Math.max(dataMax, ...levels);
  if (!Number.isFinite(top)) return dataMax;
  const room = Math.max(0.1, Math.abs(top) * 0.08);
  // A round top (0,2 m, 0,5 m or 1 m steps), so its label does not crowd the axis's own round labels.
  const step = top <= 2 ? 0.2 : top <= 5 ? 0.5 : 1;
  return Math.round(Math.ceil((top + room) / step) * step * 10) / 10;
}

/** What the chart's reference lines say, for its accessible name: 'Cấp I – Trạm A: 1,50 m; …'. */
export function levelsSummary(series: readonly StationSeries[], t: TFunction): string {
  const several = series.length > 1;
  return series
    .flatMap((s) =>
      levelsInMetres(s).map((m, i) => `${levelLabel(t, i + 1, s.stationName, several)}: ${formatValue('water', m)}`),
    )
    .join('; ');
}

/**
 * One station over time: rain as bars (mm/h); water as one line per station in metres, each with its own
 * warning levels I–III as horizontal reference lines (named with the station when several are shown), the
 * axis tall enough to show them all. Times on the district's clock, 'DD/MM HH:mm'. Suspect readings (#22) are
 * left out of the line or the bars and drawn apart as hollow triangles, one legend entry 'Số liệu nghi ngờ'.
 */
export function seriesOption(kind: StationKind, series: readonly StationSeries[], t: TFunction): ChartOption {
  const many = series.reduce((n, s) => Math.max(n, s.points.length), 0) > 48;
  const several = series.length > 1;
  const peakOf = (s: StationSeries) => (s.floodPeak ? [chartValue('water', s.floodPeak.value)] : []);
  const allLevels = kind === 'water' ? series.flatMap((s) => [...levelsInMetres(s), ...peakOf(s)]) : [];
  // A suspect point's tooltip row names its station when several share the chart (one legend entry for all).
  const suspectNames = new Map(
    series.map((s) => [suspectId(s), several ? `${s.stationName} (${t('readingMark.suspect')})` : ''] as const),
  );
  return {
    grid: { left: 56, right: 24, top: 48, bottom: many ? 72 : 40, containLabel: true },
    legend: { top: 0, type: 'scroll' },
    tooltip: {
      trigger: 'axis',
      formatter: (raw: unknown) => {
        const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
        const first = params[0]?.value as [number, number] | undefined;
        const head = first ? formatDistrictHour(first[0]) : '';
        const rows = params.map((p) => {
          const v = p.value as [number, number];
          const name = (p.seriesId && suspectNames.get(p.seriesId)) || p.seriesName || '';
          return `${p.marker ?? ''}${name}: <b>${formatValue(kind, v[1])}</b>`;
        });
        return [head, ...rows].join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      name: t('statistics.axisTime'),
      nameLocation: 'middle',
      nameGap: 28,
      axisLabel: { formatter: (value: number) => formatDistrictHour(value), hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      name: t(kind === 'water' ? 'statistics.axisWater' : 'statistics.axisRain'),
      axisLabel: { formatter: (value: number) => formatNumber(value, 3, 'vi', 0) },
      ...(allLevels.length ? { max: ({ max }: { max: number }) => waterAxisMax(max, allLevels) } : {}),
    },
    dataZoom: many ? [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 8 }] : [{ type: 'inside' }],
    series: series.flatMap((s, index): (BarSeriesOption | LineSeriesOption | ScatterSeriesOption)[] => {
      const { line, suspect } = splitSuspect(s.points);
      const data = line.map((p) => [Date.parse(p.time), chartValue(kind, p.value)]);
      const apart: ScatterSeriesOption[] = suspect.length
        ? [
            {
              type: 'scatter' as const,
              id: suspectId(s),
              name: t('readingMark.suspectSeries'),
              data: suspect.map((p) => [Date.parse(p.time), chartValue(kind, p.value)]),
              ...SUSPECT_SYMBOL,
              z: 5,
            },
          ]
        : [];
      if (kind === 'rain') return [{ type: 'bar' as const, name: s.stationName, data, barMaxWidth: 18 }, ...apart];
      const levels = levelsInMetres(s);
      return [
        {
          type: 'line' as const,
          name: s.stationName,
          data,
          showSymbol: data.length < 60,
          connectNulls: false,
          markLine:
            levels.length || s.floodPeak
              ? {
                  symbol: 'none',
                  silent: true,
                  data: [
                    ...levels.map((m, i) => ({
                      name: levelLabel(t, i + 1, s.stationName, several),
                      yAxis: m,
                      lineStyle: { color: LEVEL_COLOURS[i], type: 'dashed' as const, width: 1.5 },
                      // Every other station's labels at the left end, so two stations' close levels do not overprint.
                      label: {
                        formatter: levelLabel(t, i + 1, s.stationName, several),
                        position: index % 2 === 1 ? ('insideStartTop' as const) : ('insideEndTop' as const),
                      },
                    })),
                    // The largest recorded flood there (#25): a reference, not a level.
                    ...(s.floodPeak
                      ? [
                          {
                            name: floodPeakLabel(t, s),
                            yAxis: chartValue('water', s.floodPeak.value),
                            lineStyle: { color: FLOOD_PEAK_COLOUR, type: 'dotted' as const, width: 1.5 },
                            label: { formatter: floodPeakLabel(t, s), position: 'insideStartTop' as const },
                          },
                        ]
                      : []),
                  ],
                }
              : undefined,
        },
        ...apart,
      ];
    }),
  };
}

const suspectId = (s: StationSeries) => `suspect:${s.stationCode}`;

/** 'Đỉnh lũ lớn nhất: 3,45 m (Trận lũ ngày 03/11/2026)'. */
function floodPeakLabel(t: TFunction, s: StationSeries): string {
  const peak = s.floodPeak!;
  return t('statistics.floodPeak', { value: formatValue('water', chartValue('water', peak.value)), event: peak.event });
}

/** Several stations at one district hour: one bar per station, coloured by its status (water in metres). */
export function momentOption(kind: StationKind, readings: readonly StationReading[], t: TFunction): ChartOption {
  const rotate = readings.length > 6 ? 30 : 0;
  return {
    grid: { left: 56, right: 24, top: 40, bottom: rotate ? 16 : 24, containLabel: true },
    tooltip: {
      trigger: 'axis',
      formatter: (raw: unknown) => {
        const p = ((Array.isArray(raw) ? raw : [raw]) as TooltipParam[])[0];
        const value = (p?.value as { value?: number } | number | null | undefined) ?? null;
        const v = typeof value === 'number' ? value : (value?.value ?? null);
        return `${p?.name ?? ''}<br/><b>${v === null ? t('statistics.noValue') : formatValue(kind, v)}</b>`;
      },
    },
    xAxis: {
      type: 'category',
      // Rotated station names say what the axis is; a name under them would overlap.
      name: rotate ? undefined : t('statistics.axisStation'),
      nameLocation: 'middle',
      nameGap: 28,
      data: readings.map((r) => r.stationName),
      axisLabel: { interval: 0, rotate, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      name: t(kind === 'water' ? 'statistics.axisWater' : 'statistics.axisRain'),
      axisLabel: { formatter: (value: number) => formatNumber(value, 3, 'vi', 0) },
    },
    series: [
      {
        type: 'bar',
        name: t(kind === 'water' ? 'statistics.axisWater' : 'statistics.axisRain'),
        barMaxWidth: 48,
        data: readings.map((r) => ({
          value: r.value === null ? null : chartValue(kind, r.value),
          itemStyle: { color: statusColour(kind, r.status) },
        })),
      },
    ],
  } as ChartOption;
}

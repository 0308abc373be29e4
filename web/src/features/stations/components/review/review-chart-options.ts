import {
  formatNumber,
  isTrusted,
  type Language,
  type QualityRule,
  type ReadingQuality,
  type ReadingsReview,
  WATER_MARKER_COLOURS,
} from '@flood/domain';
import type { TFunction } from 'i18next';
import type { ChartOption } from '../../../../components/chart';
import { chartValue, levelLabel } from '../../../../components/chart-options';
import { formatDistrictHour } from '../../../../lib/format/date';
import { formatStoredValue, QUALITY_COLOURS, qualityLabel, ruleLabel } from './review-values';

/** A filled '✕' (ECharts has no cross symbol): the bad readings. */
export const CROSS_SYMBOL = 'path://M2,0 L5,3 L8,0 L10,2 L7,5 L10,8 L8,10 L5,7 L2,10 L0,8 L3,5 L0,2 Z' as const;

const MARKERS: Record<Exclude<ReadingQuality, 'good'>, string> = {
  corrected: 'diamond',
  suspect: 'triangle',
  bad: CROSS_SYMBOL,
};

const LEVEL_COLOURS = [WATER_MARKER_COLOURS.level1, WATER_MARKER_COLOURS.level2, WATER_MARKER_COLOURS.level3];

/** One point of the chart, with what its tooltip says. */
interface ReviewPoint {
  /** [time, value drawn] (a bad value far off the axis is drawn at its edge). */
  value: [number, number];
  /** The stored value (cm / mm). */
  stored: number;
  quality: ReadingQuality;
  rule: QualityRule | null;
  originalValue: number | null;
}

interface TooltipParam {
  marker?: string;
  seriesIndex?: number;
  data?: ReviewPoint;
  axisValue?: number;
}

/** Steps of the value axis: 1, 2, 5 times a power of ten. */
const NICE_STEPS = [0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/**
 * The y range the trusted and suspect readings and the levels need, with some room: bad values do not stretch it.
 * Its ends are whole steps and the axis is labelled at every step (at most 6), so no label crowds another.
 */
export function axisRange(
  kind: ReadingsReview['kind'],
  values: number[],
  levels: number[],
): { min: number; max: number; interval: number } {
  const all = [...values, ...levels];
  const top = Math.max(...all);
  const bottom = kind === 'rain' ? 0 : Math.min(...all);
  const room = Math.max((top - bottom) * 0.05, kind === 'water' ? 0.05 : 0.5);
  const span = top + room - (kind === 'rain' ? 0 : bottom - room);
  const interval = NICE_STEPS.find((step) => span / step <= 6) ?? 10 ** Math.ceil(Math.log10(span / 6));
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return {
    min: kind === 'rain' ? 0 : round(Math.floor((bottom - room) / interval) * interval),
    max: round(Math.ceil((top + room) / interval) * interval),
    interval,
  };
}

/**
 * The staff's view of one station's readings (#22): the trusted readings (good and corrected) as the line, the
 * corrected ones marked on it, the suspect and the bad drawn apart (orange triangles, grey crosses), each with its
 * legend entry; water in metres with the levels I–III as reference lines, rain in mm. The axis is sized by the
 * trusted and suspect readings and the levels: a bad value far off (a sensor's 9999) is drawn at the axis's edge,
 * its real value in the tooltip.
 */
export function reviewOption(review: ReadingsReview, t: TFunction, lang: Language): ChartOption {
  const { kind } = review;
  const levels =
    kind === 'water' && review.levels
      ? [review.levels.level1, review.levels.level2, review.levels.level3].map((cm) => chartValue('water', cm))
      : [];
  const points: ReviewPoint[] = review.readings.map((r) => ({
    value: [Date.parse(r.observedAt), chartValue(kind, r.value)],
    stored: r.value,
    quality: r.quality,
    rule: r.qualityRule,
    originalValue: r.originalValue,
  }));
  const sizing = points.filter((p) => p.quality !== 'bad');
  const range = points.length
    ? axisRange(
        kind,
        (sizing.length ? sizing : points).map((p) => p.value[1]),
        levels,
      )
    : null;
  const clamp = (p: ReviewPoint): ReviewPoint =>
    range ? { ...p, value: [p.value[0], Math.min(range.max, Math.max(range.min, p.value[1]))] } : p;

  // The period the answer covers (its ends widened to the readings', should a reading lie outside).
  const times = points.map((p) => p.value[0]);
  const period = {
    from: Math.min(Date.parse(review.from), ...times),
    to: Math.max(Date.parse(review.to), ...times),
  };
  const trustedName = t('readingsReview.seriesTrusted');
  const markerSeries = (quality: Exclude<ReadingQuality, 'good'>) => ({
    type: 'line' as const,
    name: qualityLabel(quality, lang),
    data: points.filter((p) => p.quality === quality).map(clamp),
    symbol: MARKERS[quality],
    symbolSize: quality === 'corrected' ? 9 : 11,
    showSymbol: true,
    showAllSymbol: true,
    lineStyle: { width: 0, opacity: 0 },
    itemStyle: { color: QUALITY_COLOURS[quality] },
    emphasis: { disabled: true },
    z: 3,
  });
  const many = points.length > 48;

  return {
    grid: { left: 56, right: 24, top: 48, bottom: many ? 72 : 40, containLabel: true },
    legend: {
      top: 0,
      type: 'scroll',
      data: [
        { name: trustedName },
        { name: qualityLabel('corrected', lang), icon: MARKERS.corrected },
        { name: qualityLabel('suspect', lang), icon: MARKERS.suspect },
        { name: qualityLabel('bad', lang), icon: MARKERS.bad },
      ],
    },
    tooltip: {
      trigger: 'axis',
      formatter: (raw: unknown) => {
        const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
        const at = params[0]?.axisValue ?? 0;
        // The reading nearest the pointer (each series offers its own nearest one); a corrected reading is both on
        // the line and among the corrected markers: the marker says more.
        const withData = params.filter((p): p is TooltipParam & { data: ReviewPoint } => p.data !== undefined);
        const nearest = withData.reduce<(TooltipParam & { data: ReviewPoint }) | null>((best, p) => {
          if (!best) return p;
          const d = Math.abs(p.data.value[0] - at) - Math.abs(best.data.value[0] - at);
          return d < 0 || (d === 0 && (p.seriesIndex ?? 0) > (best.seriesIndex ?? 0)) ? p : best;
        }, null);
        if (!nearest) return '';
        const p = nearest.data;
        const lines = [
          formatDistrictHour(p.value[0]),
          `${nearest.marker ?? ''}${qualityLabel(p.quality, lang)}: <b>${formatStoredValue(kind, p.stored)}</b>`,
        ];
        if (p.rule) lines.push(ruleLabel(p.rule, lang));
        if (p.originalValue !== null) {
          lines.push(`${t('readingsReview.originalValue')}: ${formatStoredValue(kind, p.originalValue)}`);
        }
        return lines.join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      name: t('readingsReview.axisTime'),
      nameLocation: 'middle',
      nameGap: 28,
      axisLabel: { formatter: (value: number) => formatDistrictHour(value), hideOverlap: true },
      // The whole period asked for, so a gap in the readings shows as a gap.
      min: period.from,
      max: period.to,
    },
    yAxis: {
      type: 'value',
      name: t(kind === 'water' ? 'readingsReview.axisWater' : 'readingsReview.axisRain'),
      axisLabel: { formatter: (value: number) => formatNumber(value, 3, 'vi', 0) },
      ...(range ? range : {}),
    },
    dataZoom: many ? [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 8 }] : [{ type: 'inside' }],
    series: [
      {
        type: 'line',
        name: trustedName,
        data: points.filter((p) => isTrusted(p.quality)),
        showSymbol: points.length <= 24,
        itemStyle: { color: QUALITY_COLOURS.good },
        markLine: levels.length
          ? {
              symbol: 'none',
              silent: true,
              // Each level from one end of the period to the other: a line over the whole chart even when every
              // reading is off the trusted line (ECharts draws a level of an empty series only part of the way).
              data: levels.map((m, i) => {
                const style = {
                  name: levelLabel(t, i + 1, review.stationName, false),
                  lineStyle: { color: LEVEL_COLOURS[i], type: 'dashed' as const, width: 1.5 },
                  label: {
                    formatter: levelLabel(t, i + 1, review.stationName, false),
                    position: 'insideEndTop' as const,
                  },
                };
                return [{ ...style, coord: [period.from, m] }, { coord: [period.to, m] }];
              }),
            }
          : undefined,
      },
      markerSeries('corrected'),
      markerSeries('suspect'),
      markerSeries('bad'),
    ],
  } as ChartOption;
}

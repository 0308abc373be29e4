// @vitest-environment node
import type { ReadingsReview, ReviewedReading } from '@flood/domain';
import { LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it } from 'vitest';
import type { ChartOption } from '../../../../components/chart';
import { i18n } from '../../../../lib/i18n';
import { axisRange, CROSS_SYMBOL, reviewOption } from './review-chart-options';

use([LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, DataZoomComponent, SVGRenderer]);

const t = i18n.getFixedT('vi');

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 1, minute)).toISOString();
const reading = (minute: number, value: number, over: Partial<ReviewedReading> = {}): ReviewedReading => ({
  observedAt: at(minute),
  value,
  quality: 'good',
  qualityRule: null,
  originalValue: null,
  ...over,
});

const review = (readings: ReviewedReading[], over: Partial<ReadingsReview> = {}): ReadingsReview => ({
  stationCode: 'F01024',
  stationName: 'Cầu Ba Chẽ',
  kind: 'water',
  levels: { level1: 30, level2: 50, level3: 70 },
  from: at(0),
  to: at(60),
  readings,
  corrections: [],
  ...over,
});

const READINGS = [
  reading(0, 40),
  reading(5, 42),
  reading(10, 95, { quality: 'suspect', qualityRule: 'rate_of_change' }),
  reading(15, 44, { quality: 'corrected', qualityRule: 'manual', originalValue: 12 }),
  reading(20, 99_999, { quality: 'bad', qualityRule: 'hard_limit' }),
  reading(25, 45),
];

/** The texts an option really draws: rendered by ECharts (server-side, as SVG), not read off the option. */
function renderedTexts(option: ChartOption): string[] {
  const chart = init(null, undefined, { renderer: 'svg', ssr: true, width: 900, height: 400 });
  chart.setOption({ ...option, animation: false });
  const svg = chart.renderToSVGString();
  chart.dispose();
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replace(/&#160;|&nbsp;/g, ' '));
}

interface DrawnSeries {
  name: string;
  symbol?: string;
  data: { value: [number, number]; stored: number; quality: string }[];
  markLine?: { data: [{ coord: [number, number] }, { coord: [number, number] }][] };
}

const seriesOf = (option: ChartOption) => option.series as unknown as DrawnSeries[];

describe('the readings review chart (#22)', () => {
  it('draws the trusted readings as the line and the suspect, bad and corrected ones apart, each in the legend', () => {
    const option = reviewOption(review(READINGS), t, 'vi');
    const [line, corrected, suspect, bad] = seriesOf(option);
    expect(line?.name).toBe('Số liệu tin cậy');
    // Good and corrected readings make the line, in metres; the suspect and bad ones are not on it.
    expect(line?.data.map((p) => p.value[1])).toEqual([0.4, 0.42, 0.44, 0.45]);
    expect(corrected?.data.map((p) => p.stored)).toEqual([44]);
    expect(suspect?.data.map((p) => p.stored)).toEqual([95]);
    expect(bad?.data.map((p) => p.stored)).toEqual([99_999]);
    expect([corrected?.symbol, suspect?.symbol, bad?.symbol]).toEqual(['diamond', 'triangle', CROSS_SYMBOL]);

    const texts = renderedTexts(option);
    for (const label of ['Số liệu tin cậy', 'Đã hiệu chỉnh', 'Nghi ngờ', 'Sai', 'Cấp I', 'Cấp II', 'Cấp III']) {
      expect(texts).toContain(label);
    }
    expect(texts).toContain('Mực nước (m)');
  });

  it('draws the levels I–III of a water station in metres and sizes the axis without the bad values', () => {
    const option = reviewOption(review(READINGS), t, 'vi');
    const [line, , , bad] = seriesOf(option);
    // Each level across the whole period asked for (08:00 to 09:00 in the district), whatever the line holds.
    expect(line?.markLine?.data.map(([a, b]) => [a.coord[1], b.coord[1]])).toEqual([
      [0.3, 0.3],
      [0.5, 0.5],
      [0.7, 0.7],
    ]);
    expect(line?.markLine?.data[0]?.map((end) => end.coord[0])).toEqual([Date.parse(at(0)), Date.parse(at(60))]);
    expect(option.xAxis).toMatchObject({ min: Date.parse(at(0)), max: Date.parse(at(60)) });
    const axis = option.yAxis as { min: number; max: number };
    // 0,95 m (the suspect reading) is the top of what counts; the sensor's 999,99 m does not stretch the axis.
    expect(axis.max).toBeGreaterThanOrEqual(0.95);
    expect(axis.max).toBeLessThan(1.5);
    expect(axis.min).toBeLessThanOrEqual(0.3);
    // The bad reading is drawn at the axis's edge; its real value stays in the point.
    expect(bad?.data[0]?.value[1]).toBe(axis.max);
    expect(bad?.data[0]?.stored).toBe(99_999);
  });

  it('says in the tooltip what the nearest reading is: its quality, the rule and the original value', () => {
    const option = reviewOption(review(READINGS), t, 'vi');
    const series = seriesOf(option);
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    // ECharts gives each series' point nearest the pointer, all with the pointer's time.
    const param = (index: number, point: DrawnSeries['data'][number], pointer: DrawnSeries['data'][number]) => ({
      seriesIndex: index,
      marker: '',
      data: point,
      axisValue: pointer.value[0],
    });
    const suspect = series[2]!.data[0]!;
    const text = formatter([param(0, series[0]!.data[1]!, suspect), param(2, suspect, suspect)]);
    expect(text).toContain('Nghi ngờ: <b>0,95 m</b>');
    expect(text).toContain('Thay đổi quá nhanh');
    expect(text).toContain('26/11 08:10');
    const corrected = series[1]!.data[0]!;
    const correctedText = formatter([param(0, series[0]!.data[2]!, corrected), param(1, corrected, corrected)]);
    expect(correctedText).toContain('Đã hiệu chỉnh: <b>0,44 m</b>');
    expect(correctedText).toContain('Giá trị gốc: 0,12 m');
  });

  it('shows rain in mm from zero, without levels, and in English when asked', () => {
    const rain = review(
      [reading(0, 0), reading(10, 2.5), reading(20, 40, { quality: 'suspect', qualityRule: 'stuck' })],
      {
        stationCode: 'F00012',
        kind: 'rain',
        levels: null,
      },
    );
    const option = reviewOption(rain, i18n.getFixedT('en'), 'en');
    const [line] = seriesOf(option);
    expect(line?.markLine).toBeUndefined();
    expect(line?.data.map((p) => p.value[1])).toEqual([0, 2.5]);
    expect((option.yAxis as { min: number }).min).toBe(0);
    const texts = renderedTexts(option);
    for (const label of ['Trusted readings', 'Corrected', 'Suspect', 'Bad']) expect(texts).toContain(label);
  });

  it('labels the value axis at whole steps, at most six, its ends on steps (no label crowds the top one)', () => {
    // A river at 1,1 m with a suspect 4,8 m and levels 2,0–3,2 m: 0 to 5 m by 1 m.
    expect(axisRange('water', [1.1, 1.12, 4.8], [2, 2.6, 3.2])).toEqual({ min: 0, max: 5, interval: 1 });
    expect(axisRange('water', [0.4, 0.95], [0.3, 0.5, 0.7])).toEqual({ min: 0.2, max: 1, interval: 0.2 });
    expect(axisRange('rain', [0, 2.5, 40], [])).toEqual({ min: 0, max: 50, interval: 10 });
    for (const [kind, values, levels] of [
      ['water', [12.3, 12.31], [1, 2, 3]],
      ['water', [-0.4, 0.1], []],
      ['rain', [0.2], []],
    ] as const) {
      const r = axisRange(kind, [...values], [...levels]);
      expect((r.max - r.min) / r.interval).toBeLessThanOrEqual(6);
      expect(r.min).toBeLessThanOrEqual(Math.min(...values, ...levels));
      expect(r.max).toBeGreaterThanOrEqual(Math.max(...values, ...levels));
    }
  });

  it('draws the levels when every reading is off the trusted line', () => {
    const allBad = review([
      reading(5, 55, { quality: 'bad', qualityRule: 'manual' }),
      reading(10, 56, { quality: 'bad', qualityRule: 'manual' }),
    ]);
    const texts = renderedTexts(reviewOption(allBad, t, 'vi'));
    for (const label of ['Cấp I', 'Cấp II', 'Cấp III', 'Sai']) expect(texts).toContain(label);
  });
});

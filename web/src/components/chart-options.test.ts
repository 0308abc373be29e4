// @vitest-environment node
import type { StationSeries } from '@flood/domain';
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
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
import { ensureLanguage, i18n } from '../lib/i18n';
import type { ChartOption } from './chart';
import { levelsSummary, seriesOption, splitSuspect, trustedPoints, waterAxisMax } from './chart-options';

use([
  BarChart,
  LineChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  DataZoomComponent,
  SVGRenderer,
]);

const t = i18n.getFixedT('vi');

const station = (code: string, name: string, values: number[], levels: [number, number, number] | null) =>
  ({
    stationCode: code,
    stationName: name,
    levels: levels && { level1: levels[0], level2: levels[1], level3: levels[2] },
    points: values.map((value, h) => ({ time: new Date(Date.UTC(2026, 10, 22, h)).toISOString(), value })),
  }) as unknown as StationSeries;

/** The texts an option really draws: rendered by ECharts (server-side, as SVG), not read off the option. */
function renderedTexts(option: ChartOption): string[] {
  const chart = init(null, undefined, { renderer: 'svg', ssr: true, width: 900, height: 400 });
  chart.setOption({ ...option, animation: false });
  const svg = chart.renderToSVGString();
  chart.dispose();
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replace(/&#160;|&nbsp;/g, ' '));
}

const axisNumbers = (texts: string[]) =>
  texts.filter((x) => /^-?\d+(,\d+)?$/.test(x)).map((x) => Number(x.replace(',', '.')));

describe('water comparison chart (#18 item 14)', () => {
  // Bản Làng reads 20–60 cm, its levels are 150/250/350 cm: every level is above the data.
  const low = station('F01021', 'Bản Làng', [20, 40, 60], [150, 250, 350]);
  const other = station('F01024', 'Cầu Ba Chẽ', [100, 180, 120], [120, 200, 280]);

  it("draws each selected station's own levels, named with the station", () => {
    const texts = renderedTexts(seriesOption('water', [low, other], t));
    for (const label of [
      'Cấp I – Bản Làng',
      'Cấp II – Bản Làng',
      'Cấp III – Bản Làng',
      'Cấp I – Cầu Ba Chẽ',
      'Cấp II – Cầu Ba Chẽ',
      'Cấp III – Cầu Ba Chẽ',
    ]) {
      expect(texts).toContain(label);
    }
    expect(texts).not.toContain('Cấp I');
    expect(levelsSummary([low, other], t)).toContain('Cấp III – Bản Làng: 3,50 m');
  });

  it('stretches the axis over levels above every reading, so their lines show', () => {
    const texts = renderedTexts(seriesOption('water', [low], t));
    expect(texts).toEqual(expect.arrayContaining(['Cấp I', 'Cấp II', 'Cấp III']));
    // The data tops at 0,6 m; the axis must reach level III, 3,5 m.
    expect(Math.max(...axisNumbers(texts))).toBeGreaterThanOrEqual(3.5);
  });

  it('leaves the axis to the data when it is above the levels, and rain without levels', () => {
    expect(waterAxisMax(5, [1, 2, 3])).toBeGreaterThanOrEqual(5);
    expect(waterAxisMax(0.6, [1.5, 2.5, 3.5])).toBe(4);
    expect(waterAxisMax(0.9, [1, 1.5, 2])).toBe(2.2);
    const rain = seriesOption('rain', [station('R1', 'Đồn Đạc', [1, 2], null)], t);
    expect((rain.yAxis as { max?: unknown }).max).toBeUndefined();
  });
});

describe('suspect readings on the charts (#22)', () => {
  const at = (h: number) => new Date(Date.UTC(2026, 10, 22, h)).toISOString();
  const withSpike = (kind: 'water' | 'rain', code = 'F01024', name = 'Cầu Ba Chẽ') =>
    ({
      stationCode: code,
      stationName: name,
      kind,
      levels: kind === 'water' ? { level1: 30, level2: 50, level3: 70 } : null,
      points: [
        { time: at(0), value: 40 },
        { time: at(1), value: 900, quality: 'suspect' },
        { time: at(2), value: 42 },
      ],
    }) as StationSeries;
  type Drawn = { type: string; id?: string; name?: string; data: [number, number][]; symbol?: string };
  const drawn = (option: ChartOption) => option.series as Drawn[];

  it('splits the points into the line and the suspect ones, in order', () => {
    const points = withSpike('water').points;
    expect(splitSuspect(points)).toEqual({ line: [points[0], points[2]], suspect: [points[1]] });
    expect(trustedPoints(points).map((p) => p.value)).toEqual([40, 42]);
    expect(splitSuspect([])).toEqual({ line: [], suspect: [] });
  });

  it('leaves a suspect water level out of the line and draws it apart as a triangle', () => {
    const [line, apart, ...rest] = drawn(seriesOption('water', [withSpike('water')], t));
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ type: 'line', name: 'Cầu Ba Chẽ' });
    expect(line!.data.map(([, v]) => v)).toEqual([0.4, 0.42]);
    expect(apart).toMatchObject({ type: 'scatter', name: 'Số liệu nghi ngờ', symbol: 'triangle' });
    expect(apart!.data).toEqual([[Date.parse(at(1)), 9]]);
  });

  it('leaves suspect rain out of the bars too', () => {
    const [bars, apart] = drawn(seriesOption('rain', [withSpike('rain')], t));
    expect(bars).toMatchObject({ type: 'bar' });
    expect(bars!.data.map(([, v]) => v)).toEqual([40, 42]);
    expect(apart).toMatchObject({ type: 'scatter', data: [[Date.parse(at(1)), 900]] });
  });

  it("names 'Số liệu nghi ngờ' in the legend once, in both languages, and only when there is one", async () => {
    const two = [withSpike('water'), withSpike('water', 'F01021', 'Bản Làng')];
    const texts = renderedTexts(seriesOption('water', two, t));
    expect(texts.filter((x) => x === 'Số liệu nghi ngờ')).toHaveLength(1);
    await ensureLanguage('en');
    expect(renderedTexts(seriesOption('water', two, i18n.getFixedT('en')))).toContain('Suspect reading');
    const clean = station('F01021', 'Bản Làng', [20, 40], [150, 250, 350]);
    expect(drawn(seriesOption('water', [clean], t)).map((s) => s.type)).toEqual(['line']);
    expect(renderedTexts(seriesOption('water', [clean], t))).not.toContain('Số liệu nghi ngờ');
  });

  it("says which station's reading is suspect in the tooltip when several share the chart", () => {
    const two = [withSpike('water'), withSpike('water', 'F01021', 'Bản Làng')];
    const option = seriesOption('water', two, t);
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const [, apart] = drawn(option);
    const html = formatter([{ seriesId: apart!.id, seriesName: 'Số liệu nghi ngờ', value: [Date.parse(at(1)), 9] }]);
    expect(html).toContain('Cầu Ba Chẽ (nghi ngờ): <b>9,00 m</b>');
    const single = seriesOption('water', [withSpike('water')], t);
    const one = (single.tooltip as { formatter: (p: unknown) => string }).formatter([
      { seriesId: drawn(single)[1]!.id, seriesName: 'Số liệu nghi ngờ', value: [Date.parse(at(1)), 9] },
    ]);
    expect(one).toContain('Số liệu nghi ngờ: <b>9,00 m</b>');
  });
});

describe('the largest recorded flood as a reference line (#25)', () => {
  it('draws it, named with its height and event, and the axis reaches it', () => {
    const s = {
      ...station('F01024', 'Cầu Ba Chẽ', [100, 180, 120], [120, 200, 280]),
      floodPeak: { value: 345, at: '2026-11-03T05:00:00.000Z', event: 'Trận lũ ngày 03/11/2026' },
    } as StationSeries;
    const texts = renderedTexts(seriesOption('water', [s], t));
    expect(texts).toContain('Đỉnh lũ lớn nhất: 3,45 m (Trận lũ ngày 03/11/2026)');
    expect(Math.max(...axisNumbers(texts))).toBeGreaterThanOrEqual(3.45);
    // Without one, nothing of the kind.
    const none = renderedTexts(seriesOption('water', [station('F01024', 'Cầu Ba Chẽ', [100], [120, 200, 280])], t));
    expect(none.some((x) => x.startsWith('Đỉnh lũ'))).toBe(false);
  });
});

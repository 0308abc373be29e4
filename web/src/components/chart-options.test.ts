// @vitest-environment node
import type { StationSeries } from '@flood/domain';
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
import { i18n } from '../lib/i18n';
import type { ChartOption } from './chart';
import { levelsSummary, seriesOption, waterAxisMax } from './chart-options';

use([LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, DataZoomComponent, SVGRenderer]);

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

import { describe, expect, it } from 'vitest';
import {
  analysisChartHeight,
  analysisHasData,
  areaByCommuneOption,
  FLOOD_BAR_COLOUR,
  formatAnalysisNumber,
  shareByCommuneOption,
} from './flood-analysis-chart-options';
import { NO_DEPTH_ANALYSIS, SAMPLE_ANALYSIS } from './flood-analysis-fixtures';

interface Bar {
  name: string;
  stack?: string;
  data: number[];
  itemStyle: { color: string };
  label?: { formatter: (p: { dataIndex: number; value?: unknown }) => string };
}
const seriesOf = (option: unknown) => (option as { series: Bar[] }).series;
const communesOf = (option: unknown) => (option as { yAxis: { data: string[] } }).yAxis.data;
const TEXTS = { floodedSeries: 'Diện tích ngập', shareSeries: 'Tỷ lệ ngập' };

describe('the area chart (hectares per commune by depth class)', () => {
  it('stacks one series per depth class in the legend colours, communes top to bottom', () => {
    const option = areaByCommuneOption(SAMPLE_ANALYSIS, 'vi', TEXTS);
    expect(communesOf(option)).toEqual(['Thanh Sơn', 'Đồn Đạc']);
    const series = seriesOf(option);
    expect(series.map((s) => [s.name, s.stack, s.itemStyle.color, s.data])).toEqual([
      ['0,5–1 m', 'depth', '#deebf7', [120.25, 120.25]],
      ['2,5–3 m', 'depth', '#4292c6', [0, 12.25]],
    ]);
    // The commune's total is written at the end of its bar (on the last class only).
    expect(series[0]!.label).toBeUndefined();
    expect(series[1]!.label!.formatter({ dataIndex: 1 })).toBe('132,5 ha');
    expect((option as { yAxis: { inverse: boolean } }).yAxis.inverse).toBe(true);
  });

  it('names the classes in English when the page is in English', () => {
    const option = areaByCommuneOption(SAMPLE_ANALYSIS, 'en', TEXTS);
    expect(seriesOf(option).map((s) => s.name)).toEqual(['0.5–1 m', '2.5–3 m']);
    expect(seriesOf(option)[1]!.label!.formatter({ dataIndex: 1 })).toBe('132.5 ha');
  });

  it('a layer without depths is one plain bar per commune', () => {
    const series = seriesOf(areaByCommuneOption(NO_DEPTH_ANALYSIS, 'vi', TEXTS));
    expect(series).toHaveLength(1);
    expect(series[0]).toMatchObject({ name: 'Diện tích ngập', data: [120.25, 132.5] });
    expect(series[0]!.itemStyle.color).toBe(FLOOD_BAR_COLOUR);
    expect(series[0]!.stack).toBeUndefined();
  });
});

describe('the share chart (% of each commune flooded)', () => {
  it('one bar per commune with its share, labelled in per cent', () => {
    const option = shareByCommuneOption(SAMPLE_ANALYSIS, 'vi', TEXTS);
    expect(communesOf(option)).toEqual(['Thanh Sơn', 'Đồn Đạc']);
    const [series] = seriesOf(option);
    expect(series).toMatchObject({ name: 'Tỷ lệ ngập', data: [30.1, 26.5] });
    expect(series!.label!.formatter({ dataIndex: 0, value: 30.06 })).toBe('30,1 %');
  });
});

describe('helpers', () => {
  it('numbers in the district style', () => {
    expect(formatAnalysisNumber(1234.567, 'vi')).toBe('1.234,57');
    expect(formatAnalysisNumber(1234.567, 'en')).toBe('1,234.57');
    expect(formatAnalysisNumber(30.06, 'vi', 1)).toBe('30,1');
  });

  it('only a finished analysis with communes has data; taller charts for more communes', () => {
    expect(analysisHasData(SAMPLE_ANALYSIS)).toBe(true);
    expect(analysisHasData({ ...SAMPLE_ANALYSIS, status: 'RUNNING' })).toBe(false);
    expect(analysisHasData({ ...SAMPLE_ANALYSIS, communes: [] })).toBe(false);
    expect(analysisHasData(null)).toBe(false);
    const many = { ...SAMPLE_ANALYSIS, communes: Array.from({ length: 14 }, () => SAMPLE_ANALYSIS.communes[0]!) };
    expect(analysisChartHeight(many)).toBeGreaterThan(analysisChartHeight(SAMPLE_ANALYSIS));
    expect(analysisChartHeight(SAMPLE_ANALYSIS)).toBeGreaterThanOrEqual(160);
    // A chart without a legend above it needs less room.
    expect(analysisChartHeight(many, false)).toBeLessThan(analysisChartHeight(many));
  });
});

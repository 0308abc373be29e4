import type { FloodAnalysis, Language } from '@flood/domain';
import { formatNumber } from '@flood/domain';
import type { ChartOption } from '../../../../components/chart';

/** Bar colour of a single-series chart (share flooded; area when the layer has no depths). */
export const FLOOD_BAR_COLOUR = '#1e88e5';
/** The lightest depth colours are near white: every bar gets a thin outline so it stays visible. */
const BAR_OUTLINE = { borderColor: '#78909c', borderWidth: 0.5 };
/** Height of one commune's row, and the room above/below the bars (axis; legend). */
const ROW_PX = 30;
const AXIS_PX = 44;
const LEGEND_PX = 24;

/** Numbers as the district reads them: '12,35' (vi) or '12.35' (en), at most `decimals` decimals. */
export function formatAnalysisNumber(value: number, lang: Language, decimals = 2): string {
  return formatNumber(value, decimals, lang, 0);
}

/** A chart with one row per commune: tall enough for every name to stay readable on a phone. */
export function analysisChartHeight(analysis: FloodAnalysis, withLegend = true): number {
  return Math.max(160, analysis.communes.length * ROW_PX + AXIS_PX + (withLegend ? LEGEND_PX : 0));
}

/** Whether the analysis has something to draw: done, with at least one commune. */
export const analysisHasData = (analysis: FloodAnalysis | null | undefined): analysis is FloodAnalysis =>
  analysis?.status === 'DONE' && analysis.communes.length > 0;

/**
 * Whether the area chart is stacked by depth class: when the layer's features carry depths (`value`). A layer
 * without depths has only the 'unknown' class, drawn as one plain bar per commune.
 */
export const stackedByDepth = (analysis: FloodAnalysis) => analysis.classes.some((c) => c.key !== 'unknown');

interface AxisParam {
  seriesName?: string;
  marker?: string;
  value?: unknown;
  name?: string;
}

function tooltip(format: (v: number) => string) {
  return {
    trigger: 'axis' as const,
    axisPointer: { type: 'shadow' as const },
    confine: true,
    formatter: (raw: unknown) => {
      const params = (Array.isArray(raw) ? raw : [raw]) as AxisParam[];
      const rows = params
        .filter((p) => Number(p.value) > 0 || params.length === 1)
        .map((p) => `${p.marker ?? ''}${p.seriesName ?? ''}: <b>${format(Number(p.value))}</b>`);
      return [params[0]?.name ?? '', ...rows].join('<br/>');
    },
  };
}

/**
 * Horizontal bars, communes top to bottom in the analysis's order (as in the table below the charts). The unit
 * is in the chart's title and on every bar's label; room on top only for a legend.
 */
function barFrame(analysis: FloodAnalysis, lang: Language, withLegend: boolean) {
  return {
    grid: { left: 8, right: 72, top: withLegend ? 36 : 12, bottom: 8, containLabel: true },
    xAxis: {
      type: 'value' as const,
      axisLabel: { formatter: (v: number) => formatAnalysisNumber(v, lang), hideOverlap: true },
    },
    yAxis: {
      type: 'category' as const,
      inverse: true,
      data: analysis.communes.map((c) => c.name),
      axisLabel: { width: 96, overflow: 'truncate' as const },
    },
  };
}

/**
 * Chart 1 of the flood modal (decisions #10): flooded hectares per commune, stacked by depth class in the
 * legend's colours; one plain bar per commune when the layer has no depths.
 */
export function areaByCommuneOption(
  analysis: FloodAnalysis,
  lang: Language,
  texts: { floodedSeries: string },
): ChartOption {
  const ha = (v: number) => `${formatAnalysisNumber(v, lang)} ha`;
  const total = (i: number) => analysis.communes[i]?.floodedHa ?? 0;
  const label = {
    show: true,
    position: 'right' as const,
    formatter: (p: { dataIndex: number }) => ha(total(p.dataIndex)),
  };
  if (!stackedByDepth(analysis)) {
    return {
      ...barFrame(analysis, lang, false),
      tooltip: tooltip(ha),
      series: [
        {
          type: 'bar',
          name: texts.floodedSeries,
          data: analysis.communes.map((c) => c.floodedHa),
          itemStyle: { color: FLOOD_BAR_COLOUR },
          barMaxWidth: 18,
          label,
        },
      ],
    };
  }
  const last = analysis.classes.length - 1;
  return {
    ...barFrame(analysis, lang, true),
    legend: { top: 0, type: 'scroll', itemWidth: 14, itemHeight: 10 },
    tooltip: tooltip(ha),
    series: analysis.classes.map((c, i) => ({
      type: 'bar' as const,
      name: c[lang],
      stack: 'depth',
      data: analysis.communes.map((commune) => commune.byClass.find((b) => b.key === c.key)?.floodedHa ?? 0),
      itemStyle: { color: c.colour, ...BAR_OUTLINE },
      barMaxWidth: 18,
      // The commune's total at the end of its stacked bar.
      ...(i === last ? { label } : {}),
    })),
  };
}

/** Chart 2 of the flood modal: the share of each commune's area that is flooded (%). */
export function shareByCommuneOption(
  analysis: FloodAnalysis,
  lang: Language,
  texts: { shareSeries: string },
): ChartOption {
  const percent = (v: number) => `${formatAnalysisNumber(v, lang, 1)} %`;
  return {
    ...barFrame(analysis, lang, false),
    tooltip: tooltip(percent),
    series: [
      {
        type: 'bar',
        name: texts.shareSeries,
        data: analysis.communes.map((c) => c.sharePercent),
        itemStyle: { color: FLOOD_BAR_COLOUR },
        barMaxWidth: 18,
        label: { show: true, position: 'right', formatter: (p: { value?: unknown }) => percent(Number(p.value)) },
      },
    ],
  };
}

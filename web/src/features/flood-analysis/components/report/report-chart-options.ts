import type { Language } from '@flood/domain';
import { cmToM, formatNumber, type RainReport, type WaterReport } from '@flood/domain';
import type { ChartOption } from '../../../../components/chart';

/** Numbers as the district reads them ('1,25' in Vietnamese), with at most `decimals` decimals. */
export function formatReportNumber(value: number, lang: Language, decimals: number): string {
  return formatNumber(value, decimals, lang);
}

/** A daily mean in metres (the report is in cm), two decimals; null stays null (no reading that day). */
export const metres = (cm: number | null): number | null => (cm === null ? null : Math.round(cmToM(cm) * 100) / 100);

/** Whether any water station has a reading in the month. */
export const waterReportHasData = (report: WaterReport | undefined): report is WaterReport =>
  Boolean(report?.stations.some((s) => s.days.some((d) => d.average !== null)));

/**
 * Whether any rain station recorded rain in the year. The report counts a month without readings as 0 mm,
 * so a year of zeros is shown as 'Không có dữ liệu' (nothing measured, or nothing to report).
 */
export const rainReportHasData = (report: RainReport | undefined): report is RainReport =>
  Boolean(report?.stations.some((s) => s.total > 0));

/** The stations worth drawing: those with at least one value (a district has stations that never report). */
export const waterStationsWithData = (report: WaterReport) =>
  report.stations.filter((s) => s.days.some((d) => d.average !== null));
export const rainStationsWithData = (report: RainReport) => report.stations.filter((s) => s.total > 0);

interface AxisParam {
  seriesName?: string;
  marker?: string;
  value?: unknown;
  name?: string;
}

function axisTooltip(format: (v: number) => string, empty: string) {
  return {
    trigger: 'axis' as const,
    confine: true,
    formatter: (raw: unknown) => {
      const params = (Array.isArray(raw) ? raw : [raw]) as AxisParam[];
      const rows = params.map((p) => {
        const v = p.value === null || p.value === undefined || p.value === '-' ? null : Number(p.value);
        return `${p.marker ?? ''}${p.seriesName ?? ''}: <b>${v === null ? empty : format(v)}</b>`;
      });
      return [params[0]?.name ?? '', ...rows].join('<br/>');
    },
  };
}

export interface ReportTexts {
  axisDay: string;
  axisWater: string;
  axisMonth: string;
  axisRain: string;
  noValue: string;
  monthLabel: (month: number) => string;
}

/** Monthly water report: one line per water station of its daily mean level (m) over the days of the month. */
export function waterReportOption(report: WaterReport, lang: Language, texts: ReportTexts): ChartOption {
  const stations = waterStationsWithData(report);
  const days = stations[0]?.days.map((d) => d.date.slice(0, 5)) ?? [];
  const m = (v: number) => `${formatReportNumber(v, lang, 2)} m`;
  return {
    grid: { left: 48, right: 24, top: 48, bottom: 32, containLabel: true },
    legend: { top: 0, type: 'scroll' },
    tooltip: axisTooltip(m, texts.noValue),
    xAxis: {
      type: 'category',
      name: texts.axisDay,
      nameLocation: 'middle',
      nameGap: 28,
      data: days,
      axisLabel: { hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      name: texts.axisWater,
      axisLabel: { formatter: (v: number) => formatReportNumber(v, lang, 2) },
    },
    series: stations.map((s) => ({
      type: 'line' as const,
      name: s.stationName,
      data: s.days.map((d) => metres(d.average)),
      connectNulls: false,
      showSymbol: true,
      symbolSize: 7,
    })),
  };
}

/** Yearly rain report: per month, one bar per rain station of its total rain (mm). */
export function rainReportOption(report: RainReport, lang: Language, texts: ReportTexts): ChartOption {
  const stations = rainStationsWithData(report);
  const mm = (v: number) => `${formatReportNumber(v, lang, 1)} mm`;
  return {
    grid: { left: 48, right: 24, top: 48, bottom: 32, containLabel: true },
    legend: { top: 0, type: 'scroll' },
    tooltip: { ...axisTooltip(mm, texts.noValue), axisPointer: { type: 'shadow' } },
    xAxis: {
      type: 'category',
      name: texts.axisMonth,
      nameLocation: 'middle',
      nameGap: 28,
      data: Array.from({ length: 12 }, (_, i) => texts.monthLabel(i + 1)),
      axisLabel: { interval: 0, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      name: texts.axisRain,
      axisLabel: { formatter: (v: number) => formatReportNumber(v, lang, 0) },
    },
    series: stations.map((s) => ({ type: 'bar' as const, name: s.stationName, data: s.months, barMaxWidth: 16 })),
  };
}

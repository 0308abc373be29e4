import { Spin } from 'antd';
import {
  BarChart,
  type BarSeriesOption,
  LineChart,
  type LineSeriesOption,
  ScatterChart,
  type ScatterSeriesOption,
} from 'echarts/charts';
import {
  DataZoomComponent,
  type DataZoomComponentOption,
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  MarkLineComponent,
  type MarkLineComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The options a portal chart may use (only these parts of ECharts are bundled). */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | MarkLineComponentOption
  | DataZoomComponentOption
>;

use([
  BarChart,
  LineChart,
  ScatterChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  MarkLineComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

/** Once shown, the loading overlay stays at least this long so quick refreshes do not flicker. */
export const CHART_LOADING_MIN_MS = 500;

export interface ChartProps {
  option: ChartOption;
  /** The data is being fetched: an overlay covers the chart. */
  loading?: boolean;
  height?: number;
  /** Accessible description of the chart (the canvas itself says nothing). */
  ariaLabel: string;
  'data-testid'?: string;
}

/**
 * The one chart of the portal: ECharts (only the parts above, tree-shaken) on a canvas that follows its
 * box's size. Pages load it with `lazy(() => import('components/chart'))` (`LazyChart` in lazy-chart.tsx), so ECharts is
 * its own chunk that only pages with charts fetch.
 */
export function Chart({ option, loading = false, height = 360, ariaLabel, 'data-testid': testId }: ChartProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);
  const overlay = useLoadingOverlay(loading);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    setReady(true);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
      setReady(false);
    };
  }, []);

  useEffect(() => {
    if (ready) chart.current?.setOption(option, { notMerge: true });
  }, [ready, option]);

  return (
    <div className="chart" style={{ height }} data-testid={testId}>
      <div ref={box} className="chart-canvas" role="img" aria-label={ariaLabel} />
      {overlay && (
        <div className="chart-loading" aria-live="polite">
          <Spin description={t('common.loading')} />
        </div>
      )}
    </div>
  );
}

/** True while `active`, and for at least `CHART_LOADING_MIN_MS` after it became true. */
function useLoadingOverlay(active: boolean): boolean {
  const [visible, setVisible] = useState(active);
  const since = useRef(Date.now());
  useEffect(() => {
    if (active) {
      since.current = Date.now();
      setVisible(true);
      return;
    }
    const left = CHART_LOADING_MIN_MS - (Date.now() - since.current);
    if (left <= 0) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(false), left);
    return () => clearTimeout(timer);
  }, [active]);
  return active || visible;
}

export default Chart;

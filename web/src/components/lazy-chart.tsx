import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartProps } from './chart';

/** ECharts is a chunk of its own, fetched by the first chart a page draws. */
const Chart = lazy(() => import('./chart'));

/** The shared chart (components/chart.tsx), loaded on demand; the loading overlay covers the wait. */
export function LazyChart(props: ChartProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div className="chart" style={{ height: props.height ?? 360 }} data-testid={props['data-testid']}>
          <div className="chart-loading">
            <Spin description={t('common.loading')} />
          </div>
        </div>
      }
    >
      <Chart {...props} />
    </Suspense>
  );
}

import './flood-analysis-page.css';
import type { FloodEvent } from '@flood/domain';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../app/layout/page-loading';
import { PageHeading } from '../../../components/back-office-card';
import { MonthlyWaterCard } from '../components/charts/monthly-water-card';
import { WaterChartCard, type WaterChartFocus } from '../components/charts/water-chart-card';
import { DamageCard } from '../components/damage/damage-card';
import { FloodEventsCard } from '../components/events/flood-events-card';

/** The analysis flood map (Leaflet) is a chunk of its own, fetched after the tables. */
const AnalysisMapSection = lazy(() => import('../components/analysis-map/analysis-map-section'));

/**
 * /analyze/flood (back-office §2.9): the flood events, the damage to assets and to people, the monthly mean
 * water levels, the water chart (a station over the last days or over an event) and the analysis flood map.
 */
export default function FloodAnalysisPage() {
  const { t } = useTranslation();
  const [focus, setFocus] = useState<WaterChartFocus | null>(null);
  const showChart = useCallback((event: FloodEvent) => setFocus((prev) => ({ event, seq: (prev?.seq ?? 0) + 1 })), []);
  return (
    <div className="page-stack flood-analysis-page">
      <PageHeading title={t('page.analyzeFlood')} />
      <FloodEventsCard onShowChart={showChart} />
      <DamageCard type="ASSET" />
      <DamageCard type="PERSON" />
      <MonthlyWaterCard />
      <WaterChartCard focus={focus} />
      <div className="flood-analysis-map-slot" data-testid="analysis-map-slot">
        <Suspense fallback={<PageLoading />}>
          <AnalysisMapSection />
        </Suspense>
      </div>
    </div>
  );
}

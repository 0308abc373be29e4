import './analysis-map-section.css';
import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/back-office-card';
import { analysisLayerReducer, INITIAL_ANALYSIS_LAYERS } from './analysis-layer-state';
import { CommuneAnalysis } from './commune-analysis';

/** Leaflet and the map's tools are a chunk of their own, fetched when the section is shown. */
const AnalysisMap = lazy(() => import('./analysis-map'));

export interface AnalysisMapSectionProps {
  /** The card's title; 'Bản đồ phân tích lũ' by default. */
  title?: string;
  /** Buttons on the title's line (the thematic map's 'Báo cáo'). */
  actions?: ReactNode;
}

/**
 * The analysis flood map (back-office §2.13) in a card: flood events and flood scenarios by time (one at a
 * time), base maps, overlays, place search, zoom, full view, the water legend in metres and PNG/PDF export;
 * under it, the flooded area per commune of the chosen layer. Used by /analyze/flood and /analyze/report.
 */
export default function AnalysisMapSection({ title, actions }: AnalysisMapSectionProps = {}) {
  const { t } = useTranslation();
  const [layers, dispatch] = useReducer(analysisLayerReducer, INITIAL_ANALYSIS_LAYERS);
  return (
    <SectionCard title={title ?? t('floodAnalysisMap.title')} actions={actions} data-testid="analysis-map-section">
      <div className="analysis-map-frame">
        <Suspense
          fallback={
            <div className="analysis-map-loading">
              <Spin description={t('common.loading')} />
            </div>
          }
        >
          <AnalysisMap layers={layers} dispatch={dispatch} />
        </Suspense>
      </div>
      <CommuneAnalysis chosen={layers.chosen} />
    </SectionCard>
  );
}

import 'leaflet/dist/leaflet.css';
import '../../../../map-kit/map.css';
import '../../../../map-kit/map-panels.css';
import './analysis-map.css';
import { geoJSON, type Map as LeafletMap } from 'leaflet';
import { type Dispatch, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaNames } from '../../../../lib/area/use-area';
import { formatDistrictDateTime } from '../../../../lib/format/date';
import { FloodMap } from '../../../../map-kit/components/flood-map';
import { MapToolbar } from '../../../../map-kit/components/map-toolbar';
import { useAllStations, useGeoJson } from '../../../../map-kit/hooks/use-map-data';
import { isMobileAgent } from '../../../../map-kit/model/map-constants';
import type { ActiveTool } from '../../../../map-kit/tools/map-tool';
import { PlaceSearch } from '../../../../map-kit/tools/search/place-search';
import { AnalysisExport } from './analysis-export';
import { type AnalysisLayerAction, type AnalysisLayerState, toMapLayers } from './analysis-layer-state';
import { AnalysisLayersPanel } from './analysis-layers-panel';
import { AnalysisLegend } from './analysis-legend';
import { useFloodItems } from './use-flood-items';

const noop = () => {};

/** Phones: the 'Mobi' agent rule or a narrow screen; their panels start closed. */
function isNarrow(): boolean {
  return isMobileAgent() || Boolean(window.matchMedia?.('(max-width: 767px)').matches);
}

/**
 * Screens up to a laptop's (1366 px, under 1600): the legend starts folded, one click away, so that it and the
 * open layers panel leave the map to the map.
 */
function isLaptopOrSmaller(): boolean {
  return Boolean(window.matchMedia?.('(max-width: 1599px)').matches);
}

/** Brings the chosen flood layer into view once its file has loaded (a scenario may cover one valley only). */
function useFitToLayer(map: LeafletMap | null, url: string | null) {
  const { data } = useGeoJson(url);
  useEffect(() => {
    if (!map || !data || data.features.length === 0) return;
    const bounds = geoJSON(data).getBounds();
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [32, 32], maxZoom: 14 });
  }, [map, data]);
}

export interface AnalysisMapProps {
  layers: AnalysisLayerState;
  dispatch: Dispatch<AnalysisLayerAction>;
}

/**
 * The Leaflet part of the analysis flood map: the public map's FloodMap (base maps, communes, overlays, the
 * chosen file drawn with the water bands), its navigation buttons ('Xem toàn cảnh' among them) and place
 * search, the two layer menus, the legend and the PNG/PDF export.
 */
export default function AnalysisMap({ layers, dispatch }: AnalysisMapProps) {
  const { t } = useTranslation();
  const { areaName } = useAreaNames();
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [active, setActive] = useState<ActiveTool>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const [narrow] = useState(isNarrow);
  const [legendOpen] = useState(() => !isNarrow() && !isLaptopOrSmaller());
  const events = useFloodItems('events');
  const scenarios = useFloodItems('scenarios');
  const stations = useAllStations();

  const chosen = layers.chosen;
  const chosenItem = chosen
    ? ((chosen.menu === 'events' ? events.data : scenarios.data) ?? []).find((i) => i.id === chosen.itemId)
    : undefined;
  const chosenUrl = chosenItem?.url ?? null;
  useFitToLayer(map, chosenUrl);

  const mapLayers = useMemo(() => toMapLayers(layers), [layers]);
  const positions = useMemo(
    () => (stations.data ?? []).map((s) => [s.lat, s.long] as [number, number]),
    [stations.data],
  );
  const dataLine =
    chosen && chosenItem
      ? `${t(`floodAnalysisMap.menu.${chosen.menu}`)}: ${formatDistrictDateTime(chosenItem.time)} – ${chosenItem.name}`
      : t('floodAnalysisMap.noLayer');

  return (
    <div className="analysis-map" data-testid="analysis-map" data-chosen={chosenUrl ?? undefined}>
      <FloodMap
        mapRef={setMap}
        base={layers.base}
        layers={mapLayers}
        chosenUrl={chosenUrl}
        readings={undefined}
        onOpenStation={noop}
        ariaLabel={t('floodAnalysisMap.mapLabel', { area: areaName })}
      />
      <MapToolbar map={map} stationPositions={positions} onRefresh={() => setResetSignal((n) => n + 1)} />
      <div
        className="map-toolbar map-toolbar-tools"
        role="toolbar"
        aria-label={t('floodAnalysisMap.exportTools')}
        aria-orientation="vertical"
      >
        <AnalysisExport map={map} dataLine={dataLine} />
      </div>
      <PlaceSearch
        map={map}
        active={active}
        setActive={setActive}
        resetSignal={resetSignal}
        showOverlay={(overlay) => dispatch({ type: 'overlay', overlay, on: true })}
      />
      <AnalysisLayersPanel
        layers={layers}
        dispatch={dispatch}
        events={events}
        scenarios={scenarios}
        defaultOpen={!narrow}
      />
      <AnalysisLegend defaultOpen={legendOpen} />
    </div>
  );
}

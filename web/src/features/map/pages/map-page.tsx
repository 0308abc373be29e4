import 'leaflet/dist/leaflet.css';
import '../../../map-kit/map.css';
import '../../../map-kit/map-panels.css';
import { ToolOutlined } from '@ant-design/icons';
import { stationKind } from '@flood/domain';
import type { Map as LeafletMap } from 'leaflet';
import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { inAntdScope } from '../../../app/antd-lazy';
import { useCurrentRouteDef } from '../../../app/route-handle';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useAreaNames } from '../../../lib/area/use-area';
import { usePortalEventsDown } from '../../../lib/events/use-portal-events';
import { useOfflineState } from '../../../lib/offline/offline-state';
import { FloodMap } from '../../../map-kit/components/flood-map';
import { MapLegend } from '../../../map-kit/components/map-legend';
import { MapToolbar } from '../../../map-kit/components/map-toolbar';
import { type OpenedStation, StationCard } from '../../../map-kit/components/station-card';
import {
  allStationsQuery,
  availableLayersQuery,
  latestReadingsQuery,
  newestGeodataQuery,
  useAllStations,
  useAvailableLayers,
  useLatestReadings,
  useTimedItems,
} from '../../../map-kit/hooks/use-map-data';
import {
  chosenItem,
  INITIAL_LAYER_STATE,
  layerReducer,
  markerStationKind,
  type OverlayKey,
  shownStationKind,
} from '../../../map-kit/model/layer-state';
import { BASE_MAPS, type BaseMap, isMobileAgent } from '../../../map-kit/model/map-constants';
import type { ActiveTool } from '../../../map-kit/tools/map-tool';
import { loadFloodAnalysisModal } from '../../flood-analysis';
import { mapFloodPhotosQuery } from '../../flood-photos';
import { loadWarningAreas } from '../../warnings';
import { LayersMenu } from '../components/layers-menu';
import { SubscribeLink } from '../components/subscribe-link';
import { useAlertToasts } from '../hooks/use-alert-toasts';
import { MapSearchAndPhotos, MapTools } from '../tools/map-tools';

/** The flood layer's analysis modal (with ECharts): fetched when the flood layer is shown, drawn on a click. */
const FloodAnalysisModal = lazy(() => inAntdScope(loadFloodAnalysisModal()));
/** The areas of the officers' warnings in force and their list (#23). */
const WarningAreas = lazy(loadWarningAreas);

/** Phones: the spec's 'Mobi' agent rule, or a narrow screen. */
function detectMobile(): boolean {
  const narrow = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches;
  return isMobileAgent() || Boolean(narrow);
}

/**
 * What the map reads as it opens, fetched before its first render (public-page.tsx, #25 point 3): the layer list,
 * the first layer's readings, the stations, the district's base layers and the flood photos. With them in the
 * cache no read starts in the commits that create the map, and no answer renders the page again afterwards.
 */
export function firstQueries(unit: string | undefined) {
  return [
    availableLayersQuery,
    latestReadingsQuery(markerStationKind(INITIAL_LAYER_STATE) ?? 'rain', unit),
    allStationsQuery(unit),
    newestGeodataQuery('REGION'),
    newestGeodataQuery('COMMUNE_LABEL'),
    newestGeodataQuery('COMMUNE_OFFICE'),
    mapFloodPhotosQuery,
  ];
}

/**
 * `/maps` and `/maps-mobile` (spec §2 "Map screen"): the district's live map of rain and water stations,
 * the satellite/forecast rain and flood layers by time, the district's layers, and warning toasts.
 */
export default function MapPage() {
  const { t } = useTranslation();
  const { areaName } = useAreaNames();
  useDocumentTitle(t('page.maps'));
  const route = useCurrentRouteDef();
  const [mobile] = useState(detectMobile);
  const [layers, dispatch] = useReducer(layerReducer, INITIAL_LAYER_STATE);
  const [base, setBase] = useState<BaseMap>(BASE_MAPS[0]);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [modal, setModal] = useState<OpenedStation | null>(null);
  const [analysis, setAnalysis] = useState<{ geodataId: number; open: boolean } | null>(null);
  const [params, setParams] = useSearchParams();
  const [active, setActive] = useState<ActiveTool>(null);
  const [resetSignal, setResetSignal] = useState(0);

  const available = useAvailableLayers();
  // While a time is shown the markers of the last live layer stay (residents look for their station), no
  // longer followed live (spec §4 "stops station polling").
  const kind = markerStationKind(layers);
  const readings = useLatestReadings(kind, shownStationKind(layers) !== null);
  // Phones: the tools fold under one 'Công cụ' button (open while a tool has the map's clicks).
  const [toolsOpen, setToolsOpen] = useState(false);
  const stations = useAllStations();
  const chosen = chosenItem(layers);
  const chosenItems = useTimedItems(chosen?.layer ?? 'flood', chosen !== null);
  const chosenUrl = chosen ? (chosenItems.data?.find((i) => i.id === chosen.itemId)?.url ?? null) : null;
  // Offline the page's banner says it already ('đang mất kết nối', #25): no 'reconnecting' pill over the tools too.
  const offline = useOfflineState().cachedAt !== null;
  const down = usePortalEventsDown() && !offline;

  // Without 'Mưa thực đo' in the layer list, the map starts with the measured water level.
  useEffect(() => {
    if (available && !available.includes('realRain') && available.includes('realWater')) {
      dispatch({ type: 'chooseReal', option: 'realWater' });
    }
  }, [available]);

  /** Opens a station's card, switching the map to its live layer when another one is shown. */
  const showStation = useCallback((code: string) => {
    const k = stationKind(code);
    if (k) dispatch({ type: 'chooseReal', option: k === 'water' ? 'realWater' : 'realRain' });
    setModal({ code, open: true });
  }, []);
  const openStation = useCallback((code: string) => setModal({ code, open: true }), []);
  // A flood polygon opens its layer's analysis, unless a tool (measure, draw, photo place...) has the clicks.
  const openFloodAnalysis = useCallback((geodataId: number) => setAnalysis({ geodataId, open: true }), []);
  const floodShown = chosen?.layer === 'flood';
  useEffect(() => {
    if (floodShown) void loadFloodAnalysisModal();
  }, [floodShown]);
  const alertToasts = useAlertToasts(showStation);

  // '/maps?station=F01024' (the warning banner's link) opens that station.
  const stationParam = params.get('station');
  useEffect(() => {
    if (!stationParam) return;
    showStation(stationParam);
    setParams(
      (p) => {
        p.delete('station');
        return p;
      },
      { replace: true },
    );
  }, [stationParam, showStation, setParams]);

  const showOverlay = useCallback((overlay: OverlayKey) => dispatch({ type: 'toggleOverlay', overlay, on: true }), []);
  const positions = useMemo(
    () => (stations.data ?? []).map((s) => [s.lat, s.long] as [number, number]),
    [stations.data],
  );

  return (
    <div
      className={route?.noHeader ? 'map-page map-page-bare' : 'map-page'}
      data-map-mode={active ?? undefined}
      data-testid="map-page"
    >
      <h1 className="visually-hidden">{t('page.maps')}</h1>
      {alertToasts}
      <FloodMap
        mapRef={setMap}
        base={base}
        layers={layers}
        chosenUrl={chosenUrl}
        readings={readings.data}
        onOpenStation={openStation}
        onOpenFloodAnalysis={active ? undefined : openFloodAnalysis}
        ariaLabel={t('map.mapLabel', { area: areaName })}
      />
      {/* The left side, top to bottom: the tools, then the legend and the sign-up link at the foot; they never overlap. */}
      <div className="map-side" data-tools-open={toolsOpen || active !== null ? '' : undefined}>
        <button
          type="button"
          className="map-side-tools-toggle"
          aria-expanded={toolsOpen || active !== null}
          aria-controls="map-side-tools"
          onClick={() => setToolsOpen((v) => !v)}
          data-testid="map-tools-toggle"
        >
          <ToolOutlined aria-hidden />
          {t('map.toolsMenu')}
        </button>
        <div className="map-side-tools" id="map-side-tools">
          <MapToolbar
            map={map}
            stationPositions={positions}
            onRefresh={() => {
              setActive(null);
              setResetSignal((n) => n + 1);
            }}
          />
          <MapTools
            map={map}
            active={active}
            setActive={setActive}
            resetSignal={resetSignal}
            showOverlay={showOverlay}
            layers={layers}
          />
        </div>
        <Suspense fallback={null}>
          <WarningAreas map={map} />
        </Suspense>
        <MapLegend state={layers} defaultOpen={!mobile} />
        <SubscribeLink />
      </div>
      <MapSearchAndPhotos
        map={map}
        active={active}
        setActive={setActive}
        resetSignal={resetSignal}
        showOverlay={showOverlay}
      />
      <LayersMenu
        available={available}
        state={layers}
        dispatch={dispatch}
        base={base}
        onBase={setBase}
        defaultOpen={!mobile}
      />
      {down && (
        <div className="map-reconnecting" role="status" data-testid="map-reconnecting">
          {t('map.reconnecting')}
        </div>
      )}
      <StationCard opened={modal} mobile={mobile} onChange={setModal} />
      {analysis && (
        <Suspense fallback={null}>
          <FloodAnalysisModal
            key={analysis.geodataId}
            geodataId={analysis.geodataId}
            open={analysis.open}
            mobile={mobile}
            onClose={() => setAnalysis((a) => (a ? { ...a, open: false } : a))}
            afterClose={() => setAnalysis((a) => (a && !a.open ? null : a))}
          />
        </Suspense>
      )}
    </div>
  );
}

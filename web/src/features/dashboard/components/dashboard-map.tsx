import 'leaflet/dist/leaflet.css';
import '../../../map-kit/map.css';
import '../../../map-kit/map-panels.css';
import './dashboard-map.css';
import type { StationKind } from '@flood/domain';
import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaNames } from '../../../lib/area/use-area';
import { FloodMap } from '../../../map-kit/components/flood-map';
import { MapLegend } from '../../../map-kit/components/map-legend';
import { MapToolbar } from '../../../map-kit/components/map-toolbar';
import { type OpenedStation, StationCard } from '../../../map-kit/components/station-card';
import { useLatestReadings } from '../../../map-kit/hooks/use-map-data';
import { INITIAL_LAYER_STATE, layerReducer } from '../../../map-kit/model/layer-state';
import { isMobileAgent } from '../../../map-kit/model/map-constants';
import { MapKindSwitch } from './map-kind-switch';

/** Phones and touch screens: one finger scrolls the page, two move the map (no trap in a scrolling page). */
function isTouchFirst(): boolean {
  return isMobileAgent() || Boolean(window.matchMedia?.('(pointer: coarse)').matches);
}

/**
 * The dashboard's map (spec §2): the map page's own map, base map and station markers, in a fixed-height
 * section, with the navigation buttons and the legend but without the tools (drawing, routes, photos...).
 * The wheel scrolls the page rather than zooming the map. Loaded (with Leaflet) only when scrolled near.
 */
export default function DashboardMap({
  kind,
  onKindChange,
}: {
  kind: StationKind;
  onKindChange: (kind: StationKind) => void;
}) {
  const { t } = useTranslation();
  const { areaName } = useAreaNames();
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [modal, setModal] = useState<OpenedStation | null>(null);
  const readings = useLatestReadings(kind);
  const mobile = isMobileAgent() || !window.matchMedia?.('(min-width: 768px)').matches;
  const layers = useMemo(
    () =>
      layerReducer(INITIAL_LAYER_STATE, { type: 'chooseReal', option: kind === 'water' ? 'realWater' : 'realRain' }),
    [kind],
  );
  const positions = useMemo(
    () => (readings.data ?? []).map((r) => [r.lat, r.long] as [number, number]),
    [readings.data],
  );

  useEffect(() => {
    if (!map) return;
    map.scrollWheelZoom.disable();
    if (isTouchFirst()) map.dragging.disable();
  }, [map]);

  return (
    <div className="dash-map-frame" data-testid="dash-map">
      <FloodMap
        mapRef={setMap}
        base="national"
        layers={layers}
        chosenUrl={null}
        readings={readings.data}
        onOpenStation={(code) => setModal({ code, open: true })}
        ariaLabel={t('dashboard.mapLabel', { area: areaName })}
      />
      <MapToolbar map={map} stationPositions={positions} />
      <MapKindSwitch kind={kind} onChange={onKindChange} />
      <MapLegend state={layers} defaultOpen={!mobile} />
      <StationCard opened={modal} mobile={mobile} onChange={setModal} />
    </div>
  );
}

import type { MapTiles, StationReading } from '@flood/domain';
import type { Map as LeafletMap } from 'leaflet';
import {
  type ReactNode,
  type Ref,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
} from 'react';
import { MapContainer, Pane, TileLayer, useMap } from 'react-leaflet';
import { useAppInfo } from '../../features/app-info';
import { useMapTurn } from '../hooks/use-map-turn';
import { type MapView, useMapView } from '../hooks/use-map-view';
import { chosenItem, type LayerState, TIMED_SCALE } from '../model/layer-state';
import { type BaseMap, MAP_MAX_ZOOM } from '../model/map-constants';
import { BaseLayers } from './base-layers';
import { dataCanvas } from './data-canvas';
import { showDistrict } from './district-view';
import { StationMarkers } from './station-markers';
import { TimedGeoJsonLayer } from './timed-geojson-layer';

export interface FloodMapProps {
  mapRef: Ref<LeafletMap>;
  base: BaseMap;
  layers: LayerState;
  /** The items of the chosen timed layer (to find the chosen one's file). */
  chosenUrl: string | null;
  readings: readonly StationReading[] | undefined;
  onOpenStation: (stationCode: string) => void;
  /** A click on a polygon of the flood (current-flood) layer: opens that layer's analysis. */
  onOpenFloodAnalysis?: (geodataId: number) => void;
  ariaLabel: string;
}

function BaseTiles({ base, tiles }: { base: BaseMap; tiles: MapTiles | undefined }) {
  const source = tiles?.[base];
  // Its first tiles laid out in a task of their own (map-turns.ts).
  const turn = useMapTurn(Boolean(source));
  if (!source || !turn) return null;
  return <TileLayer key={base} url={source.url} attribution={source.attribution} maxZoom={MAP_MAX_ZOOM} />;
}

/**
 * Leaflet only follows the window's size: when the page above the map changes height (the warning banner
 * appears or grows, a phone's bars), it must be told, or clicks and the centre are off by that much. Until
 * the visitor moves the map, the whole district is shown again at the new size (the first view too: the
 * observer reports the container's first size).
 */
function FollowContainerSize() {
  const map = useMap();
  const view = useMapView();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    let untouched = true;
    let fitting = false;
    // Any move but this component's own fit (a drag, a zoom button, a search result) keeps the visitor's view.
    const moved = () => {
      if (!fitting) untouched = false;
    };
    map.on('movestart', moved);
    const observer = new ResizeObserver(() => {
      fitting = true;
      map.invalidateSize({ animate: false });
      if (untouched) showDistrict(map, view);
      fitting = false;
    });
    observer.observe(map.getContainer());
    return () => {
      observer.disconnect();
      map.off('movestart', moved);
    };
  }, [map, view]);
  return null;
}

/**
 * The data pane's canvas stays on the map once drawn: with no layer on it, it must let clicks through to
 * what lies under it (and never catch a tap meant for the map).
 */
function DataPaneEvents({ drawn }: { drawn: boolean }) {
  const map = useMap();
  useEffect(() => {
    const pane = map.getPane('data');
    if (pane) pane.style.pointerEvents = drawn ? '' : 'none';
  }, [map, drawn]);
  return null;
}

/**
 * The map's layers, drawn in a transition once the map exists (#25, point 3): creating the Leaflet map (reading
 * its size lays the page out) and drawing every layer were one task of 70–170 ms on a phone's first view.
 */
function AfterTheMap({ children }: { children: ReactNode }) {
  return useShownAfterCommit() ? children : null;
}

/**
 * False in the first commit, then true in a transition. The map is created after the page's first commit: its
 * container's ref sets react-leaflet's context at once (a synchronous update), and React then runs every effect of
 * the commit before it — the page's queries starting, the map laying the page out to read its size — in one task.
 */
function useShownAfterCommit(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown;
}

/**
 * Shows the district on the new map at once, before any layer is drawn (the base map's tiles were laid out a
 * second time when the container's first size fitted it later), then gives the map to the page's ref in a
 * transition: the page's tools render again with it, in slices.
 */
function useRefInTransition(ref: Ref<LeafletMap>, view: MapView) {
  const viewNow = useRef(view);
  viewNow.current = view;
  return useCallback(
    (map: LeafletMap | null) => {
      if (map) showDistrict(map, viewNow.current);
      startTransition(() => {
        if (typeof ref === 'function') ref(map);
        else if (ref) ref.current = map;
      });
    },
    [ref],
  );
}

/**
 * The Leaflet map: a base map, the district's layers (regions, commune offices, overlays), the chosen
 * GeoJSON layer and the station markers. The data layer draws on a canvas (a flood layer has thousands of
 * polygons); the district's lines are SVG above it, letting events through except on their shapes. The
 * panes, bottom to top: regions 350, data canvas 400, lines 420, commune names 450, flood photos (Leaflet's
 * marker pane) 600, points (offices, flood marks, evacuation points) 620, stations 640, then tooltips, popups.
 */
export function FloodMap({
  mapRef,
  base,
  layers,
  chosenUrl,
  readings,
  onOpenStation,
  onOpenFloodAnalysis,
  ariaLabel,
}: FloodMapProps) {
  const { data: info } = useAppInfo();
  const view = useMapView();
  const chosen = chosenItem(layers);
  // One canvas for the data layers, in their pane, for the component's lifetime (a canvas per layer would stack); it
  // outlives a map React creates again, which Leaflet 1.9's own canvas does not survive (data-canvas.ts).
  const [renderer] = useState(() => dataCanvas({ pane: 'data', padding: 0.5 }));
  const ref = useRefInTransition(mapRef, view);
  // New readings are drawn in a transition too (the markers' first drawing is the largest).
  const shownReadings = useDeferredValue(readings);
  const created = useShownAfterCommit();
  return (
    <section className="flood-map" aria-label={ariaLabel}>
      {created && (
        <MapContainer
          ref={ref}
          center={view.centre}
          zoom={view.zoom}
          maxZoom={MAP_MAX_ZOOM}
          zoomControl={false}
          className="flood-map-canvas"
        >
          <AfterTheMap>
            <FollowContainerSize />
            <DataPaneEvents drawn={Boolean(chosen && chosenUrl)} />
            <BaseTiles base={base} tiles={info?.mapTiles} />
            <Pane name="data" style={{ zIndex: 400 }}>
              {chosen && chosenUrl && (
                <TimedGeoJsonLayer
                  url={chosenUrl}
                  scale={TIMED_SCALE[chosen.layer]}
                  renderer={renderer}
                  onFeatureClick={
                    chosen.layer === 'flood' && onOpenFloodAnalysis
                      ? () => onOpenFloodAnalysis(chosen.itemId)
                      : undefined
                  }
                />
              )}
            </Pane>
            <BaseLayers overlays={layers.overlays} />
            <Pane name="stations" style={{ zIndex: 640 }}>
              {shownReadings && <StationMarkers readings={shownReadings} onOpen={onOpenStation} />}
            </Pane>
          </AfterTheMap>
        </MapContainer>
      )}
    </section>
  );
}

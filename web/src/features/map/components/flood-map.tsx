import type { MapTiles, StationReading } from '@flood/domain';
import { canvas, type Map as LeafletMap } from 'leaflet';
import { type Ref, useEffect, useState } from 'react';
import { MapContainer, Pane, TileLayer, useMap } from 'react-leaflet';
import { useAppInfo } from '../../app-info/api/app-info-api';
import { chosenItem, type LayerState, TIMED_SCALE } from '../model/layer-state';
import { type BaseMap, MAP_CENTRE, MAP_MAX_ZOOM, MAP_ZOOM } from '../model/map-constants';
import { BaseLayers } from './base-layers';
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
  if (!source) return null;
  return <TileLayer key={base} url={source.url} attribution={source.attribution} maxZoom={MAP_MAX_ZOOM} />;
}

/**
 * Leaflet only follows the window's size: when the page above the map changes height (the warning banner
 * appears or grows, a phone's bars), it must be told, or clicks and the centre are off by that much.
 */
function FollowContainerSize() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize({ animate: false }));
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/**
 * The Leaflet map: a base map, the district's layers (regions, commune offices, overlays), the chosen
 * GeoJSON layer and the station markers. The data layer draws on a canvas (a flood layer has thousands of
 * polygons); the small district layers are SVG above it, letting events through except on their shapes.
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
  const chosen = chosenItem(layers);
  // One canvas for the data layers, in their pane, for the map's lifetime (a canvas per layer would stack).
  const [renderer] = useState(() => canvas({ pane: 'data', padding: 0.5 }));
  return (
    <section className="flood-map" aria-label={ariaLabel}>
      <MapContainer
        ref={mapRef}
        center={MAP_CENTRE}
        zoom={MAP_ZOOM}
        maxZoom={MAP_MAX_ZOOM}
        zoomControl={false}
        className="flood-map-canvas"
      >
        <FollowContainerSize />
        <BaseTiles base={base} tiles={info?.mapTiles} />
        <Pane name="data" style={{ zIndex: 400 }}>
          {chosen && chosenUrl && (
            <TimedGeoJsonLayer
              url={chosenUrl}
              scale={TIMED_SCALE[chosen.layer]}
              renderer={renderer}
              onFeatureClick={
                chosen.layer === 'flood' && onOpenFloodAnalysis ? () => onOpenFloodAnalysis(chosen.itemId) : undefined
              }
            />
          )}
        </Pane>
        <BaseLayers overlays={layers.overlays} />
        {readings && <StationMarkers readings={readings} onOpen={onOpenStation} />}
      </MapContainer>
    </section>
  );
}

import 'leaflet/dist/leaflet.css';
import type { CommuneItem } from '@flood/domain';
import type { Feature, Geometry } from 'geojson';
import { type GeoJSON as GeoJsonLayer, geoJSON, type Map as LeafletMap, latLngBounds } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer } from 'react-leaflet';
import { useMapView } from '../../../map-kit/hooks/use-map-view';
import { escapeHtml } from '../../../map-kit/model/html';
import { isMobileAgent, MAP_MAX_ZOOM } from '../../../map-kit/model/map-constants';
import { useAppInfo } from '../../app-info';

/** Phones and touch screens: one finger scrolls the page past the map, two move it (as the dashboard's map). */
function isTouchFirst(): boolean {
  return isMobileAgent() || Boolean(window.matchMedia?.('(pointer: coarse)').matches);
}

const CHOSEN = { color: '#0b4f8a', weight: 2, opacity: 1, fillColor: '#1d6fb3', fillOpacity: 0.5 };
const OTHER = { color: '#455a64', weight: 1.5, opacity: 0.9, fillColor: '#90a4ae', fillOpacity: 0.1 };

export interface CommuneMapProps {
  communes: CommuneItem[];
  selected: readonly string[];
  onToggle: (gsoCode: string) => void;
  disabled?: boolean;
}

/**
 * The sign-up's small map (its own chunk, with Leaflet): the district's communes, filled when chosen; a tap chooses
 * or leaves out one. The check boxes beside it are the same choice for keyboards and screen readers.
 */
export default function CommuneMap({ communes, selected, onToggle, disabled }: CommuneMapProps) {
  const { t } = useTranslation();
  const view = useMapView();
  const [map, setMap] = useState<LeafletMap | null>(null);
  const { data: info } = useAppInfo();
  const tiles = info?.mapTiles?.national;
  const layers = useRef(new Map<string, GeoJsonLayer>());
  const latest = useRef({ selected, onToggle, disabled });
  latest.current = { selected, onToggle, disabled };

  useEffect(() => {
    if (!map || !communes.length) return;
    const drawn = layers.current;
    const chosen = new Set(latest.current.selected);
    for (const commune of communes) {
      const feature: Feature = { type: 'Feature', properties: {}, geometry: commune.geometry as Geometry };
      const layer = geoJSON(feature, { style: chosen.has(commune.gsoCode) ? CHOSEN : OTHER });
      layer.bindTooltip(escapeHtml(commune.name), { sticky: true });
      layer.on('click', () => {
        if (!latest.current.disabled) latest.current.onToggle(commune.gsoCode);
      });
      layer.addTo(map);
      layer.eachLayer((part) => {
        const el = (part as unknown as { getElement?: () => Element | undefined }).getElement?.();
        el?.setAttribute('data-testid', `subscribe-map-${commune.gsoCode}`);
      });
      drawn.set(commune.gsoCode, layer);
    }
    const bounds = latLngBounds([]);
    for (const layer of drawn.values()) bounds.extend(layer.getBounds());
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [4, 4], animate: false });
    return () => {
      for (const layer of drawn.values()) layer.remove();
      drawn.clear();
    };
  }, [map, communes]);

  const key = selected.join(',');
  useEffect(() => {
    const chosen = new Set(key ? key.split(',') : []);
    for (const [code, layer] of layers.current) layer.setStyle(chosen.has(code) ? CHOSEN : OTHER);
  }, [key]);

  return (
    <section className="sub-map" aria-label={t('subscriptions.map')} data-testid="subscribe-map">
      <MapContainer
        ref={setMap}
        center={view.centre}
        zoom={view.zoom}
        maxZoom={MAP_MAX_ZOOM}
        // The district fills the small map at any width (whole zoom levels leave it small on a phone).
        zoomSnap={0.25}
        maxBounds={latLngBounds(view.bounds).pad(0.5)}
        className="sub-map-canvas"
        attributionControl={Boolean(tiles)}
        dragging={!isTouchFirst()}
        scrollWheelZoom={false}
      >
        {tiles && <TileLayer url={tiles.url} attribution={tiles.attribution} maxZoom={MAP_MAX_ZOOM} />}
      </MapContainer>
    </section>
  );
}

import type { Place } from '@flood/domain';
import { divIcon, type Map as LeafletMap, marker } from 'leaflet';
import { escapeHtml } from '../../model/html';

/** Zoom for a point found by the search (a station, an evacuation point…). */
export const PLACE_ZOOM = 15;

/**
 * Flies the map to a found place (a commune's whole area, other places at zoom 15) and marks it with a pin
 * whose popup names it. The mark goes away when its popup is closed or when the returned function is called.
 */
export function showPlace(map: LeafletMap, place: Place, kindLabel: string): () => void {
  const animate = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (place.bbox) {
    const [minLng, minLat, maxLng, maxLat] = place.bbox;
    map.flyToBounds(
      [
        [minLat, minLng],
        [maxLat, maxLng],
      ],
      { padding: [40, 40], maxZoom: PLACE_ZOOM, animate },
    );
  } else {
    map.flyTo([place.lat, place.lng], PLACE_ZOOM, { animate });
  }
  const pin = marker([place.lat, place.lng], {
    icon: divIcon({ className: 'map-search-pin', html: '<span></span>', iconSize: [0, 0] }),
    keyboard: false,
    zIndexOffset: 1000,
    alt: place.name,
  });
  pin.bindPopup(`<strong>${escapeHtml(place.name)}</strong><br>${escapeHtml(kindLabel)}`, {
    className: 'map-search-popup',
    offset: [0, -10],
    autoPan: false,
  });
  const remove = () => {
    pin.off('popupclose', remove);
    pin.remove();
  };
  pin.addTo(map).openPopup();
  pin.on('popupclose', remove);
  return remove;
}

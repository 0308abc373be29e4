import type { Language } from '@flood/domain';
import type { TFunction } from 'i18next';
import { circle, divIcon, type LatLngTuple, type Map as LeafletMap, latLng, layerGroup, marker } from 'leaflet';

import { accuracyText } from './locate-text';

const MIN_ZOOM = 15;
const MAX_ZOOM = 17;
const TIMEOUT_MS = 15_000;

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: true,
      timeout: TIMEOUT_MS,
      maximumAge: 30_000,
    }),
  );
}

/** Says why the position cannot be shown: a heading in bold and what to do, or one line. */
export type LocateNotice = (text: string, heading?: string) => void;

/**
 * Asks the browser where the user is, then shows it: a marker, a circle as wide as the accuracy, a popup
 * with the accuracy, and the map flown there. Says why when it cannot (spec §8 'Geolocation is not supported
 * by this browser.', permission refused, no fix, timeout). Returns what removes the position, or null.
 */
export async function locateOnMap(
  map: LeafletMap,
  t: TFunction,
  notice: LocateNotice,
  lang: Language,
): Promise<(() => void) | null> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.geolocation) {
    notice(t('map.locate.unsupportedHint'), t('map.locate.unsupported'));
    return null;
  }
  let fix: GeolocationPosition;
  try {
    fix = await position();
  } catch (e) {
    const code = (e as GeolocationPositionError).code;
    if (code === 1) notice(t('map.locate.deniedHint'), t('map.locate.denied'));
    else notice(t(code === 3 ? 'map.locate.timeout' : 'map.locate.unavailable'));
    return null;
  }
  const at: LatLngTuple = [fix.coords.latitude, fix.coords.longitude];
  const accuracy = Math.max(0, fix.coords.accuracy || 0);
  const text = accuracyText(t, accuracy, lang);
  const group = layerGroup().addTo(map);
  circle(at, {
    radius: accuracy,
    className: 'locate-accuracy',
    color: '#1677ff',
    weight: 1,
    fillOpacity: 0.12,
    interactive: false,
  }).addTo(group);
  const dot = marker(at, {
    icon: divIcon({
      className: 'locate-marker',
      html: '<span class="locate-dot" data-testid="locate-marker"></span>',
      iconSize: [40, 40],
      // The popup's tip above the dot, not on it.
      popupAnchor: [0, -12],
    }),
    title: t('map.locate.tool'),
    alt: t('map.locate.tool'),
    zIndexOffset: 500,
  })
    .bindPopup(text, { className: 'locate-popup', autoPan: false })
    .addTo(group);
  // The accuracy circle in view, but never further than street level (zoom 15) nor closer than 17.
  const zoom = Math.min(Math.max(map.getBoundsZoom(latLng(at).toBounds(accuracy * 2)), MIN_ZOOM), MAX_ZOOM);
  map.flyTo(at, zoom, { duration: 1 });
  dot.openPopup();
  return () => group.remove();
}

import { type LatLng, type Map as LeafletMap, latLng, latLngBounds, point } from 'leaflet';
import type { MapView } from '../hooks/use-map-view';
import { districtPadding } from '../model/map-constants';

/**
 * The first view and 'Xem toàn cảnh': spec §9's centre and zoom 11 when the whole district shows there
 * (a laptop), else the district fitted to the screen (a phone at zoom 11 cut off the western communes).
 * Worked out from the map's size alone: the map does not move to find it.
 */
export function districtTarget(map: LeafletMap, view: MapView): { centre: LatLng; zoom: number } {
  const size = map.getSize();
  const padding = districtPadding(size.x);
  const topLeft = point(padding.paddingTopLeft as [number, number]);
  const bottomRight = point(padding.paddingBottomRight as [number, number]);
  const bounds = latLngBounds(view.bounds);
  // Where the district's corners fall on the screen at the spec's view.
  const origin = map.project(view.centre, view.zoom).subtract(size.divideBy(2));
  const sw = map.project(bounds.getSouthWest(), view.zoom).subtract(origin);
  const ne = map.project(bounds.getNorthEast(), view.zoom).subtract(origin);
  const inView =
    sw.x >= topLeft.x && ne.y >= topLeft.y && ne.x <= size.x - bottomRight.x && sw.y <= size.y - bottomRight.y;
  if (inView) return { centre: latLng(view.centre), zoom: view.zoom };
  // Leaflet's fitBounds with these paddings and the spec's zoom as the closest (its _getBoundsCenterZoom).
  const zoom = Math.min(view.zoom, map.getBoundsZoom(bounds, false, topLeft.add(bottomRight)));
  const offset = bottomRight.subtract(topLeft).divideBy(2);
  const middle = map.project(bounds.getSouthWest(), zoom).add(map.project(bounds.getNorthEast(), zoom)).divideBy(2);
  return { centre: map.unproject(middle.add(offset), zoom), zoom };
}

/**
 * Shows the district (districtTarget). A map already there is not moved: moving it, even to the same view, lays
 * out its tiles and layers again (on a phone's first view that was a second drawing of the base map).
 */
export function showDistrict(map: LeafletMap, view: MapView): void {
  const { centre, zoom } = districtTarget(map, view);
  const current = map.getCenter();
  const here = map.project(current, zoom);
  const there = map.project(centre, zoom);
  if (map.getZoom() === zoom && Math.abs(here.x - there.x) < 0.5 && Math.abs(here.y - there.y) < 0.5) return;
  map.setView(centre, zoom, { animate: false });
}

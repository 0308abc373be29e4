import { type Map as LeafletMap, latLngBounds, point } from 'leaflet';
import type { MapView } from '../hooks/use-map-view';
import { districtPadding } from '../model/map-constants';

/**
 * The first view and 'Xem toàn cảnh': spec §9's centre and zoom 11 when the whole district shows there
 * (a laptop), else the district fitted to the screen (a phone at zoom 11 cut off the western communes).
 */
export function showDistrict(map: LeafletMap, view: MapView): void {
  const size = map.getSize();
  const padding = districtPadding(size.x);
  const [left, top] = padding.paddingTopLeft as [number, number];
  const [right, bottom] = padding.paddingBottomRight as [number, number];
  map.setView(view.centre, view.zoom, { animate: false });
  const bounds = latLngBounds(view.bounds);
  const sw = map.latLngToContainerPoint(bounds.getSouthWest());
  const ne = map.latLngToContainerPoint(bounds.getNorthEast());
  const inView = sw.x >= left && ne.y >= top && ne.x <= size.x - right && sw.y <= size.y - bottom;
  if (!inView) {
    map.fitBounds(bounds, {
      paddingTopLeft: point(left, top),
      paddingBottomRight: point(right, bottom),
      maxZoom: view.zoom,
      animate: false,
    });
  }
}

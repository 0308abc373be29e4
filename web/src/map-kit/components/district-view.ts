import { type Map as LeafletMap, latLngBounds, point } from 'leaflet';
import { DISTRICT_BOUNDS, districtPadding, MAP_CENTRE, MAP_ZOOM } from '../model/map-constants';

/**
 * The first view and 'Xem toàn cảnh': spec §9's centre and zoom 11 when the whole district shows there
 * (a laptop), else the district fitted to the screen (a phone at zoom 11 cut off the western communes).
 */
export function showDistrict(map: LeafletMap): void {
  const size = map.getSize();
  const padding = districtPadding(size.x);
  const [left, top] = padding.paddingTopLeft as [number, number];
  const [right, bottom] = padding.paddingBottomRight as [number, number];
  map.setView(MAP_CENTRE, MAP_ZOOM, { animate: false });
  const bounds = latLngBounds(DISTRICT_BOUNDS);
  const sw = map.latLngToContainerPoint(bounds.getSouthWest());
  const ne = map.latLngToContainerPoint(bounds.getNorthEast());
  const inView = sw.x >= left && ne.y >= top && ne.x <= size.x - right && sw.y <= size.y - bottom;
  if (!inView) {
    map.fitBounds(bounds, {
      paddingTopLeft: point(left, top),
      paddingBottomRight: point(right, bottom),
      maxZoom: MAP_ZOOM,
      animate: false,
    });
  }
}

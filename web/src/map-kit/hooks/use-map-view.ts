import { bboxOfPositions, positionsOf } from '@flood/domain';
import type { LatLngBoundsLiteral } from 'leaflet';
import { useMemo } from 'react';
import { useCommunes } from '../../features/warnings';
import { useReadUnit } from '../../lib/area/public-unit';
import { useArea } from '../../lib/area/use-area';
import { DISTRICT_BOUNDS, MAP_CENTRE, MAP_ZOOM } from '../model/map-constants';

/** Where a map of the area opens: its centre and zoom, and the extent of its units (the 'Khu vực' page, #26). */
export interface MapView {
  centre: [number, number];
  zoom: number;
  bounds: LatLngBoundsLiteral;
}

/** How much closer a unit's map opens than the whole area's (its extent is then fitted: #26 point 4). */
const UNIT_ZOOM_STEP = 1;

/**
 * The area's map view; the former district's box while the area's units have no boundary. On a unit's pages
 * (`/xa/{code}/…`, #26 point 4) the unit's own extent, once its boundary is in.
 */
export function useMapView(): MapView {
  const { settings, bounds } = useArea();
  const unit = useReadUnit();
  const { data: communes } = useCommunes(unit !== undefined);
  const geometry = unit ? communes?.find((c) => c.gsoCode === unit)?.geometry : undefined;
  return useMemo(() => {
    const box = geometry ? bboxOfPositions(positionsOf(geometry)) : null;
    const zoom = settings.zoom ?? MAP_ZOOM;
    if (box) {
      const [west, south, east, north] = box;
      return {
        centre: [(south + north) / 2, (west + east) / 2],
        zoom: zoom + UNIT_ZOOM_STEP,
        bounds: [
          [south, west],
          [north, east],
        ],
      };
    }
    return {
      centre: settings.center ? [settings.center.lat, settings.center.lng] : MAP_CENTRE,
      zoom,
      bounds: bounds ?? DISTRICT_BOUNDS,
    };
  }, [settings.center, settings.zoom, bounds, geometry]);
}

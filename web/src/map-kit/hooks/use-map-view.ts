import type { LatLngBoundsLiteral } from 'leaflet';
import { useMemo } from 'react';
import { useArea } from '../../lib/area/use-area';
import { DISTRICT_BOUNDS, MAP_CENTRE, MAP_ZOOM } from '../model/map-constants';

/** Where a map of the area opens: its centre and zoom, and the extent of its units (the 'Khu vực' page, #26). */
export interface MapView {
  centre: [number, number];
  zoom: number;
  bounds: LatLngBoundsLiteral;
}

/** The area's map view; the former district's box while the area's units have no boundary. */
export function useMapView(): MapView {
  const { settings, bounds } = useArea();
  return useMemo(
    () => ({
      centre: settings.center ? [settings.center.lat, settings.center.lng] : MAP_CENTRE,
      zoom: settings.zoom ?? MAP_ZOOM,
      bounds: bounds ?? DISTRICT_BOUNDS,
    }),
    [settings.center, settings.zoom, bounds],
  );
}

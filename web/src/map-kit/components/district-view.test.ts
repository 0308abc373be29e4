import { map as leafletMap, point } from 'leaflet';
import { afterEach, describe, expect, it } from 'vitest';
import type { MapView } from '../hooks/use-map-view';
import { DISTRICT_BOUNDS, districtPadding, MAP_CENTRE, MAP_ZOOM } from '../model/map-constants';
import { districtTarget, showDistrict } from './district-view';

// The former district's box and spec §9's view (use-map-view's defaults).
const VIEW: MapView = { centre: MAP_CENTRE, zoom: MAP_ZOOM, bounds: DISTRICT_BOUNDS };

const containers: HTMLElement[] = [];
/** A Leaflet map in a container of the given size (jsdom lays nothing out: the size is given). */
function mapOfSize(width: number, height: number) {
  const div = document.createElement('div');
  Object.defineProperty(div, 'clientWidth', { value: width });
  Object.defineProperty(div, 'clientHeight', { value: height });
  document.body.append(div);
  containers.push(div);
  return leafletMap(div, { zoomControl: false, fadeAnimation: false, zoomAnimation: false }).setView(
    VIEW.centre,
    VIEW.zoom,
  );
}

afterEach(() => {
  for (const div of containers.splice(0)) div.remove();
});

describe("the district's view, worked out without moving the map (#25)", () => {
  it("keeps spec §9's centre and zoom where the whole district shows (a laptop)", () => {
    const map = mapOfSize(1366, 700);
    const target = districtTarget(map, VIEW);
    expect(target.zoom).toBe(11);
    expect([target.centre.lat, target.centre.lng]).toEqual(VIEW.centre);
  });

  it("is where Leaflet's fitBounds takes a phone's map (the district cut off at zoom 11)", () => {
    const phone = mapOfSize(390, 700);
    const target = districtTarget(phone, VIEW);
    // The same map fitted the way showDistrict did before: setView, then fitBounds with the paddings.
    const fitted = mapOfSize(390, 700);
    const padding = districtPadding(390);
    fitted.fitBounds(VIEW.bounds, {
      paddingTopLeft: point(padding.paddingTopLeft as [number, number]),
      paddingBottomRight: point(padding.paddingBottomRight as [number, number]),
      maxZoom: VIEW.zoom,
      animate: false,
    });
    expect(target.zoom).toBeLessThan(11);
    expect(target.zoom).toBe(fitted.getZoom());
    expect(target.centre.lat).toBeCloseTo(fitted.getCenter().lat, 6);
    expect(target.centre.lng).toBeCloseTo(fitted.getCenter().lng, 6);
  });

  it('moves a map that is elsewhere, and leaves one already there alone (no second drawing of its layers)', () => {
    const map = mapOfSize(390, 700);
    let resets = 0;
    map.on('viewreset move', () => resets++);
    showDistrict(map, VIEW);
    expect(resets).toBeGreaterThan(0);
    const target = districtTarget(map, VIEW);
    expect(map.getZoom()).toBe(target.zoom);
    resets = 0;
    showDistrict(map, VIEW);
    expect(resets).toBe(0);
    // Moved by the visitor: 'Xem toàn cảnh' brings the district back.
    map.setView([21.3, 107.4], 13, { animate: false });
    showDistrict(map, VIEW);
    expect(map.getZoom()).toBe(target.zoom);
    expect(map.getCenter().lat).toBeCloseTo(target.centre.lat, 6);
  });
});

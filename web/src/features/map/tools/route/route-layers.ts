import type { LatLng, RouteResponse } from '@flood/domain';
import {
  divIcon,
  type LatLngBounds,
  type LatLngExpression,
  type LayerGroup,
  type Map as LeafletMap,
  latLngBounds,
  layerGroup,
  type Marker,
  marker,
  type Polyline,
  polyline,
} from 'leaflet';
import { escapeHtml } from '../../../../map-kit/model/html';

/** The pane of the planned route: above the district overlays (420), under the labels (450). */
const ROUTE_PANE = 'route';
const LINE_COLOUR = '#0d47a1';

export interface RouteDrawingLabels {
  start: string;
  end: string;
}

export interface RouteDrawingState {
  from: LatLng | null;
  /** The destination chosen on the map (draggable), or null. */
  to: LatLng | null;
  /** The evacuation point the server chose (not draggable), or null. */
  target: { name: string; lat: number; lng: number } | null;
  route: RouteResponse | null;
}

export interface RouteDrawing {
  update(state: RouteDrawingState): void;
  /** The bounds of the drawn route, start and end included (null when nothing is drawn). */
  bounds(): LatLngBounds | null;
  remove(): void;
}

const ll = (p: { lat: number; lng: number }): LatLngExpression => [p.lat, p.lng];

function pin(kind: 'start' | 'end' | 'target', letter: string, label: string) {
  return divIcon({
    className: `route-pin route-pin-${kind}`,
    html: `<span aria-hidden="true">${escapeHtml(letter)}</span><span class="visually-hidden">${escapeHtml(label)}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
  });
}

/**
 * Draws the route of the route-planning mode straight on the Leaflet map (its own layer group and pane):
 * the start 'A' and destination 'B' markers (draggable: `onMove` is called with the new place), the route
 * along the roads as a thick line with a white casing, and dashed lines where the start and end leave
 * the roads. `remove()` takes everything off the map.
 */
export function createRouteDrawing(
  map: LeafletMap,
  labels: RouteDrawingLabels,
  onMove: (point: 'from' | 'to', at: LatLng) => void,
): RouteDrawing {
  if (!map.getPane(ROUTE_PANE)) {
    const pane = map.createPane(ROUTE_PANE);
    pane.style.zIndex = '445';
  }
  const group: LayerGroup = layerGroup().addTo(map);
  const lines: LayerGroup = layerGroup().addTo(group);
  let start: Marker | null = null;
  let end: Marker | null = null;
  let endKind: 'end' | 'target' | null = null;
  let drawn: Polyline[] = [];

  const draggable = (m: Marker, point: 'from' | 'to') => {
    m.on('dragend', () => {
      const p = m.getLatLng();
      onMove(point, { lat: p.lat, lng: p.lng });
    });
    return m;
  };

  function setStart(p: LatLng | null) {
    if (!p) {
      if (start) group.removeLayer(start);
      start = null;
      return;
    }
    if (start) {
      start.setLatLng(ll(p));
      return;
    }
    start = draggable(
      marker(ll(p), {
        icon: pin('start', 'A', labels.start),
        draggable: true,
        title: labels.start,
        alt: labels.start,
        autoPan: true,
        zIndexOffset: 1000,
      }),
      'from',
    ).addTo(group);
    start.getElement()?.setAttribute('data-testid', 'route-start-marker');
  }

  function setEnd(p: LatLng | null, kind: 'end' | 'target', title: string) {
    if (end && (!p || endKind !== kind || end.options.title !== title)) {
      group.removeLayer(end);
      end = null;
    }
    if (!p) return;
    if (end) {
      end.setLatLng(ll(p));
      return;
    }
    endKind = kind;
    const m = marker(ll(p), {
      icon: pin(kind, 'B', title),
      draggable: kind === 'end',
      title,
      alt: title,
      autoPan: kind === 'end',
      zIndexOffset: 1000,
    });
    end = (kind === 'end' ? draggable(m, 'to') : m).addTo(group);
    end.getElement()?.setAttribute('data-testid', 'route-end-marker');
  }

  function setRoute(state: RouteDrawingState) {
    lines.clearLayers();
    drawn = [];
    const { route } = state;
    if (!route || !state.from) return;
    const path = route.geometry.coordinates.map(([lng, lat]) => [lat, lng] as [number, number]);
    const options = { pane: ROUTE_PANE, interactive: false };
    const dashed = { ...options, color: LINE_COLOUR, weight: 3, opacity: 0.9, dashArray: '4 8' };
    const first = path[0];
    const last = path[path.length - 1];
    const endPoint = state.target ?? state.to;
    if (first) drawn.push(polyline([ll(state.from), first], dashed));
    if (last && endPoint) drawn.push(polyline([last, ll(endPoint)], dashed));
    drawn.push(polyline(path, { ...options, color: '#fff', weight: 10, opacity: 0.9, lineCap: 'round' }));
    const line = polyline(path, { ...options, color: LINE_COLOUR, weight: 6, opacity: 0.95, lineCap: 'round' });
    drawn.push(line);
    for (const l of drawn) l.addTo(lines);
    line.getElement()?.setAttribute('data-testid', 'route-line');
  }

  return {
    update(state) {
      setStart(state.from);
      if (state.target) setEnd({ lat: state.target.lat, lng: state.target.lng }, 'target', state.target.name);
      else setEnd(state.to, 'end', labels.end);
      setRoute(state);
    },
    bounds() {
      const b = latLngBounds([]);
      for (const l of drawn) b.extend(l.getBounds());
      for (const m of [start, end]) if (m) b.extend(m.getLatLng());
      return b.isValid() ? b : null;
    },
    remove() {
      group.remove();
      start = null;
      end = null;
      drawn = [];
    },
  };
}

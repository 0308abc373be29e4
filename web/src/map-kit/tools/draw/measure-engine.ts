import type { Language } from '@flood/domain';
import { formatArea, formatDistance, lineLengthMetres, polygonAreaSquareMetres } from '@flood/domain';
import {
  circleMarker,
  type LatLng,
  type Map as LeafletMap,
  layerGroup,
  type PathOptions,
  polygon,
  polyline,
  tooltip,
} from 'leaflet';

import { onControl, takeOverMap } from './map-modes';

export type MeasureKind = 'distance' | 'area';

/** What the panel shows of a measure. `total` is metres or square metres; null until there is enough to measure. */
export interface MeasureState {
  kind: MeasureKind;
  points: number;
  total: number | null;
  text: string;
  done: boolean;
}

export interface MeasureSession {
  /** Ends the measure and keeps it on the map, when it has enough points (2 for a length, 3 for an area). */
  finish: () => void;
  undo: () => void;
  /** Removes the measure from the map (and ends it if it is going on). */
  remove: () => void;
  isDone: () => boolean;
  /** The points clicked so far as [lon, lat] (the warnings' composer keeps a drawn area's corners). */
  lonLats: () => [number, number][];
}

const STYLE: PathOptions = { color: '#d4380d', weight: 3, fillColor: '#d4380d', fillOpacity: 0.15, interactive: false };
/** A click this close (pixels) to the last point, or to the first of an area, ends the measure. */
const CLOSE_PX = 10;
/** A press that moved further than this before its click was a pan, not a point. */
const PAN_PX = 5;

const lonLat = (points: readonly LatLng[]) => points.map((p) => [p.lng, p.lat]);

/** The measure of points by the domain's geodesic rules, and how it reads. */
export function measureOf(kind: MeasureKind, points: readonly LatLng[], lang: Language) {
  if (kind === 'distance') {
    if (points.length < 2) return { total: null, text: '–' };
    const total = lineLengthMetres(lonLat(points));
    return { total, text: formatDistance(total, lang) };
  }
  if (points.length < 3) return { total: null, text: '–' };
  const total = polygonAreaSquareMetres(lonLat(points));
  return { total, text: formatArea(total, lang) };
}

/**
 * Measures a length or an area by clicks (taps) on the map: each click adds a point; the running total follows
 * the mouse, on the line and in the panel. A double click, a click on the last point (or the first one of an
 * area) or `finish()` ends it; Escape cancels it. Clicks on stations add points rather than open them.
 */
export function startMeasure(
  map: LeafletMap,
  kind: MeasureKind,
  lang: Language,
  on: { change: (state: MeasureState) => void; end: (kept: boolean) => void },
): MeasureSession {
  const el = map.getContainer();
  const giveBack = takeOverMap(map, 'measuring');
  const group = layerGroup().addTo(map);
  const shape = (kind === 'distance' ? polyline([], STYLE) : polygon([], STYLE)).addTo(group);
  const rubber = polyline([], { ...STYLE, weight: 2, dashArray: '6 6' }).addTo(group);
  const vertices = layerGroup().addTo(group);
  const label = tooltip({ direction: 'right', offset: [10, 0], className: 'measure-label' });
  const points: LatLng[] = [];
  let cursor: LatLng | null = null;
  let done = false;
  let running = true;
  let pressedAt: { x: number; y: number } | null = null;

  const render = () => {
    const live = cursor && !done ? [...points, cursor] : points;
    const last = points[points.length - 1];
    rubber.setLatLngs(
      cursor && last && !done
        ? kind === 'area' && points.length > 1
          ? [last, cursor, points[0]!]
          : [last, cursor]
        : [],
    );
    const { total, text } = measureOf(kind, live, lang);
    if (total === null) label.remove();
    else {
      const at = done && kind === 'area' ? (shape as ReturnType<typeof polygon>).getCenter() : live[live.length - 1]!;
      label.setLatLng(at).setContent(text);
      if (!group.hasLayer(label)) group.addLayer(label);
    }
    on.change({ kind, points: points.length, total, text, done });
  };
  const setPoints = () => {
    shape.setLatLngs(points);
    vertices.clearLayers();
    for (const p of points) {
      vertices.addLayer(
        circleMarker(p, {
          ...STYLE,
          radius: 4,
          weight: 2,
          fillColor: '#fff',
          fillOpacity: 1,
          className: 'measure-vertex',
        }),
      );
    }
    render();
  };
  const near = (a: LatLng, b: LatLng | undefined) =>
    b !== undefined && map.latLngToContainerPoint(a).distanceTo(map.latLngToContainerPoint(b)) < CLOSE_PX;

  const down = (e: PointerEvent) => {
    pressedAt = { x: e.clientX, y: e.clientY };
  };
  const click = (e: MouseEvent) => {
    if (onControl(e)) return;
    e.stopPropagation();
    e.preventDefault();
    if (pressedAt && Math.hypot(e.clientX - pressedAt.x, e.clientY - pressedAt.y) > PAN_PX) return;
    const p = map.mouseEventToLatLng(e);
    const enough = points.length >= (kind === 'distance' ? 2 : 3);
    if (near(p, points[points.length - 1]) || (kind === 'area' && enough && near(p, points[0]))) {
      finish();
      return;
    }
    points.push(p);
    setPoints();
  };
  const dblclick = (e: MouseEvent) => {
    if (onControl(e)) return;
    e.stopPropagation();
    e.preventDefault();
    finish();
  };
  const move = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse') return;
    cursor = map.mouseEventToLatLng(e);
    render();
  };
  const leave = () => {
    cursor = null;
    render();
  };
  const key = (e: KeyboardEvent) => {
    if (e.key === 'Escape') remove();
  };

  el.addEventListener('pointerdown', down, true);
  el.addEventListener('click', click, true);
  el.addEventListener('dblclick', dblclick, true);
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerleave', leave);
  document.addEventListener('keydown', key);

  function stop() {
    if (!running) return;
    running = false;
    el.removeEventListener('pointerdown', down, true);
    el.removeEventListener('click', click, true);
    el.removeEventListener('dblclick', dblclick, true);
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerleave', leave);
    document.removeEventListener('keydown', key);
    giveBack(400);
  }
  function finish() {
    if (!running || points.length < (kind === 'distance' ? 2 : 3)) return;
    done = true;
    cursor = null;
    stop();
    render();
    on.end(true);
  }
  function remove() {
    const wasRunning = running;
    stop();
    group.remove();
    if (wasRunning) on.end(false);
  }

  render();
  return {
    finish,
    undo() {
      if (!running || points.length === 0) return;
      points.pop();
      setPoints();
    },
    remove,
    isDone: () => done,
    lonLats: () => points.map((p): [number, number] => [p.lng, p.lat]),
  };
}

import { haversineMetres } from '@flood/domain';
import {
  circle,
  divIcon,
  type LatLng,
  type LatLngTuple,
  type Map as LeafletMap,
  latLng,
  latLngBounds,
  layerGroup,
  type Marker,
  marker,
  type Path,
  type PathOptions,
  rectangle,
} from 'leaflet';
import { onControl, takeOverMap } from '../../../../map-kit/tools/draw/map-modes';
import type { DrawnShape } from './stations-in-shape';

const SHAPE_STYLE: PathOptions = {
  color: '#1677ff',
  weight: 2,
  fillColor: '#1677ff',
  fillOpacity: 0.12,
  className: 'draw-shape',
};
/** A press that moved less than this (pixels) draws nothing: a tap is not a shape. */
const MIN_DRAG_PX = 6;

const tuple = (p: LatLng): [number, number] => [p.lat, p.lng];
const metres = (a: LatLng, b: LatLng) => haversineMetres([a.lng, a.lat], [b.lng, b.lat]);

function shapeFrom(kind: DrawnShape['kind'], a: LatLng, b: LatLng): DrawnShape {
  if (kind === 'circle') return { kind, centre: tuple(a), radius: metres(a, b) };
  const box = latLngBounds(a, b);
  return { kind, south: box.getSouth(), west: box.getWest(), north: box.getNorth(), east: box.getEast() };
}

function layerOf(shape: DrawnShape): Path {
  return shape.kind === 'circle'
    ? circle(shape.centre, { ...SHAPE_STYLE, radius: shape.radius, interactive: false })
    : rectangle(
        [
          [shape.south, shape.west],
          [shape.north, shape.east],
        ],
        { ...SHAPE_STYLE, interactive: false },
      );
}

function updateLayer(layer: Path, shape: DrawnShape): void {
  if (shape.kind === 'circle') {
    const c = layer as ReturnType<typeof circle>;
    c.setLatLng(shape.centre);
    c.setRadius(shape.radius);
  } else {
    (layer as ReturnType<typeof rectangle>).setBounds([
      [shape.south, shape.west],
      [shape.north, shape.east],
    ]);
  }
}

/**
 * Lets the user draw one circle (from its centre) or rectangle (corner to corner) by pressing, dragging and
 * releasing on the map — mouse, pen or finger — while the map does not pan. Escape cancels. Returns a
 * function that stops drawing (without a shape).
 */
export function drawShape(
  map: LeafletMap,
  kind: DrawnShape['kind'],
  on: { done: (shape: DrawnShape) => void; cancel: () => void },
): () => void {
  const el = map.getContainer();
  const giveBack = takeOverMap(map, 'drawing');
  let start: LatLng | null = null;
  let pointer = -1;
  let preview: Path | null = null;

  const reset = () => {
    preview?.remove();
    preview = null;
    start = null;
    pointer = -1;
  };
  const down = (e: PointerEvent) => {
    if (start || onControl(e) || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    e.stopPropagation();
    pointer = e.pointerId;
    el.setPointerCapture?.(e.pointerId);
    start = map.mouseEventToLatLng(e);
    preview = layerOf(shapeFrom(kind, start, start)).addTo(map);
  };
  const move = (e: PointerEvent) => {
    if (!start || !preview || e.pointerId !== pointer) return;
    e.preventDefault();
    updateLayer(preview, shapeFrom(kind, start, map.mouseEventToLatLng(e)));
  };
  const up = (e: PointerEvent) => {
    if (!start || e.pointerId !== pointer) return;
    const end = map.mouseEventToLatLng(e);
    const moved = map.latLngToContainerPoint(start).distanceTo(map.latLngToContainerPoint(end));
    const shape = shapeFrom(kind, start, end);
    reset();
    if (moved < MIN_DRAG_PX) return;
    stop();
    on.done(shape);
  };
  // While drawing, a click on a station marker or a layer does not open it.
  const swallow = (e: Event) => {
    if (onControl(e)) return;
    e.stopPropagation();
    e.preventDefault();
  };
  const key = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    stop();
    on.cancel();
  };

  el.addEventListener('pointerdown', down, true);
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', reset);
  el.addEventListener('click', swallow, true);
  document.addEventListener('keydown', key);
  let stopped = false;
  function stop() {
    if (stopped) return;
    stopped = true;
    reset();
    el.removeEventListener('pointerdown', down, true);
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('pointercancel', reset);
    document.removeEventListener('keydown', key);
    // The click that ends the drag arrives after pointerup: swallow it, then let clicks through again.
    setTimeout(() => el.removeEventListener('click', swallow, true), 0);
    giveBack();
  }
  return stop;
}

export interface ShapeView {
  /** Shows or hides the handles that move and resize the shape. */
  setEditing: (on: boolean) => void;
  remove: () => void;
}

const handleIcon = (kind: 'move' | 'size') =>
  divIcon({
    className: `draw-handle draw-handle-${kind}`,
    html: '<span></span>',
    // A 40 px touch target around a small visible square.
    iconSize: [40, 40],
  });

/** Where the handles of a shape stand: a circle's centre and east edge; a rectangle's corners and centre. */
export function handlePositions(shape: DrawnShape): LatLngTuple[] {
  if (shape.kind === 'circle') {
    return [
      shape.centre,
      [
        shape.centre[0],
        latLng(shape.centre)
          .toBounds(shape.radius * 2)
          .getEast(),
      ],
    ];
  }
  const { south, west, north, east } = shape;
  return [
    [south, west],
    [south, east],
    [north, east],
    [north, west],
    [(south + north) / 2, (west + east) / 2],
  ];
}

/** The shape once handle `i` is dragged to `p`, from the shape when the drag began. */
export function dragged(from: DrawnShape, i: number, p: LatLng): DrawnShape {
  if (from.kind === 'circle') {
    return i === 0 ? { ...from, centre: tuple(p) } : { ...from, radius: metres(latLng(from.centre), p) };
  }
  const at = handlePositions(from);
  if (i === 4) {
    const dLat = p.lat - at[4]![0];
    const dLng = p.lng - at[4]![1];
    return {
      kind: 'rectangle',
      south: from.south + dLat,
      north: from.north + dLat,
      west: from.west + dLng,
      east: from.east + dLng,
    };
  }
  const box = latLngBounds([at[(i + 2) % 4]!, tuple(p)]);
  return { kind: 'rectangle', south: box.getSouth(), west: box.getWest(), north: box.getNorth(), east: box.getEast() };
}

/**
 * A drawn shape on the map, with handles to edit it: a circle's centre (moves it) and a point on its edge
 * (sets the radius); a rectangle's four corners (resize, the opposite corner stays) and its centre (moves it).
 * Every change is reported as it happens.
 */
export function showShape(map: LeafletMap, first: DrawnShape, onChange: (shape: DrawnShape) => void): ShapeView {
  let shape = first;
  const layer = layerOf(shape).addTo(map);
  const handles = layerGroup().addTo(map);
  let markers: Marker[] = [];

  const place = (except?: Marker) => {
    handlePositions(shape).forEach((at, i) => {
      if (markers[i] !== except) markers[i]?.setLatLng(at);
    });
  };
  const create = () => {
    const last = handlePositions(shape).length - 1;
    markers = handlePositions(shape).map((at, i) => {
      const move = shape.kind === 'circle' ? i === 0 : i === last;
      const m = marker(at, {
        icon: handleIcon(move ? 'move' : 'size'),
        draggable: true,
        keyboard: false,
        zIndexOffset: 1000,
      });
      let from = shape;
      m.on('dragstart', () => {
        from = shape;
      });
      m.on('drag', () => {
        shape = dragged(from, i, m.getLatLng());
        updateLayer(layer, shape);
        place(m);
        onChange(shape);
      });
      m.on('dragend', () => place());
      return m;
    });
  };

  return {
    setEditing(on) {
      handles.clearLayers();
      if (!on) return;
      create();
      for (const m of markers) handles.addLayer(m);
    },
    remove() {
      handles.remove();
      layer.remove();
    },
  };
}

import type { Map as LeafletMap } from 'leaflet';

/** The last tool that took each map over: a tool giving the map back late does not undo a newer one's hold. */
const holders = new WeakMap<LeafletMap, number>();

/**
 * Takes the map over for a tool's mode: no zoom on a double click or shift-drag, a crosshair cursor, and
 * while drawing no panning (the drag draws; touches too). The returned function gives the map back — after
 * `delayMs` if asked, so that the double click that ends a measure does not zoom the map.
 */
export function takeOverMap(map: LeafletMap, mode: 'drawing' | 'measuring'): (delayMs?: number) => void {
  const hold = (holders.get(map) ?? 0) + 1;
  holders.set(map, hold);
  const handlers = [map.doubleClickZoom, map.boxZoom, map.dragging];
  for (const h of mode === 'drawing' ? handlers : handlers.slice(0, 2)) h.disable();
  const el = map.getContainer();
  el.classList.add(`map-${mode}`);
  return (delayMs = 0) => {
    el.classList.remove(`map-${mode}`);
    const restore = () => {
      // The public map has every one of them on; a newer mode keeps its hold.
      if (holders.get(map) === hold) for (const h of handlers) h.enable();
    };
    if (delayMs > 0) setTimeout(restore, delayMs);
    else restore();
  };
}

/** Whether a DOM event happened on a Leaflet control (attribution link...), which the tools leave alone. */
export function onControl(e: Event): boolean {
  return e.target instanceof Element && e.target.closest('.leaflet-control') !== null;
}

import { type Canvas, canvas, circleMarker, map as leafletMap } from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubCanvas } from '../../test/canvas-stub';
import { dataCanvas } from './data-canvas';

const frames = () => new Promise((resolve) => setTimeout(resolve, 60));

let contexts: string[][];
let errors: unknown[];
const onError = (e: ErrorEvent) => {
  errors.push(e.error);
  e.preventDefault();
};
beforeEach(() => {
  errors = [];
  contexts = stubCanvas();
  window.addEventListener('error', onError);
});
afterEach(() => {
  window.removeEventListener('error', onError);
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

function newMap(renderer: Canvas) {
  const el = document.createElement('div');
  document.body.append(el);
  const m = leafletMap(el, { renderer, zoomAnimation: false, fadeAnimation: false }).setView([21.27, 107.26], 12);
  return m;
}

describe.each([
  ['the data canvas', dataCanvas, true],
  ['Leaflet 1.9’s own canvas (the faults this renderer fixes)', canvas, false],
])('%s', (_, make, fixed) => {
  it('a redraw asked for while the map removes it does not run on the gone context', async () => {
    const renderer = make();
    const m = newMap(renderer);
    const dot = circleMarker([21.27, 107.26], { renderer }).addTo(m);
    await frames(); // drawn: no redraw pending
    // A style change while the renderer leaves the map (its context is gone, its map not yet unset).
    renderer.on('remove', () => dot.setStyle({ color: '#c00' }));
    m.removeLayer(renderer);
    await frames();
    if (fixed) expect(errors).toEqual([]);
    else expect(String(errors[0])).toMatch(/clearRect/);
    m.remove();
  });

  it('removed with a redraw pending, it draws on the next map', async () => {
    const renderer = make();
    const first = newMap(renderer);
    const dot = circleMarker([21.27, 107.26], { renderer }).addTo(first);
    dot.setStyle({ color: '#c00' }); // a redraw pending
    first.remove();
    const second = newMap(renderer);
    circleMarker([21.27, 107.26], { renderer }).addTo(second);
    await frames();
    const drawn = contexts.at(-1) ?? [];
    if (fixed) expect(drawn).toContain('arc');
    else expect(drawn).not.toContain('arc');
    second.remove();
    await frames();
  });
});

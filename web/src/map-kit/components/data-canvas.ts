import { Canvas, type RendererOptions } from 'leaflet';

/**
 * Leaflet 1.9's canvas renderer with the two fixes of Leaflet 2 (PR #9608, issues #9542 and #6030) for a renderer that
 * outlives its map, as the flood map's does (one renderer for the component's lifetime; React may create the map
 * again):
 * - removed from a map with a redraw pending, it forgot the cancelled frame's id and never asked for a new one on
 *   the next map: the layers stayed undrawn;
 * - a redraw asked for while the map was removing it (a layer's style changed in its `remove` event) ran after its
 *   drawing context was gone: an uncaught TypeError on `clearRect`.
 */
type CanvasInternals = { _ctx?: CanvasRenderingContext2D | null; _redrawRequest: number | null };
const base = Canvas.prototype as unknown as { _destroyContainer(): void; _redraw(): void };

const DataCanvas = Canvas.extend({
  _destroyContainer(this: CanvasInternals) {
    base._destroyContainer.call(this);
    this._redrawRequest = null;
  },
  _redraw(this: CanvasInternals & { _redrawBounds: unknown }) {
    if (!this._ctx) {
      // Removed (or no 2D context at all): nothing to draw on; the next map asks again.
      this._redrawRequest = null;
      this._redrawBounds = null;
      return;
    }
    base._redraw.call(this);
  },
}) as unknown as new (
  options?: RendererOptions,
) => Canvas;

/** The canvas renderer of the map's data layers (see above). */
export function dataCanvas(options?: RendererOptions): Canvas {
  return new DataCanvas(options);
}

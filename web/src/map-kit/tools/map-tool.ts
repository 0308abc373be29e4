import type { Map as LeafletMap } from 'leaflet';
import type { OverlayKey } from '../model/layer-state';

/**
 * The map's modes that take over clicks on the map; one at a time (starting one ends the other).
 * 'photo': picking a flood photo's place on the map.
 */
export type ActiveTool = 'drawCircle' | 'drawRectangle' | 'measureDistance' | 'measureArea' | 'route' | 'photo' | null;

/** What every tool of the map gets from the page. */
export interface MapToolProps {
  /** The Leaflet map once it exists. Tools draw on it directly (their own layers), never through FloodMap. */
  map: LeafletMap | null;
  active: ActiveTool;
  setActive: (tool: ActiveTool) => void;
  /**
   * Bumped by 'Làm mới bản đồ': every tool removes what it drew (shapes, measures, routes, the located
   * position) and leaves its mode.
   */
  resetSignal: number;
  /** Switches an overlay of the layers menu on (a saved route shows in 'Đường sơ tán'). */
  showOverlay: (overlay: OverlayKey) => void;
}

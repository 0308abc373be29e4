import type { GeodataType } from '@flood/domain';
import { INITIAL_LAYER_STATE, type LayerState, type OverlayKey } from '../../../../map-kit/model/layer-state';
import { BASE_MAPS, type BaseMap } from '../../../../map-kit/model/map-constants';

/**
 * The two layer menus of the analysis flood map (back-office §2.13): flood events by time (the measured
 * flood extents, CURRENT_HIGH) and flood scenarios by time (SCRIPT_FLOOD).
 */
export const FLOOD_MENUS = ['events', 'scenarios'] as const;
export type FloodMenu = (typeof FLOOD_MENUS)[number];
export const FLOOD_MENU_TYPES: Record<FloodMenu, GeodataType> = { events: 'CURRENT_HIGH', scenarios: 'SCRIPT_FLOOD' };

export interface AnalysisLayerState {
  /** The one flood layer drawn: an item of one menu, at most one (choosing in one menu clears the other). */
  chosen: { menu: FloodMenu; itemId: number } | null;
  base: BaseMap;
  overlays: Record<OverlayKey, boolean>;
}

export type AnalysisLayerAction =
  | { type: 'choose'; menu: FloodMenu; itemId: number | null }
  | { type: 'base'; base: BaseMap }
  | { type: 'overlay'; overlay: OverlayKey; on: boolean }
  | { type: 'reset' };

export const INITIAL_ANALYSIS_LAYERS: AnalysisLayerState = {
  chosen: null,
  base: BASE_MAPS[0],
  overlays: { floodMarks: false, evacuationRoads: false, evacuationPoints: false },
};

/**
 * Choosing an item of one menu replaces whatever was chosen in either menu ("selecting a flood event clears
 * the scenario selection and vice versa"); emptying a menu clears the map only if that menu was the drawn one.
 */
export function analysisLayerReducer(state: AnalysisLayerState, action: AnalysisLayerAction): AnalysisLayerState {
  switch (action.type) {
    case 'choose':
      if (action.itemId === null) return state.chosen?.menu === action.menu ? { ...state, chosen: null } : state;
      return { ...state, chosen: { menu: action.menu, itemId: action.itemId } };
    case 'base':
      return { ...state, base: action.base };
    case 'overlay':
      return { ...state, overlays: { ...state.overlays, [action.overlay]: action.on } };
    case 'reset':
      return { ...state, chosen: null };
  }
}

/** The item chosen in a menu (null when the other menu, or none, is chosen). */
export const chosenIn = (state: AnalysisLayerState, menu: FloodMenu): number | null =>
  state.chosen?.menu === menu ? state.chosen.itemId : null;

/**
 * The public map's layer state that makes its FloodMap draw the chosen file with the water bands (its
 * 'flood' slot) and this map's overlays, with no station markers.
 */
export function toMapLayers(state: AnalysisLayerState): LayerState {
  return {
    ...INITIAL_LAYER_STATE,
    option: 'flood',
    times: { ...INITIAL_LAYER_STATE.times, flood: state.chosen?.itemId ?? null },
    followReadings: false,
    overlays: state.overlays,
  };
}

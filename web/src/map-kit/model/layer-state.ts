import type { GeodataType, StationKind } from '@flood/domain';

/** The two live layers of station readings (toggle buttons of the layers menu). */
export const REAL_OPTIONS = ['realRain', 'realWater'] as const;
export type RealOption = (typeof REAL_OPTIONS)[number];
/** The three GeoJSON layers chosen by a time. */
export const TIMED_OPTIONS = ['satelliteRain', 'forecastRain', 'flood'] as const;
export type TimedOption = (typeof TIMED_OPTIONS)[number];
/** The map layer option of spec §4; real rain first. */
export type LayerOption = RealOption | TimedOption;

/** The geodata type each timed layer lists its times from. */
export const TIMED_TYPES: Record<TimedOption, GeodataType> = {
  satelliteRain: 'CURRENT_RAIN',
  forecastRain: 'FORECAST_RAIN',
  flood: 'CURRENT_HIGH',
};
/** Rain layers are coloured by the rain bands (mm/h), the flood by the water bands (m). */
export const TIMED_SCALE: Record<TimedOption, StationKind> = {
  satelliteRain: 'rain',
  forecastRain: 'rain',
  flood: 'water',
};
/** The station kind each live layer shows. */
export const REAL_KIND: Record<RealOption, StationKind> = { realRain: 'rain', realWater: 'water' };

/** Overlay switches of the map (GLOSSARY): flood marks, evacuation roads, evacuation points. */
export const OVERLAYS = ['floodMarks', 'evacuationRoads', 'evacuationPoints'] as const;
export type OverlayKey = (typeof OVERLAYS)[number];

export interface LayerState {
  option: LayerOption;
  /** The live layer to return to when the chosen time is cleared. */
  lastReal: RealOption;
  /** The chosen item of each timed layer; at most one is set. */
  times: Record<TimedOption, number | null>;
  /** Station readings are shown and kept live (stream + 60 s polling) only with a live layer. */
  followReadings: boolean;
  overlays: Record<OverlayKey, boolean>;
}

export type LayerAction =
  | { type: 'chooseReal'; option: RealOption }
  | { type: 'chooseTime'; layer: TimedOption; itemId: number }
  | { type: 'clearTime'; layer: TimedOption }
  | { type: 'toggleOverlay'; overlay: OverlayKey; on: boolean };

const NO_TIMES: LayerState['times'] = { satelliteRain: null, forecastRain: null, flood: null };

export const INITIAL_LAYER_STATE: LayerState = {
  option: 'realRain',
  lastReal: 'realRain',
  times: NO_TIMES,
  followReadings: true,
  overlays: { floodMarks: false, evacuationRoads: false, evacuationPoints: false },
};

/**
 * The transitions of spec §4. A live layer clears the GeoJSON and every time, hides the evacuation layers
 * and follows the readings; a time clears the other two, stops following the readings and draws that
 * GeoJSON — with the evacuation points and roads for the flood, without them for rain. Clearing the chosen
 * time goes back to the last live layer.
 */
export function layerReducer(state: LayerState, action: LayerAction): LayerState {
  switch (action.type) {
    case 'chooseReal':
      return {
        ...state,
        option: action.option,
        lastReal: action.option,
        times: NO_TIMES,
        followReadings: true,
        overlays: { ...state.overlays, evacuationRoads: false, evacuationPoints: false },
      };
    case 'chooseTime': {
      const flood = action.layer === 'flood';
      return {
        ...state,
        option: action.layer,
        times: { ...NO_TIMES, [action.layer]: action.itemId },
        followReadings: false,
        overlays: { ...state.overlays, evacuationRoads: flood, evacuationPoints: flood },
      };
    }
    case 'clearTime':
      if (state.times[action.layer] === null) return state;
      return layerReducer(state, { type: 'chooseReal', option: state.lastReal });
    case 'toggleOverlay':
      if (state.overlays[action.overlay] === action.on) return state;
      return { ...state, overlays: { ...state.overlays, [action.overlay]: action.on } };
  }
}

/** The GeoJSON to draw: the chosen time of the current layer, if any. */
export function chosenItem(state: LayerState): { layer: TimedOption; itemId: number } | null {
  if (state.option === 'realRain' || state.option === 'realWater') return null;
  const itemId = state.times[state.option];
  return itemId === null ? null : { layer: state.option, itemId };
}

/** The station kind whose markers show: only while a live layer follows the readings. */
export function shownStationKind(state: LayerState): StationKind | null {
  if (!state.followReadings) return null;
  return state.option === 'realWater' ? 'water' : state.option === 'realRain' ? 'rain' : null;
}

/**
 * The station kind whose markers the map draws: the live layer's, or while a time is shown the last live
 * layer's (not followed then), so a resident still finds the stations over a flood or rain layer.
 */
export function markerStationKind(state: LayerState): StationKind {
  return REAL_KIND[state.lastReal];
}

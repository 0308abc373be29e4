import { describe, expect, it } from 'vitest';
import { chosenItem, shownStationKind } from '../../../../map-kit/model/layer-state';
import {
  type AnalysisLayerAction,
  analysisLayerReducer,
  chosenIn,
  INITIAL_ANALYSIS_LAYERS,
  toMapLayers,
} from './analysis-layer-state';

const run = (...actions: AnalysisLayerAction[]) => actions.reduce(analysisLayerReducer, INITIAL_ANALYSIS_LAYERS);

describe('analysis map layers', () => {
  it('a flood event clears the scenario and vice versa', () => {
    const event = run({ type: 'choose', menu: 'scenarios', itemId: 4 }, { type: 'choose', menu: 'events', itemId: 7 });
    expect(chosenIn(event, 'events')).toBe(7);
    expect(chosenIn(event, 'scenarios')).toBeNull();
    const scenario = analysisLayerReducer(event, { type: 'choose', menu: 'scenarios', itemId: 9 });
    expect(chosenIn(scenario, 'scenarios')).toBe(9);
    expect(chosenIn(scenario, 'events')).toBeNull();
  });

  it('emptying a menu clears the map only when that menu is drawn', () => {
    const event = run({ type: 'choose', menu: 'events', itemId: 7 });
    expect(analysisLayerReducer(event, { type: 'choose', menu: 'scenarios', itemId: null })).toBe(event);
    expect(analysisLayerReducer(event, { type: 'choose', menu: 'events', itemId: null }).chosen).toBeNull();
  });

  it('keeps base map and overlays through layer changes', () => {
    const state = run(
      { type: 'base', base: 'satellite' },
      { type: 'overlay', overlay: 'floodMarks', on: true },
      { type: 'choose', menu: 'events', itemId: 7 },
      { type: 'choose', menu: 'scenarios', itemId: 9 },
    );
    expect(state.base).toBe('satellite');
    expect(state.overlays).toEqual({ floodMarks: true, evacuationRoads: false, evacuationPoints: false });
  });

  it("draws the chosen item through the public map's flood slot, without station markers", () => {
    const mapLayers = toMapLayers(run({ type: 'choose', menu: 'scenarios', itemId: 9 }));
    expect(chosenItem(mapLayers)).toEqual({ layer: 'flood', itemId: 9 });
    expect(shownStationKind(mapLayers)).toBeNull();
    expect(chosenItem(toMapLayers(INITIAL_ANALYSIS_LAYERS))).toBeNull();
    expect(shownStationKind(toMapLayers(INITIAL_ANALYSIS_LAYERS))).toBeNull();
  });
});

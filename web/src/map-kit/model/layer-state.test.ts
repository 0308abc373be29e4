import { describe, expect, it } from 'vitest';
import {
  chosenItem,
  INITIAL_LAYER_STATE,
  type LayerAction,
  type LayerState,
  layerReducer,
  markerStationKind,
  shownStationKind,
} from './layer-state';

const run = (...actions: LayerAction[]): LayerState => actions.reduce(layerReducer, INITIAL_LAYER_STATE);

describe('map layer option (spec §4)', () => {
  it('starts with the measured rain, following the readings, nothing drawn and the overlays off', () => {
    expect(INITIAL_LAYER_STATE).toMatchObject({
      option: 'realRain',
      followReadings: true,
      times: { satelliteRain: null, forecastRain: null, flood: null },
      overlays: { floodMarks: false, evacuationRoads: false, evacuationPoints: false },
    });
    expect(shownStationKind(INITIAL_LAYER_STATE)).toBe('rain');
    expect(chosenItem(INITIAL_LAYER_STATE)).toBeNull();
  });

  it('a flood time draws that layer, stops following the readings and shows the evacuation points and roads', () => {
    const s = run({ type: 'chooseTime', layer: 'flood', itemId: 12 });
    expect(s.option).toBe('flood');
    expect(s.times).toEqual({ satelliteRain: null, forecastRain: null, flood: 12 });
    expect(s.followReadings).toBe(false);
    expect(s.overlays).toMatchObject({ evacuationRoads: true, evacuationPoints: true });
    expect(chosenItem(s)).toEqual({ layer: 'flood', itemId: 12 });
    expect(shownStationKind(s)).toBeNull();
  });

  it('keeps the markers of the last live layer while a time is shown (issue #18: residents look for them)', () => {
    expect(markerStationKind(run({ type: 'chooseTime', layer: 'flood', itemId: 12 }))).toBe('rain');
    const water = run({ type: 'chooseReal', option: 'realWater' }, { type: 'chooseTime', layer: 'flood', itemId: 12 });
    expect(markerStationKind(water)).toBe('water');
    expect(markerStationKind(run({ type: 'chooseReal', option: 'realWater' }))).toBe('water');
    expect(markerStationKind(run({ type: 'clearTime', layer: 'flood' }))).toBe('rain');
  });

  it('a rain time clears the other two times and hides the evacuation layers again', () => {
    const s = run(
      { type: 'chooseTime', layer: 'flood', itemId: 12 },
      { type: 'chooseTime', layer: 'forecastRain', itemId: 30 },
    );
    expect(s.option).toBe('forecastRain');
    expect(s.times).toEqual({ satelliteRain: null, forecastRain: 30, flood: null });
    expect(s.overlays).toMatchObject({ evacuationRoads: false, evacuationPoints: false });
    expect(chosenItem(s)).toEqual({ layer: 'forecastRain', itemId: 30 });
    const t = layerReducer(s, { type: 'chooseTime', layer: 'satelliteRain', itemId: 7 });
    expect(t.times).toEqual({ satelliteRain: 7, forecastRain: null, flood: null });
  });

  it('measured rain or water clears the drawn layer and every time, hides evacuation, follows the readings', () => {
    const flooded = run(
      { type: 'toggleOverlay', overlay: 'floodMarks', on: true },
      { type: 'chooseTime', layer: 'flood', itemId: 12 },
    );
    for (const option of ['realRain', 'realWater'] as const) {
      const s = layerReducer(flooded, { type: 'chooseReal', option });
      expect(s.option).toBe(option);
      expect(s.times).toEqual({ satelliteRain: null, forecastRain: null, flood: null });
      expect(s.followReadings).toBe(true);
      expect(chosenItem(s)).toBeNull();
      // The user's own overlay stays; the ones the flood brought go.
      expect(s.overlays).toEqual({ floodMarks: true, evacuationRoads: false, evacuationPoints: false });
      expect(shownStationKind(s)).toBe(option === 'realRain' ? 'rain' : 'water');
    }
  });

  it('clearing the chosen time goes back to the last live layer; clearing another one changes nothing', () => {
    const s = run(
      { type: 'chooseReal', option: 'realWater' },
      { type: 'chooseTime', layer: 'satelliteRain', itemId: 3 },
    );
    expect(layerReducer(s, { type: 'clearTime', layer: 'flood' })).toBe(s);
    const back = layerReducer(s, { type: 'clearTime', layer: 'satelliteRain' });
    expect(back.option).toBe('realWater');
    expect(back.followReadings).toBe(true);
    expect(chosenItem(back)).toBeNull();
  });

  it('overlays switch on and off by themselves', () => {
    const on = run({ type: 'toggleOverlay', overlay: 'evacuationPoints', on: true });
    expect(on.overlays.evacuationPoints).toBe(true);
    expect(on.option).toBe('realRain');
    expect(layerReducer(on, { type: 'toggleOverlay', overlay: 'evacuationPoints', on: true })).toBe(on);
    expect(
      layerReducer(on, { type: 'toggleOverlay', overlay: 'evacuationPoints', on: false }).overlays.evacuationPoints,
    ).toBe(false);
  });
});

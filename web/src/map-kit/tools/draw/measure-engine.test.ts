import { latLng } from 'leaflet';
import { describe, expect, it } from 'vitest';
import { measureOf } from './measure-engine';

describe('measureOf', () => {
  it('measures nothing before two points (a length) or three (an area)', () => {
    expect(measureOf('distance', [latLng(21, 107)], 'vi')).toEqual({ total: null, text: '–' });
    expect(measureOf('area', [latLng(21, 107), latLng(21.1, 107)], 'vi')).toEqual({ total: null, text: '–' });
  });

  it('a length along 1° of latitude is about 111.2 km', () => {
    const m = measureOf('distance', [latLng(21, 107.27), latLng(21.5, 107.27), latLng(22, 107.27)], 'vi');
    expect(m.total! / 1000).toBeCloseTo(111.19, 1);
    expect(m.text).toBe('111,2 km');
  });

  it('short lengths in metres, with a decimal point in English', () => {
    expect(measureOf('distance', [latLng(21, 107), latLng(21.005, 107)], 'vi').text).toBe('556 m');
    expect(measureOf('distance', [latLng(21, 107), latLng(21.02, 107)], 'en').text).toBe('2.22 km');
  });

  it('an area: 0.01° × 0.01° near Ba Chẽ is about 115 ha', () => {
    const m = measureOf(
      'area',
      [latLng(21.27, 107.26), latLng(21.27, 107.27), latLng(21.28, 107.27), latLng(21.28, 107.26)],
      'vi',
    );
    expect(m.total! / 1e6).toBeCloseTo(1.1525, 3);
    expect(m.text).toBe('1,15 km²');
  });
});

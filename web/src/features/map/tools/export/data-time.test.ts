import type { GeodataItem, StationReading } from '@flood/domain';
import { describe, expect, it } from 'vitest';
import { INITIAL_LAYER_STATE, layerReducer } from '../../../../map-kit/model/layer-state';
import { mapDataTime } from './data-time';
import { exportFileName } from './export-file-name';

const reading = (stationCode: string, observedAt: string | null) =>
  ({ stationCode, observedAt }) as unknown as StationReading;
const item = (id: number, time: string | null) => ({ id, time }) as unknown as GeodataItem;

describe('mapDataTime', () => {
  it('is the newest reading of the shown stations for a live layer', () => {
    const readings = [
      reading('F00001', '2026-11-23T00:30:00.000Z'),
      reading('F00002', null),
      reading('F00003', '2026-11-23T01:10:00.000Z'),
      reading('F00004', '2026-11-22T20:00:00.000Z'),
    ];
    expect(mapDataTime(INITIAL_LAYER_STATE, readings, undefined)?.toISOString()).toBe('2026-11-23T01:10:00.000Z');
    expect(mapDataTime(INITIAL_LAYER_STATE, [reading('F00002', null)], undefined)).toBeNull();
    expect(mapDataTime(INITIAL_LAYER_STATE, undefined, undefined)).toBeNull();
  });

  it("is the chosen item's time for a timed layer, whatever the readings say", () => {
    const flood = layerReducer(INITIAL_LAYER_STATE, { type: 'chooseTime', layer: 'flood', itemId: 7 });
    const items = [item(8, '2024-06-15T04:00:00.000Z'), item(7, '2024-06-15T03:00:00.000Z')];
    const readings = [reading('F00001', '2026-11-23T00:30:00.000Z')];
    expect(mapDataTime(flood, readings, items)?.toISOString()).toBe('2024-06-15T03:00:00.000Z');
    // Still loading, or an item without a time: unknown.
    expect(mapDataTime(flood, readings, undefined)).toBeNull();
    expect(mapDataTime(flood, readings, [item(7, null)])).toBeNull();
  });
});

describe('exportFileName', () => {
  it('names the file by the moment on the district clock', () => {
    const at = new Date('2024-06-15T17:05:00.000Z');
    expect(exportFileName(at, 'Asia/Ho_Chi_Minh', 'png')).toBe('canh-bao-lu-20240616-0005.png');
    expect(exportFileName(at, 'Asia/Ho_Chi_Minh', 'pdf')).toBe('canh-bao-lu-20240616-0005.pdf');
  });
});

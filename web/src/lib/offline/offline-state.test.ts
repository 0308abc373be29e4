import { afterEach, describe, expect, it } from 'vitest';
import {
  CACHED_AT_HEADER,
  cachedAtText,
  getOfflineState,
  noteAnswer,
  noteUpdateReady,
  resetOfflineState,
} from './offline-state';

const answer = (cachedAt?: string) => new Response('[]', { headers: cachedAt ? { [CACHED_AT_HEADER]: cachedAt } : {} });

describe('the portal offline: what the pages say (#25, point 2)', () => {
  afterEach(() => resetOfflineState());

  it("counts the service worker's copies of the readings and warnings, the oldest first, until they come fresh", () => {
    noteAnswer('/water?type=CURRENT_HIGH', answer('2026-11-26T17:26:00.000Z'));
    noteAnswer('/alerts/active', answer('2026-11-26T17:20:00.000Z'));
    expect(getOfflineState().cachedAt).toBe(Date.parse('2026-11-26T17:20:00.000Z'));
    noteAnswer('/alerts/active', answer());
    expect(getOfflineState().cachedAt).toBe(Date.parse('2026-11-26T17:26:00.000Z'));
    noteAnswer('/water?type=CURRENT_HIGH', answer());
    expect(getOfflineState().cachedAt).toBeNull();
  });

  it('ignores the copies of reads that change rarely (layers, lists) and answers without a time', () => {
    noteAnswer('/geojson?type=REGION&pageSize=1', answer('2026-11-26T17:26:00.000Z'));
    noteAnswer('/app-info', answer('2026-11-26T17:26:00.000Z'));
    noteAnswer('/warnings/active', answer('not a time'));
    expect(getOfflineState().cachedAt).toBeNull();
  });

  it('says a new version took over', () => {
    expect(getOfflineState().updateReady).toBe(false);
    noteUpdateReady();
    expect(getOfflineState().updateReady).toBe(true);
  });

  it("writes the copy's time as HH:mm DD/MM on the district's clock", () => {
    expect(cachedAtText(Date.parse('2026-11-26T17:26:00Z'))).toBe('00:26 27/11');
    expect(cachedAtText(Date.parse('2026-01-05T01:02:00Z'))).toBe('08:02 05/01');
  });
});

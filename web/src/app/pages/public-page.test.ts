import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { latestReadingsQuery } from '../../map-kit/hooks/use-map-data';
import { jsonResponse, mockFetch, testReading } from '../../test/fixtures';
import { PREFETCH_WAIT_MS, preloadPublicPage } from './public-page';

const reading = (stationCode: string, kind: 'rain' | 'water') => testReading({ stationCode, kind });

const answerReadings = () =>
  mockFetch((path) => {
    const type = new URL(path, 'http://x').searchParams.get('type');
    if (type === 'CURRENT_RAIN') return jsonResponse(200, [reading('F00101', 'rain')]);
    if (type === 'CURRENT_HIGH') return jsonResponse(200, [reading('F01024', 'water')]);
    return jsonResponse(404, { code: 'NOT_FOUND', message: path });
  });

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('preloadPublicPage: the data a page needs before its first render (#25 point 3)', () => {
  it("puts the dashboard's readings in the cache under the keys its hooks read", async () => {
    const fetch = answerReadings();
    const client = new QueryClient();
    await preloadPublicPage('/dashboard', client);
    expect(fetch.mock.calls.map(([url]) => String(url)).sort()).toEqual([
      '/api/water?type=CURRENT_HIGH',
      '/api/water?type=CURRENT_RAIN',
    ]);
    expect(client.getQueryData(latestReadingsQuery('rain', undefined).queryKey)).toEqual([reading('F00101', 'rain')]);
    expect(client.getQueryData(latestReadingsQuery('water', undefined).queryKey)).toEqual([reading('F01024', 'water')]);
  });

  it("on a unit's page, that unit's readings (its hooks' keys)", async () => {
    window.history.replaceState(null, '', '/xa/06973/dashboard');
    const fetch = answerReadings();
    const client = new QueryClient();
    await preloadPublicPage('/dashboard', client);
    expect(fetch.mock.calls.map(([url]) => String(url)).sort()).toEqual([
      '/api/water?type=CURRENT_HIGH&unit=06973',
      '/api/water?type=CURRENT_RAIN&unit=06973',
    ]);
    expect(client.getQueryData(latestReadingsQuery('rain', '06973').queryKey)).toHaveLength(1);
    expect(client.getQueryData(latestReadingsQuery('rain', undefined).queryKey)).toBeUndefined();
  });

  it('waits no longer than its limit for a network that does not answer, and never fails', async () => {
    mockFetch(() => new Promise<Response>(() => {}));
    const client = new QueryClient();
    // The page's module first (real timers: its import), then the wait for its data under fake ones.
    await preloadPublicPage('/news', client);
    vi.useFakeTimers();
    let done = false;
    const waiting = preloadPublicPage('/dashboard', client).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(PREFETCH_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
    expect(client.getQueryData(latestReadingsQuery('rain', undefined).queryKey)).toBeUndefined();
  });

  it('a failed read does not fail the start', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(preloadPublicPage('/dashboard', new QueryClient())).resolves.toBeUndefined();
  });

  it('a page that asks for nothing fetches nothing', async () => {
    const fetch = answerReadings();
    await preloadPublicPage('/news', new QueryClient());
    expect(fetch).not.toHaveBeenCalled();
  });
});

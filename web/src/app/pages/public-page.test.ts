import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeAlertsQuery } from '../../features/alerts';
import { appInfoQuery } from '../../features/app-info';
import { activeWarningsQuery } from '../../features/warnings';
import { latestReadingsQuery } from '../../map-kit/hooks/use-map-data';
import { jsonResponse, mockFetch, testAlert, testReading } from '../../test/fixtures';
import { PREFETCH_WAIT_MS, preloadPublicPage } from './public-page';

const reading = (stationCode: string, kind: 'rain' | 'water') => testReading({ stationCode, kind });
const tile = { url: 'https://tile.example.vn/{z}/{x}/{y}.png', attribution: '' };
const APP_INFO = {
  demo: false,
  timeZone: 'Asia/Ho_Chi_Minh',
  version: '0.1.0',
  mapTiles: { national: tile, satellite: tile, street: tile },
};

/** The shell's reads and the dashboard's readings; anything else is not found. */
const answerReads = () =>
  mockFetch((path) => {
    const url = new URL(path, 'http://x');
    if (url.pathname === '/api/alerts/active') return jsonResponse(200, [testAlert(4, 2)]);
    if (url.pathname === '/api/warnings/active') return jsonResponse(200, []);
    if (url.pathname === '/api/app-info') return jsonResponse(200, APP_INFO);
    const type = url.searchParams.get('type');
    if (type === 'CURRENT_RAIN') return jsonResponse(200, [reading('F00101', 'rain')]);
    if (type === 'CURRENT_HIGH') return jsonResponse(200, [reading('F01024', 'water')]);
    return jsonResponse(404, { code: 'NOT_FOUND', message: path, requestId: '' });
  });
const urls = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.map(([url]) => String(url));

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe("preloadPublicPage: the shell's and the page's first reads before the first render (#25 point 3)", () => {
  it("puts the shell's reads and the dashboard's readings in the cache under the keys their hooks read", async () => {
    const fetch = answerReads();
    const client = new QueryClient();
    await preloadPublicPage('/dashboard', client);
    // The shell's first, then the page's, each started in a task of its own.
    expect(urls(fetch)).toEqual([
      '/api/alerts/active',
      '/api/warnings/active',
      '/api/app-info',
      '/api/water?type=CURRENT_RAIN',
      '/api/water?type=CURRENT_HIGH',
    ]);
    expect(client.getQueryData(latestReadingsQuery('rain', undefined).queryKey)).toEqual([reading('F00101', 'rain')]);
    expect(client.getQueryData(latestReadingsQuery('water', undefined).queryKey)).toEqual([reading('F01024', 'water')]);
    expect(client.getQueryData(activeAlertsQuery(undefined).queryKey)).toEqual([testAlert(4, 2)]);
    expect(client.getQueryData(activeWarningsQuery(undefined).queryKey)).toEqual([]);
    expect(client.getQueryData(appInfoQuery.queryKey)).toMatchObject({ demo: false });
  });

  it("on a unit's page, that unit's reads (its hooks' keys)", async () => {
    window.history.replaceState(null, '', '/xa/06973/dashboard');
    const fetch = answerReads();
    const client = new QueryClient();
    await preloadPublicPage('/dashboard', client);
    expect(urls(fetch)).toEqual([
      '/api/alerts/active?unit=06973',
      '/api/warnings/active?unit=06973',
      '/api/app-info',
      '/api/water?type=CURRENT_RAIN&unit=06973',
      '/api/water?type=CURRENT_HIGH&unit=06973',
    ]);
    expect(client.getQueryData(latestReadingsQuery('rain', '06973').queryKey)).toHaveLength(1);
    expect(client.getQueryData(activeAlertsQuery('06973').queryKey)).toHaveLength(1);
    expect(client.getQueryData(latestReadingsQuery('rain', undefined).queryKey)).toBeUndefined();
    expect(client.getQueryData(activeAlertsQuery(undefined).queryKey)).toBeUndefined();
  });

  it("the news page's two lists and the map's reads, as their pages ask for them", async () => {
    const news = answerReads();
    await preloadPublicPage('/news', new QueryClient());
    expect(urls(news).slice(3)).toEqual([
      '/api/news?page=1&pageSize=6&type=WARNING',
      '/api/news?page=1&pageSize=6&type=NORMAL',
    ]);
    const map = answerReads();
    const client = new QueryClient();
    await preloadPublicPage('/maps-mobile', client);
    expect(urls(map).slice(3)).toEqual([
      '/api/data-layer?pageSize=100',
      '/api/water?type=CURRENT_RAIN',
      '/api/station?page=1&pageSize=100',
      '/api/geojson?type=REGION&pageSize=1',
      '/api/geojson?type=COMMUNE_LABEL&pageSize=1',
      '/api/geojson?type=COMMUNE_OFFICE&pageSize=1',
      '/api/flood?pageSize=500',
    ]);
    expect(client.getQueryData(latestReadingsQuery('rain', undefined).queryKey)).toHaveLength(1);
  });

  it('waits no longer than its limit for a network that does not answer, and never fails', async () => {
    mockFetch(() => new Promise<Response>(() => {}));
    const client = new QueryClient();
    // The page's module first (real timers: its import), then the wait for its data under fake ones.
    await preloadPublicPage('/about', client);
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

  it("a page without reads of its own fetches the shell's only", async () => {
    const fetch = answerReads();
    await preloadPublicPage('/about', new QueryClient());
    expect(urls(fetch)).toEqual(['/api/alerts/active', '/api/warnings/active', '/api/app-info']);
  });
});

import { describe, expect, it } from 'vitest';
import { createOsrmRouter } from './osrm.client';

/** A fake `fetch` answering like an OSRM server, recording the URLs asked. */
function fakeFetch(answer: (url: URL) => { status?: number; body: unknown }) {
  const urls: URL[] = [];
  const fn = (async (input: string | URL) => {
    const url = new URL(String(input));
    urls.push(url);
    const { status = 200, body } = answer(url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fn, urls };
}

const from = { lat: 21.27, lng: 107.26 };
const to = { lat: 21.3, lng: 107.3 };
const router = (f: typeof fetch) =>
  createOsrmRouter({ baseUrl: 'http://osrm.local/', profile: 'driving', timeoutMs: 1000, fetch: f });

describe('OSRM router', () => {
  it('asks /route/v1 with GeoJSON geometry and reads the route and the snapping distances', async () => {
    const f = fakeFetch(() => ({
      body: {
        code: 'Ok',
        routes: [
          {
            distance: 5230.4,
            geometry: {
              type: 'LineString',
              coordinates: [
                [107.26, 21.27],
                [107.3, 21.3],
              ],
            },
          },
        ],
        waypoints: [{ distance: 12.5 }, { distance: 3 }],
      },
    }));
    expect(await router(f.fn).route(from, to)).toEqual({
      coordinates: [
        [107.26, 21.27],
        [107.3, 21.3],
      ],
      lengthM: 5230.4,
      startGapM: 12.5,
      endGapM: 3,
    });
    expect(f.urls[0]!.pathname).toBe('/route/v1/driving/107.260000,21.270000;107.300000,21.300000');
    expect(f.urls[0]!.searchParams.get('geometries')).toBe('geojson');
    expect(f.urls[0]!.searchParams.get('overview')).toBe('full');
  });

  it('answers null for NoRoute and throws when the service fails', async () => {
    expect(await router(fakeFetch(() => ({ status: 400, body: { code: 'NoRoute' } })).fn).route(from, to)).toBeNull();
    await expect(router(fakeFetch(() => ({ status: 502, body: {} })).fn).route(from, to)).rejects.toThrow('502');
    await expect(
      router(fakeFetch(() => ({ status: 400, body: { code: 'InvalidQuery', message: 'bad' } })).fn).route(from, to),
    ).rejects.toThrow('InvalidQuery');
  });

  it('reads road distances from one point to many with /table/v1', async () => {
    const f = fakeFetch(() => ({ body: { code: 'Ok', distances: [[0, 1200, null, 800]] } }));
    expect(await router(f.fn).distances(from, [to, to, to])).toEqual([1200, null, 800]);
    expect(f.urls[0]!.pathname.startsWith('/table/v1/driving/107.260000,21.270000;')).toBe(true);
    expect(f.urls[0]!.searchParams.get('sources')).toBe('0');
    expect(f.urls[0]!.searchParams.get('annotations')).toBe('distance');
    expect(await router(f.fn).distances(from, [])).toEqual([]);
  });
});

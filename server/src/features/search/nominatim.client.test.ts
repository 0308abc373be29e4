import type { Place } from '@flood/domain';
import { describe, expect, it } from 'vitest';
import { createNominatimGeocoder } from './nominatim.client';
import { mergePlaces } from './search.service';

function fakeFetch(status: number, body: unknown) {
  const calls: { url: URL; headers: Record<string, string> }[] = [];
  const fn = (async (input: string | URL, init?: RequestInit) => {
    calls.push({ url: new URL(String(input)), headers: init?.headers as Record<string, string> });
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
  return { fn, calls };
}

const geocoder = (f: typeof fetch, baseUrl = 'https://geo.local/search') =>
  createNominatimGeocoder({ baseUrl, timeoutMs: 1000, userAgent: 'flood-portal/test', fetch: f });

describe('Nominatim geocoder', () => {
  it('asks /search in Vietnamese within the district box and maps the places', async () => {
    const f = fakeFetch(200, [
      {
        display_name: 'Cầu Ba Chẽ, Quảng Ninh',
        lat: '21.27',
        lon: '107.29',
        boundingbox: ['21.26', '21.28', '107.28', '107.30'],
      },
      { display_name: '', lat: '1', lon: '2' },
      { display_name: 'Không toạ độ' },
    ]);
    expect(await geocoder(f.fn).search('cầu ba chẽ', 5, [106.9, 21.1, 107.4, 21.4])).toEqual([
      { kind: 'place', name: 'Cầu Ba Chẽ, Quảng Ninh', lat: 21.27, lng: 107.29, bbox: [107.28, 21.26, 107.3, 21.28] },
    ]);
    const { url, headers } = f.calls[0]!;
    expect(url.pathname).toBe('/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'cầu ba chẽ',
      format: 'jsonv2',
      limit: '5',
      'accept-language': 'vi',
      viewbox: '106.9,21.1,107.4,21.4',
      bounded: '1',
    });
    expect(headers['user-agent']).toBe('flood-portal/test');
  });

  it('throws when the service fails', async () => {
    await expect(geocoder(fakeFetch(503, {}).fn, 'https://geo.local').search('x', 1, null)).rejects.toThrow('503');
    await expect(geocoder(fakeFetch(200, { error: 'x' }).fn).search('x', 1, null)).rejects.toThrow();
  });

  it('comes after the local results, without repeating a place', () => {
    const local: Place[] = [{ kind: 'commune', name: 'Xã Đồn Đạc', lat: 21.3, lng: 107.3 }];
    const external: Place[] = [
      { kind: 'place', name: 'xa don dac', lat: 21.3005, lng: 107.3005 },
      { kind: 'place', name: 'Chợ Đồn Đạc', lat: 21.31, lng: 107.31 },
      { kind: 'place', name: 'Khác', lat: 21.31, lng: 107.31 },
    ];
    expect(mergePlaces(local, external, 2).map((p) => p.name)).toEqual(['Xã Đồn Đạc', 'Chợ Đồn Đạc']);
  });
});

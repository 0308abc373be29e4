import type { BBox, Place } from '@flood/domain';

/** An external place search (GEOCODER_URL); off by default, the local index answers alone. */
export interface Geocoder {
  /** Places matching `q`, at most `limit`, preferably inside `viewbox`. Throws when the service fails. */
  search(q: string, limit: number, viewbox: BBox | null): Promise<Place[]>;
}

interface NominatimResult {
  display_name?: string;
  name?: string;
  lat?: string;
  lon?: string;
  /** [minLat, maxLat, minLon, maxLon] as strings. */
  boundingbox?: string[];
}

/**
 * A Nominatim-compatible `/search` API (format jsonv2), asked in Vietnamese and bounded to the district's
 * box. `baseUrl` is the service root (with or without `/search`). Nominatim's usage policy asks for an
 * identifying User-Agent.
 */
export function createNominatimGeocoder(opts: {
  baseUrl: string;
  timeoutMs: number;
  userAgent: string;
  fetch?: typeof fetch;
}): Geocoder {
  const doFetch = opts.fetch ?? fetch;
  const endpoint = `${opts.baseUrl.replace(/\/+$/, '').replace(/\/search$/, '')}/search`;
  return {
    async search(q, limit, viewbox) {
      const params = new URLSearchParams({ q, format: 'jsonv2', limit: String(limit), 'accept-language': 'vi' });
      if (viewbox) {
        params.set('viewbox', viewbox.join(','));
        params.set('bounded', '1');
      }
      const res = await doFetch(`${endpoint}?${params}`, {
        headers: { accept: 'application/json', 'user-agent': opts.userAgent },
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
      const body = (await res.json()) as unknown;
      if (!Array.isArray(body)) throw new Error('geocoder answered something other than a list');
      const out: Place[] = [];
      for (const r of body as NominatimResult[]) {
        const lat = Number(r.lat);
        const lng = Number(r.lon);
        const name = (r.display_name ?? r.name ?? '').trim();
        if (!name || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
        const b = r.boundingbox?.map(Number);
        const place: Place = { kind: 'place', name, lat, lng };
        if (b?.length === 4 && b.every(Number.isFinite)) place.bbox = [b[2]!, b[0]!, b[3]!, b[1]!];
        out.push(place);
      }
      return out.slice(0, limit);
    },
  };
}

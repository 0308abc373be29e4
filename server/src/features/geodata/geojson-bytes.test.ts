import { validateGeoJson } from '@flood/domain';
import { describe, expect, it, vi } from 'vitest';
import { checkGeoJsonBytes, JsonSyntaxError } from './geojson-bytes';

/** What the whole-file path answered: JSON.parse of the text, then validateGeoJson (or a syntax error). */
function wholeFile(text: string): ReturnType<typeof validateGeoJson> | 'syntax' {
  try {
    return validateGeoJson(JSON.parse(text.replace(/^\uFEFF/, '')));
  } catch {
    return 'syntax';
  }
}
function streamed(bytes: Buffer): ReturnType<typeof validateGeoJson> | 'syntax' {
  try {
    return checkGeoJsonBytes(bytes);
  } catch (e) {
    if (e instanceof JsonSyntaxError) return 'syntax';
    throw e;
  }
}

const pt = (lon: number, lat: number, props = '{}') =>
  `{"type":"Feature","properties":${props},"geometry":{"type":"Point","coordinates":[${lon},${lat}]}}`;

describe('GeoJSON checked from its bytes, feature by feature (#18)', () => {
  it('answers as JSON.parse + validateGeoJson on valid, invalid and broken files', () => {
    const cases = [
      `{"type":"FeatureCollection","features":[${pt(107.2, 21.2)},${pt(107.3, 21.3)}]}`,
      `\uFEFF {"features":[${pt(107.2, 21.2)}] , "type" : "FeatureCollection"}\n`,
      '{"type":"FeatureCollection","features":[]}',
      `{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"EPSG:3857"}},"features":[${pt(1, 2)}]}`,
      `{"type":"FeatureCollection","features":[${pt(107.2, 21.2)},${pt(500, 21.3)}]}`,
      `{"type":"FeatureCollection","features":[${pt(107.2, 21.2)},{"type":"Feat"}]}`,
      `{"type":"FeatureCollection","features":[${pt(1, 2, '{"a":"}]\\\\\\"["}')}]}`,
      `{"type":"Feature","features":[${pt(1, 2)}]}`,
      `{"type":"FeatureCollection","features":{"0":1}}`,
      `{"type":"FeatureCollection","features":[${pt(1, 2, `{"d":${'['.repeat(40)}${']'.repeat(40)}}`)}]}`,
      pt(107.2, 21.2),
      '{"type":"Point","coordinates":[107,21]}',
      '[1,2]',
      '{}',
      // Broken JSON.
      `{"type":"FeatureCollection","features":[${pt(1, 2)} ${pt(1, 2)}]}`,
      `{"type":"FeatureCollection","features":[${pt(1, 2)},]}`,
      `{"type":"FeatureCollection","features":[${pt(1, 2)}]} x`,
      `{"type":"FeatureCollection","features":[${pt(1, 2)}]`,
      `{"type":"FeatureCollection" "features":[]}`,
      `{"type":"FeatureCollection","features":[{"type":"Feature"]}]}`,
      `{"type":"FeatureCollection","features":[${pt(1, 2)}],}`,
      '',
    ];
    for (const text of cases) expect(streamed(Buffer.from(text)), text).toEqual(wholeFile(text));
    // Bytes that are not UTF-8, inside a feature's text.
    const bad = Buffer.concat([
      Buffer.from('{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"t":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"},"geometry":null}]}'),
    ]);
    expect(streamed(bad)).toBe('syntax');
  });

  it('never parses the whole file at once: JSON.parse sees one feature at a time', () => {
    const features = Array.from({ length: 2000 }, (_, f) => {
      const line = Array.from({ length: 200 }, (_, i) => `[${107.2 + i / 1e4},${21.2 + f / 1e5}]`).join(',');
      return `{"type":"Feature","properties":{"id":${f}},"geometry":{"type":"LineString","coordinates":[${line}]}}`;
    });
    const file = Buffer.from(`{"type":"FeatureCollection","features":[${features.join(',')}]}`);
    expect(file.length).toBeGreaterThan(8_000_000);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const check = checkGeoJsonBytes(file);
      expect(check).toMatchObject({ ok: true, featureCount: 2000 });
      const longest = Math.max(...parse.mock.calls.map(([t]) => t.length));
      expect(longest).toBeLessThan(10_000);
    } finally {
      parse.mockRestore();
    }
  });
});

import { AppInfoSchema } from '@flood/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe('GET /api/app-info', () => {
  it('is public and hands the map its three base maps (defaults that work on the open internet)', async () => {
    ctx = await createTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/app-info' });
    expect(res.statusCode).toBe(200);
    const body = AppInfoSchema.parse(res.json());
    expect(body).toMatchObject({ demo: true, timeZone: 'Asia/Ho_Chi_Minh' });
    expect(body.mapTiles.street.url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(body.mapTiles.street.attribution).toContain('OpenStreetMap');
    expect(body.mapTiles.satellite.url).toContain('World_Imagery');
    expect(body.mapTiles.national.url).toMatch(/^https:\/\/.*\{z\}.*\{y\}.*\{x\}/);
  });

  it('serves the configured tile servers', async () => {
    ctx = await createTestApp({
      MAP_TILES_NATIONAL: 'https://bando.example.vn/{z}/{x}/{y}.png',
      MAP_TILES_NATIONAL_ATTRIBUTION: 'Bản đồ số quốc gia',
      MAP_TILES_STREET: '/tiles/{z}/{x}/{y}.png',
    });
    const body = AppInfoSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/app-info' })).json());
    expect(body.mapTiles.national).toEqual({
      url: 'https://bando.example.vn/{z}/{x}/{y}.png',
      attribution: 'Bản đồ số quốc gia',
    });
    expect(body.mapTiles.street.url).toBe('/tiles/{z}/{x}/{y}.png');
  });
});

describe('MAP_TILES_* configuration', () => {
  it('refuses a template without {z}/{x}/{y} or over plain http (the CSP only allows https images)', () => {
    expect(() => loadConfig({ MAP_TILES_STREET: 'https://tile.example.vn/tiles.png' })).toThrow(/MAP_TILES_STREET/);
    expect(() => loadConfig({ MAP_TILES_SATELLITE: 'http://tile.example.vn/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILES_SATELLITE/,
    );
  });
});

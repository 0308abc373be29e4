import { brotliDecompressSync } from 'node:zlib';
import { DataLayerPageSchema } from '@flood/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryEventBus } from '../../lib/events';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { createDataLayersService, DATA_LAYERS_CHANGED } from './data-layers.service';

const bus = createMemoryEventBus();
let ctx: TestContext;
let editor: string;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { bus });
  const e = await createUser(ctx.db, { functions: ['system', 'data-layer'] });
  editor = (await login(ctx.app, e.user.email, e.password)).token;
});
afterAll(() => ctx?.close());

const list = (query = '', headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/data-layer${query}`, headers });

describe('GET /api/data-layer (cached bytes)', () => {
  it('sends the bytes the serializer did, with an ETag, 30 s for anyone and revalidation when signed in', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    expect(res.headers.etag).toMatch(/^"[\w-]{32}"$/);
    const direct = await createDataLayersService({ db: ctx.db, bus: createMemoryEventBus() }).list({
      page: 1,
      pageSize: 10,
    });
    expect(res.body).toBe(JSON.stringify(DataLayerPageSchema.encode(direct)));
    expect((await list('', { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
    expect((await list('', bearer(editor))).headers['cache-control']).toBe('private, no-cache');
    // Six layers are under 1 KB: not worth compressing, the plain bytes go.
    expect(res.rawPayload.length).toBeLessThan(1024);
    const small = await list('', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe(res.body);
  });

  it('still refuses a bad page size, naming it, however often it is asked', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await list('?pageSize=abc');
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[0].field).toBe('pageSize');
    }
  });

  it('keeps each page apart', async () => {
    const second = (await list('?page=2&pageSize=4')).json();
    expect(second.items).toHaveLength(2);
    const first = (await list('?page=1&pageSize=4')).json();
    expect(first.items).toHaveLength(4);
    expect(first.items.map((l: { id: number }) => l.id)).not.toContain(second.items[0].id);
  });

  it('is dropped by an update, a creation and a deletion, announced on the bus', async () => {
    const seen: string[] = [];
    const off = bus.subscribe((e) => seen.push(e.type));
    const before = await list();
    const etag = before.headers.etag as string;
    const layer = before.json().items[0];
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/data-layer/${layer.id}`,
      headers: bearer(editor),
      payload: { name: 'Vùng ngập (đã sửa)', enabled: false, symbol: layer.symbol },
    });
    expect(put.statusCode).toBe(200);
    const after = await list('', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().items.find((l: { id: number }) => l.id === layer.id)).toMatchObject({
      name: 'Vùng ngập (đã sửa)',
      enabled: false,
    });

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/data-layer',
      headers: bearer(editor),
      payload: { name: 'Điểm sơ tán' },
    });
    expect((await list()).json().total).toBe(7);
    await ctx.app.inject({ method: 'DELETE', url: `/api/data-layer/${created.json().id}`, headers: bearer(editor) });
    expect((await list()).json().total).toBe(6);
    off();
    expect(seen.filter((t) => t === DATA_LAYERS_CHANGED)).toHaveLength(3);
  });

  it('sends a long list as brotli prepared once', async () => {
    for (let i = 1; i <= 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/data-layer',
        headers: bearer(editor),
        payload: { name: `Lớp dữ liệu số ${i} `.repeat(12).trim() },
      });
      expect(res.statusCode).toBe(200);
    }
    const long = await list('?pageSize=100');
    expect(long.rawPayload.length).toBeGreaterThanOrEqual(1024);
    const br = await list('?pageSize=100', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(long.body);
  });
});

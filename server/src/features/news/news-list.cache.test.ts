import type { PortalEventName } from '@flood/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BusEvent, createMemoryEventBus, type EventBus } from '../../lib/events';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { insertNews } from './news.repository';
import { NEWS_CHANGED } from './news.service';

let clock = new Date('2026-11-25T17:30:00Z');
let ctx: TestContext;
let staff: Record<string, string>;

// The memory bus, plus a way to hand its listeners an event as the Redis bus delivers another process's.
const inner = createMemoryEventBus();
const listeners = new Set<(e: BusEvent) => void>();
const bus: EventBus = {
  publish: (type, data) => inner.publish(type, data),
  since: (id) => inner.since(id),
  subscribe(listener) {
    listeners.add(listener);
    const off = inner.subscribe(listener);
    return () => {
      listeners.delete(listener);
      off();
    };
  },
};
const deliverRemote = (type: PortalEventName) => {
  for (const l of listeners)
    l({ id: 1_000_000, type, data: {}, at: new Date().toISOString(), remote: true } as BusEvent);
};

beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }, undefined, { now: () => clock, bus });
  const s = await createUser(ctx.db, { functions: ['system', 'news'] });
  staff = bearer((await login(ctx.app, s.user.email, s.password)).token);
});
afterAll(() => ctx?.close());

const URL = '/api/news?page=1&pageSize=6&type=WARNING';
const get = (url = URL, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const names = async (url = URL) => (await get(url)).json().items.map((i: { name: string }) => i.name) as string[];
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Cảnh báo lũ',
  sapo: 'Mực nước dâng nhanh',
  author: 'Ban chỉ huy PCTT',
  content: '<p>Người dân chú ý an toàn.</p>',
  date: '2026-11-25T10:00:00Z',
  status: 'PUBLISH',
  type: 'WARNING',
  ...over,
});
const create = async (over: Record<string, unknown> = {}): Promise<{ id: number }> => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/news', headers: staff, payload: body(over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('anonymous news list cache', () => {
  it('serves the same bytes as the uncached route, with an ETag and a 304 on If-None-Match', async () => {
    await create({ name: 'Cảnh báo mưa lớn' });
    const miss = await get();
    expect(miss.statusCode).toBe(200);
    expect(miss.headers['cache-control']).toBe('public, max-age=10');
    const etag = miss.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    // Signed-in staff without all=true get the service's answer of the same public list.
    const uncached = await get(URL, staff);
    expect(uncached.headers.etag).toBeUndefined();
    expect(uncached.headers['cache-control']).toBe('no-cache');
    expect(miss.json()).toEqual(uncached.json());
    expect(miss.body).toBe(uncached.body);
    // The next read takes the fast lane: same bytes, same tag, and 304 for a client that holds them.
    const hit = await get();
    expect(hit.body).toBe(miss.body);
    expect(hit.headers.etag).toBe(etag);
    const held = await get(URL, { 'if-none-match': etag });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
  });

  it('shows a created, updated or deleted item in the next anonymous read', async () => {
    expect(await names()).not.toContain('Lũ quét xã Đồn Đạc');
    const n = await create({ name: 'Lũ quét xã Đồn Đạc', date: '2026-11-25T17:00:00Z' });
    expect(await names()).toContain('Lũ quét xã Đồn Đạc');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/news/${n.id}`,
      headers: staff,
      payload: body({ name: 'Lũ quét xã Đồn Đạc (cập nhật)', date: '2026-11-25T17:00:00Z' }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await names()).toContain('Lũ quét xã Đồn Đạc (cập nhật)');
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/news/${n.id}`, headers: staff });
    expect(del.statusCode, del.body).toBe(200);
    expect(await names()).not.toContain('Lũ quét xã Đồn Đạc (cập nhật)');
  });

  it('never shows a draft to visitors; staff with all=true still see it, uncached', async () => {
    const draft = await create({ name: 'Bản nháp cảnh báo', status: 'DRAFT', date: '2026-11-25T17:10:00Z' });
    expect(await names()).not.toContain('Bản nháp cảnh báo');
    expect(await names('/api/news?page=1&pageSize=6&type=WARNING&status=DRAFT')).not.toContain('Bản nháp cảnh báo');
    const all = await get('/api/news?page=1&pageSize=6&type=WARNING&all=true', staff);
    expect(all.statusCode).toBe(200);
    expect(all.headers.etag).toBeUndefined();
    expect(all.json().items.map((i: { id: number }) => i.id)).toContain(draft.id);
  });

  it('shows a scheduled item once its publish date has come, within the 30 s a list is kept', async () => {
    await create({ name: 'Hẹn giờ cảnh báo', date: '2026-11-25T17:30:10Z' });
    expect(await names()).not.toContain('Hẹn giờ cảnh báo');
    expect(await names()).not.toContain('Hẹn giờ cảnh báo');
    clock = new Date('2026-11-25T17:30:11Z');
    expect(await names()).toContain('Hẹn giờ cảnh báo');
  });

  it('drops the cache on a news change announced by another process (remote event)', async () => {
    const before = await get();
    // Another process writes the row: this process still serves what it holds…
    await insertNews(ctx.db, {
      name: 'Từ tiến trình khác',
      sapo: '',
      author: '',
      avatar: null,
      files: [],
      content: '<p>Nội dung</p>',
      date: new Date('2026-11-25T17:20:00Z'),
      status: 'PUBLISH',
      type: 'WARNING',
      userId: null,
    });
    expect((await get()).body).toBe(before.body);
    // …until that process's event arrives.
    deliverRemote(NEWS_CHANGED);
    expect(await names()).toContain('Từ tiến trình khác');
  });
});

import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { auditLogs } from '../audit/audit.table';
import { insertFloodEvent } from '../flood-events/flood-events.repository';

let ctx: TestContext;
let analyst: string;
let plain: string;
let eventId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await createUser(ctx.db, { functions: ['system', 'analyze'], name: 'Cán bộ phân tích' });
  const p = await createUser(ctx.db, { functions: ['system'] });
  analyst = (await login(ctx.app, a.user.email, a.password)).token;
  plain = (await login(ctx.app, p.user.email, p.password)).token;
  // 02/11/2026 23:00 – 04/11/2026 08:00 in the district (UTC+7): the days 02, 03 and 04/11/2026.
  eventId = (
    await insertFloodEvent(ctx.db, {
      startAt: new Date('2026-11-02T16:00:00Z'),
      endAt: new Date('2026-11-04T01:00:00Z'),
      source: 'AUTO',
    })
  ).id;
});
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const lastAudit = async () => (await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]?.content;

describe('damage records', () => {
  let personId: number;

  it('records person damage linked to the flood event of its day', async () => {
    const res = await call('POST', '/api/damage', analyst, {
      type: 'PERSON',
      date: '02/11/2026',
      data: { female: ' 2 ', male: '3 (1 bị thương)' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    personId = d.id;
    expect(d).toMatchObject({
      type: 'PERSON',
      date: '02/11/2026',
      data: { female: '2', male: '3 (1 bị thương)' },
      floodEventId: eventId,
      floodEventName: 'Trận lũ ngày 02/11/2026',
      userName: 'Cán bộ phân tích',
      demo: false,
    });
    expect(await lastAudit()).toBe('Thêm thiệt hại về người ngày 02/11/2026');
    expect((await call('GET', `/api/damage/${d.id}`, analyst)).json()).toEqual(d);
  });

  it('records asset damage; every field is optional, a day outside any event has no event', async () => {
    const res = await call('POST', '/api/damage', analyst, {
      type: 'ASSET',
      date: '05/11/2026',
      data: { agriculture: '12 ha lúa', total: '1,2 tỷ đồng' },
    });
    expect(res.json()).toMatchObject({
      data: {
        traffic: null,
        construction: null,
        agriculture: '12 ha lúa',
        irrigation: null,
        electricity: null,
        total: '1,2 tỷ đồng',
      },
      floodEventId: null,
      floodEventName: null,
    });
    const empty = await call('POST', '/api/damage', analyst, { type: 'ASSET', date: '04/11/2026' });
    expect(empty.json()).toMatchObject({ data: { total: null }, floodEventId: eventId });
  });

  it('lists by type, sorted by date either way, paginated, and by flood event', async () => {
    await call('POST', '/api/damage', analyst, { type: 'PERSON', date: '10/10/2026', data: { male: '1' } });
    await call('POST', '/api/damage', analyst, { type: 'PERSON', date: '03/11/2026', data: { female: '4' } });
    const desc = (await call('GET', '/api/damage?type=PERSON', analyst)).json();
    expect(desc.total).toBe(3);
    expect(desc.items.map((d: { date: string }) => d.date)).toEqual(['03/11/2026', '02/11/2026', '10/10/2026']);
    const asc = (await call('GET', '/api/damage?type=PERSON&order=asc&pageSize=2', analyst)).json();
    expect(asc.items.map((d: { date: string }) => d.date)).toEqual(['10/10/2026', '02/11/2026']);
    expect(asc.total).toBe(3);
    const page2 = (await call('GET', '/api/damage?type=PERSON&order=asc&pageSize=2&page=2', analyst)).json();
    expect(page2.items.map((d: { date: string }) => d.date)).toEqual(['03/11/2026']);
    const ofEvent = (await call('GET', `/api/damage?floodEventId=${eventId}`, analyst)).json();
    expect(ofEvent.total).toBe(3);
    expect((await call('GET', '/api/damage?type=ASSET', analyst)).json().total).toBe(2);
    // The event shows how many records fall in it.
    expect((await call('GET', '/api/damage', analyst)).json().total).toBe(5);
  });

  it('edits (a type change keeps only the fields of the new type) and deletes, with audit entries', async () => {
    const res = await call('PUT', `/api/damage/${personId}`, analyst, {
      type: 'ASSET',
      date: '03/11/2026',
      data: { traffic: '2 cầu tràn' },
    });
    expect(res.json()).toMatchObject({
      type: 'ASSET',
      date: '03/11/2026',
      data: { traffic: '2 cầu tràn', total: null },
    });
    expect(res.json().data).not.toHaveProperty('male');
    expect(await lastAudit()).toBe('Sửa thiệt hại tài sản ngày 03/11/2026');
    expect((await call('DELETE', `/api/damage/${personId}`, analyst)).json()).toEqual({ ok: true });
    expect(await lastAudit()).toBe('Xoá thiệt hại tài sản ngày 03/11/2026');
    expect((await call('GET', `/api/damage/${personId}`, analyst)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/damage/${personId}`, analyst)).statusCode).toBe(404);
    const missing = await call('PUT', `/api/damage/${personId}`, analyst, { type: 'PERSON', date: '01/11/2026' });
    expect(missing.statusCode).toBe(404);
  });

  it('400 names the bad field: over 255 characters, a bad date, a field of the other type, a bad type', async () => {
    const long = await call('POST', '/api/damage', analyst, {
      type: 'ASSET',
      date: '01/11/2026',
      data: { irrigation: 'x'.repeat(256) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual([{ field: 'data.irrigation', message: 'Tối đa 255 ký tự' }]);
    const date = await call('POST', '/api/damage', analyst, { type: 'PERSON', date: '31/02/2026' });
    expect(date.json().fields).toEqual([{ field: 'date', message: 'Ngày phải có dạng DD/MM/YYYY' }]);
    const noDate = await call('POST', '/api/damage', analyst, { type: 'PERSON' });
    expect(noDate.json().fields).toEqual([{ field: 'date', message: 'Vui lòng chọn ngày' }]);
    const other = await call('POST', '/api/damage', analyst, {
      type: 'PERSON',
      date: '01/11/2026',
      data: { total: '1' },
    });
    expect(other.json().fields[0].field).toBe('data');
    const type = await call('POST', '/api/damage', analyst, { type: 'HOUSE', date: '01/11/2026' });
    expect(type.json().fields[0].field).toBe('type');
    expect((await call('GET', '/api/damage?order=up', analyst)).json().fields[0].field).toBe('order');
  });

  it('401 without a session, 403 without analyze', async () => {
    for (const [method, url] of [
      ['GET', '/api/damage'],
      ['GET', '/api/damage/1'],
      ['POST', '/api/damage'],
      ['PUT', '/api/damage/1'],
      ['DELETE', '/api/damage/1'],
    ] as const) {
      expect((await call(method, url, undefined, {})).statusCode, url).toBe(401);
      expect((await call(method, url, plain, {})).statusCode, url).toBe(403);
    }
  });

  it('the flood event counts the damage records dated within it', async () => {
    const event = (await call('GET', `/api/flood-event/${eventId}`, analyst)).json();
    expect(event.damageCount).toBe(2);
  });
});

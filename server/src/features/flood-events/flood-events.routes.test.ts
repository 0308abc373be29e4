import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../test/multipart';
import { pushTime } from '../../test/push-time';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { auditLogs } from '../audit/audit.table';

// 22/11/2026 14:05 in the district (UTC+7).
const NOW = new Date('2026-11-22T07:05:00Z');
const MIN = 60_000;
let ctx: TestContext;
let analyst: string;
let dbStaff: string;
let plain: string;
const keys: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { now: () => NOW });
  const a = await createUser(ctx.db, { functions: ['system', 'analyze'], name: 'Phân tích viên' });
  const d = await createUser(ctx.db, { functions: ['system', 'database'] });
  const p = await createUser(ctx.db, { functions: ['system'] });
  analyst = (await login(ctx.app, a.user.email, a.password)).token;
  dbStaff = (await login(ctx.app, d.user.email, d.password)).token;
  plain = (await login(ctx.app, p.user.email, p.password)).token;
  // F01024 with its own levels (30/50/70 cm); F01021 without levels (the defaults: level I = 30 cm).
  for (const [code, levels] of [
    ['F01024', { warningLevel1: 30, warningLevel2: 50, warningLevel3: 70 }],
    ['F01021', {}],
  ] as const) {
    const s = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/station',
        headers: bearer(dbStaff),
        payload: { code, name: `Trạm ${code}`, description: 'Mô tả', lat: 21.27, long: 107.28, ...levels },
      })
    ).json();
    keys[code] = s.pushKey;
    ids[code] = s.id;
  }
});
afterAll(() => ctx?.close());

const push = async (code: string, minutesAgo: number, value: number) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/receive-water-level?${new URLSearchParams({
      stationCode: code,
      ...pushTime(new Date(NOW.getTime() - minutesAgo * MIN)),
      value: String(value),
      key: keys[code]!,
    })}`,
  });
  expect(res.statusCode, res.body).toBe(200);
};
const settle = () => ctx.app.floodEventDetector.idle();
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const iso = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * MIN).toISOString();
const lastAudit = async () => (await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]?.content;

describe('flood events detected from real pushes', () => {
  it('opens at the first reading at level I, follows the peak, closes when every station is below it', async () => {
    await push('F01024', 170, 20);
    await push('F01021', 170, 10);
    await settle();
    expect((await call('GET', '/api/flood-event', analyst)).json().total).toBe(0);

    await push('F01024', 160, 30); // level I reached (≥)
    await settle();
    let [event] = (await call('GET', '/api/flood-event', analyst)).json().items;
    expect(event).toMatchObject({
      ongoing: true,
      end: null,
      start: iso(160),
      source: 'AUTO',
      name: 'Trận lũ ngày 22/11/2026',
    });

    await push('F01024', 150, 55); // level II
    await push('F01021', 150, 45); // level I only (defaults): not a higher peak
    await push('F01024', 140, 40);
    await push('F01024', 130, 25); // F01024 below, F01021 still above: still open
    await settle();
    [event] = (await call('GET', '/api/flood-event', analyst)).json().items;
    expect(event.ongoing).toBe(true);
    expect(event.peak).toMatchObject({ stationCode: 'F01024', value: 55, at: iso(150) });

    await push('F01021', 120, 29); // every station below level I
    await settle();
    const list = (await call('GET', '/api/flood-event', analyst)).json();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ ongoing: false, start: iso(160), end: iso(120) });
  });

  it('a crossing long after is a second event; readings older than 3 hours are left to a recompute', async () => {
    // A day ago (history, not live): stored but not evaluated.
    await push('F01024', 1440, 80);
    await push('F01024', 1400, 10);
    await push('F01021', 1400, 10);
    await settle();
    expect((await call('GET', '/api/flood-event', analyst)).json().total).toBe(1);

    const res = await call('POST', '/api/flood-event/recompute', analyst, { from: iso(2000), to: iso(0) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, removed: 1 });
    expect(await lastAudit()).toMatch(/^Tính lại các trận lũ từ số liệu .*: 2 trận, bỏ 1 trận cũ$/);
    const list = (await call('GET', '/api/flood-event', analyst)).json();
    expect(
      list.items.map((e: { start: string; end: string; peak: { value: number } }) => [e.start, e.end, e.peak.value]),
    ).toEqual([
      [iso(160), iso(120), 55],
      [iso(1440), iso(1400), 80],
    ]);
    // Recomputing again changes nothing.
    expect(
      (await call('POST', '/api/flood-event/recompute', analyst, { from: iso(2000), to: iso(0) })).json(),
    ).toMatchObject({
      created: 2,
      removed: 2,
    });
  });

  it('refuses a recompute or an event outside 1900–2100 with a 400 naming the field, not a 500 (#18)', async () => {
    const bad = await call('POST', '/api/flood-event/recompute', analyst, {
      from: '0001-01-01T00:00:00Z',
      to: iso(0),
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect(bad.body).toContain('from');
    const future = await call('POST', '/api/flood-event/recompute', analyst, {
      from: iso(60),
      to: '9999-12-31T00:00:00Z',
    });
    expect(future.statusCode, future.body).toBe(400);
    const event = await call('POST', '/api/flood-event', analyst, { start: '0001-01-01T00:00:00Z' });
    expect(event.statusCode, event.body).toBe(400);
    // The widest period allowed is answered.
    const widest = await call('POST', '/api/flood-event/recompute', analyst, {
      from: '1900-01-01T00:00:00Z',
      to: '2100-12-31T23:59:59Z',
    });
    expect(widest.statusCode, widest.body).toBe(200);
  });

  it('a bulk import of water readings recomputes its period', async () => {
    const day = (m: number) => pushTime(new Date(NOW.getTime() - m * MIN));
    const rows = [
      ['F01024', 3000, 35],
      ['F01024', 2990, 66],
      ['F01024', 2980, 12],
    ].map(([code, m, v]) => {
      const t = day(m as number);
      return `${code},${t.date},${t.hour},${t.minute},${v}`;
    });
    const { payload, headers } = multipartFile(
      'file',
      'lu.csv',
      ['stationCode,date,hour,minute,value', ...rows].join('\n'),
    );
    const job = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/readings/import',
        payload,
        headers: { ...headers, ...bearer(dbStaff) },
      })
    ).json();
    for (let i = 0; i < 200; i++) {
      const j = (await call('GET', `/api/readings/import/${job.id}`, dbStaff)).json();
      if (j.status === 'done') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await settle();
    const list = (await call('GET', '/api/flood-event', analyst)).json();
    expect(list.total).toBe(3);
    expect(list.items[2]).toMatchObject({ start: iso(3000), end: iso(2980), peak: { value: 66 } });
  });
});

describe('staff edit flood events', () => {
  it('adds one by hand (peak from the readings), renames, re-times, deletes, with audit entries', async () => {
    const created = await call('POST', '/api/flood-event', analyst, {
      name: '  ',
      start: iso(1450),
      end: iso(1390),
      note: 'Lũ quét nhỏ',
    });
    expect(created.statusCode, created.body).toBe(200);
    const e = created.json();
    expect(e).toMatchObject({
      source: 'MANUAL',
      customName: null,
      note: 'Lũ quét nhỏ',
      peak: { value: 80, stationCode: 'F01024' },
    });
    expect(e.name).toBe('Trận lũ ngày 21/11/2026');
    expect(await lastAudit()).toBe('Thêm trận lũ Trận lũ ngày 21/11/2026');

    const renamed = await call('PUT', `/api/flood-event/${e.id}`, analyst, {
      name: 'Lũ sông Ba Chẽ',
      start: iso(1450),
      end: iso(1445),
    });
    expect(renamed.json()).toMatchObject({
      name: 'Lũ sông Ba Chẽ',
      customName: 'Lũ sông Ba Chẽ',
      edited: true,
      note: null,
    });
    // Re-timed before the 80 cm reading: no reading at level I in the period, no peak.
    expect(renamed.json().peak).toBeNull();
    expect(await lastAudit()).toBe('Sửa trận lũ Lũ sông Ba Chẽ');
    expect((await call('GET', `/api/flood-event/${e.id}`, analyst)).json().name).toBe('Lũ sông Ba Chẽ');

    expect((await call('DELETE', `/api/flood-event/${e.id}`, analyst)).json()).toEqual({ ok: true });
    expect(await lastAudit()).toBe('Xoá trận lũ Lũ sông Ba Chẽ');
    expect((await call('GET', `/api/flood-event/${e.id}`, analyst)).statusCode).toBe(404);
    expect((await call('PUT', `/api/flood-event/${e.id}`, analyst, { start: iso(10) })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/flood-event/${e.id}`, analyst)).statusCode).toBe(404);
  });

  it('an edited detected event survives a recompute', async () => {
    const [latest] = (await call('GET', '/api/flood-event', analyst)).json().items;
    await call('PUT', `/api/flood-event/${latest.id}`, analyst, {
      name: 'Lũ chiều 22/11',
      start: latest.start,
      end: latest.end,
    });
    await call('POST', '/api/flood-event/recompute', analyst, { from: iso(200), to: iso(0) });
    const after = (await call('GET', '/api/flood-event', analyst)).json().items;
    expect(after[0]).toMatchObject({ id: latest.id, name: 'Lũ chiều 22/11', peak: { value: 55 } });
    expect(after.filter((x: { start: string }) => x.start === latest.start)).toHaveLength(1);
  });

  it('searches by name or date, 5 a page, newest first', async () => {
    for (let i = 0; i < 4; i++) {
      await call('POST', '/api/flood-event', analyst, { start: new Date(Date.UTC(2025, 8, 10 + i, 3)).toISOString() });
    }
    const page1 = (await call('GET', '/api/flood-event', analyst)).json();
    expect(page1.total).toBe(7);
    expect(page1.items).toHaveLength(5);
    const page2 = (await call('GET', '/api/flood-event?page=2', analyst)).json();
    expect(page2.items.map((x: { name: string }) => x.name)).toEqual([
      'Trận lũ ngày 11/09/2025',
      'Trận lũ ngày 10/09/2025',
    ]);
    expect((await call('GET', '/api/flood-event?q=12/09/2025', analyst)).json().items).toHaveLength(1);
    expect((await call('GET', '/api/flood-event?q=09/2025', analyst)).json().total).toBe(4);
    expect((await call('GET', '/api/flood-event?q=chiều', analyst)).json().items[0].name).toBe('Lũ chiều 22/11');
    expect((await call('GET', '/api/flood-event?q=100%25', analyst)).json().total).toBe(0);
  });

  it('finds an event staff have named by its date (#18 item 15)', async () => {
    // 15/06/2026 09:00 → 16/06/2026 02:00 in the district.
    const res = await call('POST', '/api/flood-event', analyst, {
      name: 'Lũ tiểu mãn',
      start: '2026-06-15T02:00:00.000Z',
      end: '2026-06-15T19:00:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    const names = async (q: string) =>
      (await call('GET', `/api/flood-event?q=${encodeURIComponent(q)}`, analyst))
        .json()
        .items.map((x: { name: string }) => x.name);
    expect(await names('15/06/2026')).toEqual(['Lũ tiểu mãn']);
    expect(await names('06/2026')).toEqual(['Lũ tiểu mãn']);
    expect(await names('16/06/2026')).toEqual(['Lũ tiểu mãn']);
    expect(await names('tiểu mãn')).toEqual(['Lũ tiểu mãn']);
    expect(await names('14/06/2026')).toEqual([]);
    await call('DELETE', `/api/flood-event/${res.json().id}`, analyst);
  });

  it('refuses a second detected event under way (409)', async () => {
    await push('F01024', 60, 45);
    await settle();
    const items = (await call('GET', '/api/flood-event?pageSize=20', analyst)).json().items;
    expect(items[0]).toMatchObject({ ongoing: true, source: 'AUTO' });
    const older = items.find((e: { source: string; ongoing: boolean }) => e.source === 'AUTO' && !e.ongoing);
    const res = await call('PUT', `/api/flood-event/${older.id}`, analyst, { start: older.start, end: null });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Đã có một trận lũ đang diễn ra; hãy nhập thời gian kết thúc');
  });

  it('400 names the bad field; 401 without a session; 403 without analyze', async () => {
    const bad = await call('POST', '/api/flood-event', analyst, { start: 'hôm qua' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('start');
    const backwards = await call('POST', '/api/flood-event', analyst, { start: iso(10), end: iso(20) });
    expect(backwards.json().fields).toEqual([
      { field: 'end', message: 'Thời gian kết thúc phải sau thời gian bắt đầu' },
    ]);
    const long = await call('POST', '/api/flood-event', analyst, { start: iso(10), name: 'x'.repeat(256) });
    expect(long.json().fields[0]).toEqual({ field: 'name', message: 'Tối đa 255 ký tự' });
    expect(
      (await call('POST', '/api/flood-event/recompute', analyst, { from: iso(0), to: iso(10) })).json().fields[0].field,
    ).toBe('to');
    for (const [method, url] of [
      ['GET', '/api/flood-event'],
      ['GET', '/api/flood-event/1'],
      ['POST', '/api/flood-event'],
      ['PUT', '/api/flood-event/1'],
      ['DELETE', '/api/flood-event/1'],
      ['POST', '/api/flood-event/recompute'],
    ] as const) {
      expect((await call(method, url, undefined, {})).statusCode, url).toBe(401);
      expect((await call(method, url, plain, {})).statusCode, url).toBe(403);
    }
  });
});

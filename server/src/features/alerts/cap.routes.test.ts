import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { createStation, ONE_READING_ALERTS, setWebParameters } from '../../test/factories';
import { pushTime } from '../../test/push-time';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';

const XSD = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema', 'CAP-v1.2.xsd'), 'utf8');

/** libxml2's verdict on a document against the CAP 1.2 schema (errors as text, empty when valid). */
async function capSchemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'alert.xml', contents: xml }], schema: [XSD] });
  return result.valid ? [] : result.errors.map((e) => e.message);
}

const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);
const one = (xml: string, tag: string) => all(xml, tag)[0];

/** The district clock of the tests: pushes and the hysteresis hold follow it. */
let clockMs = Date.now();
let ctx: TestContext;
let token: string;
/** The feed's links, newest first (filled by the first test). */
let links: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp(
    { DEMO: 'false', CAP_SENDER: 'canhbao@bache.example.vn', PUBLIC_URL: 'https://canhbao.bache.example.vn' },
    undefined,
    { now: () => new Date(clockMs), dispatch: { pollMs: 50 } },
  );
  await ctx.app.ready();
  await setWebParameters(ctx.db, ONE_READING_ALERTS, { bus: ctx.bus });
  const a = await createUser(ctx.db, { functions: ['system', 'database'] });
  token = (await login(ctx.app, a.user.email, a.password)).token;
});
afterAll(() => ctx?.close());

/** A water station of levels 30/50/70 cm (made by the factory; the description shows CAP's escaping). */
const station = (code: string, lat: number, long: number) =>
  createStation(ctx.db, {
    code,
    lat,
    long,
    description: 'Đối diện Trung tâm Y tế huyện & chợ <Ba Chẽ>',
    bus: ctx.bus,
  });

async function push(code: string, key: string, value: number, minutesAgo = 1) {
  const q = new URLSearchParams({
    stationCode: code,
    ...pushTime(new Date(clockMs - minutesAgo * 60_000)),
    value: String(value),
    key,
  });
  const res = await ctx.app.inject({ method: 'GET', url: `/api/receive-water-level?${q}` });
  expect(res.statusCode).toBe(200);
  await ctx.app.alertEngine.idle();
}

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('CAP 1.2 feed', () => {
  it('an empty feed is updated as of now, not 1970', async () => {
    const body = (await get('/api/cap')).body;
    expect(all(body, 'entry')).toHaveLength(0);
    const updated = one(body, 'updated')!;
    expect(updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00$/);
    expect(Math.abs(Date.parse(updated) - clockMs)).toBeLessThan(2000);
  });

  it('records Alert, Update and Cancel as a water level opens, escalates and clears', async () => {
    const s = await station('F01024', 21.273, 107.2896);
    await push('F01024', s.pushKey, 62, 3); // level II: Alert
    await push('F01024', s.pushKey, 75, 2); // level III: Update
    await push('F01024', s.pushKey, 20, 1); // below level III minus the margin: the hold starts
    clockMs += 31 * 60_000; // the 30-minute hold passes
    await push('F01024', s.pushKey, 20, 1); // Cancel

    const feed = await get('/api/cap');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('public, max-age=30');
    const body = feed.body;
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"')).toBe(
      true,
    );
    const entries = all(body, 'entry');
    expect(entries).toHaveLength(3);
    expect(entries.map((e) => /<category term="(\w+)"\/>/.exec(e)?.[1])).toEqual(['Cancel', 'Update', 'Alert']);
    expect(one(entries[2]!, 'title')).toBe('Trạm F01024: mực nước đạt báo động cấp II (0,62 m)');
    // The Cancel says the level was left, with the value now (it read 'Hết cảnh báo – …: mực nước đạt …').
    expect(one(entries[0]!, 'title')).toBe(
      'Hết cảnh báo – Trạm F01024: mực nước đã xuống dưới báo động cấp III, hiện 0,20 m',
    );
    links = entries.map((e) => /href="([^"]+)"/.exec(e)![1]!);
    for (const l of links) expect(l).toMatch(/^https:\/\/canhbao\.bache\.example\.vn\/api\/cap\/\d+\.xml$/);
  });

  it('serves each message valid against the CAP 1.2 schema, in Vietnamese and English', async () => {
    const [cancel, update, alert] = await Promise.all(
      links.map(async (l) => {
        const res = await get(new URL(l).pathname);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/cap+xml; charset=utf-8');
        expect(await capSchemaErrors(res.body)).toEqual([]);
        return res.body;
      }),
    );
    for (const xml of [alert!, update!, cancel!]) {
      expect(one(xml, 'sender')).toBe('canhbao@bache.example.vn');
      expect(one(xml, 'status')).toBe('Actual');
      expect(one(xml, 'scope')).toBe('Public');
      // CAP §3.2.1: times carry an explicit offset, never "Z".
      expect(one(xml, 'sent')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00$/);
      expect(all(xml, 'language')).toEqual(['vi-VN', 'en-US']);
      // The station's commune (Ba Chẽ town) as a closed polygon of lat,lon pairs and its GSO code.
      for (const polygon of all(xml, 'polygon')) {
        const pts = polygon.split(' ');
        expect(pts.length).toBeGreaterThanOrEqual(4);
        expect(pts[0]).toBe(pts.at(-1));
        for (const p of pts) expect(p).toMatch(/^21\.\d+,107\.\d+$/);
      }
      expect(all(xml, 'polygon')).toHaveLength(2);
      expect(all(xml, 'areaDesc')[0]).toBe(
        'Thị trấn Ba Chẽ, huyện Ba Chẽ, tỉnh Quảng Ninh – Đối diện Trung tâm Y tế huyện &amp; chợ &lt;Ba Chẽ&gt;',
      );
      expect(all(xml, 'value')).toContain('06970');
    }
    expect(one(alert!, 'msgType')).toBe('Alert');
    expect(all(alert!, 'severity')).toEqual(['Severe', 'Severe']);
    expect(all(alert!, 'responseType')).toEqual(['Prepare', 'Prepare']);
    expect(all(alert!, 'headline')).toEqual([
      'Trạm F01024: mực nước đạt báo động cấp II (0,62 m)',
      'Trạm F01024: water level at alarm level II (0.62 m)',
    ]);
    expect(one(alert!, 'references')).toBeUndefined();

    expect(one(update!, 'msgType')).toBe('Update');
    expect(all(update!, 'severity')).toEqual(['Extreme', 'Extreme']);
    expect(all(update!, 'responseType')).toEqual(['Evacuate', 'Evacuate']);
    const alertRef = `canhbao@bache.example.vn,${one(alert!, 'identifier')},${one(alert!, 'sent')}`;
    expect(one(update!, 'references')).toBe(alertRef);
    expect(one(update!, 'incidents')).toBe(one(alert!, 'incidents'));

    expect(one(cancel!, 'msgType')).toBe('Cancel');
    expect(all(cancel!, 'urgency')).toEqual(['Past', 'Past']);
    expect(all(cancel!, 'responseType')).toEqual(['AllClear', 'AllClear']);
    expect(one(cancel!, 'references')).toBe(
      `${alertRef} canhbao@bache.example.vn,${one(update!, 'identifier')},${one(update!, 'sent')}`,
    );
  });

  it('the schema check is real: a message missing a required element or with a bad value fails', async () => {
    const xml = (await get(new URL(links[2]!).pathname)).body;
    expect(await capSchemaErrors(xml.replace(/<scope>Public<\/scope>/, ''))).not.toEqual([]);
    expect(
      await capSchemaErrors(xml.replaceAll('<severity>Severe</severity>', '<severity>Bad</severity>')),
    ).not.toEqual([]);
    expect(await capSchemaErrors(xml.replace(/\+07:00<\/sent>/, 'Z</sent>'))).not.toEqual([]);
  });

  it('answers 304 to a client holding the same bytes, 404 to an unknown message and 400 to a bad name', async () => {
    const path = new URL(links[0]!).pathname;
    const first = await get(path);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const again = await get(path, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const missing = await get('/api/cap/999999.xml');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Không tìm thấy bản tin cảnh báo');
    const bad = await get('/api/cap/..%2Fetc.xml');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('file');
  });

  it('a station outside every commune gets a circle; silent stations stay out of the public feed', async () => {
    const s = await station('F01999', 21.9, 106.5);
    await push('F01999', s.pushKey, 35);
    await station('F01998', 21.27, 107.29); // never reports: a STATION_SILENT alert for the staff
    await ctx.app.alertEngine.checkSilence();
    const staff = (await ctx.app.inject({ method: 'GET', url: '/api/alerts/staff', headers: bearer(token) })).json();
    expect(staff.map((a: { stationCode: string; kind: string }) => `${a.stationCode} ${a.kind}`)).toContain(
      'F01998 STATION_SILENT',
    );
    const entries = all((await get('/api/cap')).body, 'entry');
    expect(entries).toHaveLength(4);
    const href = /href="([^"]+)"/.exec(entries[0]!)![1]!;
    const xml = (await get(new URL(href).pathname)).body;
    expect(await capSchemaErrors(xml)).toEqual([]);
    expect(all(xml, 'polygon')).toEqual([]);
    expect(all(xml, 'circle')).toEqual(['21.90000,106.50000 5', '21.90000,106.50000 5']);
    expect(all(xml, 'severity')).toEqual(['Moderate', 'Moderate']);
  });
});

describe('CAP feed in demo mode', () => {
  it('marks demo warnings as Test with a note, and links to the requesting host', async () => {
    const demo = await createTestApp({ DEMO: 'true' });
    try {
      const empty = await demo.app.inject({ method: 'GET', url: '/api/cap', headers: { host: 'portal.test:3000' } });
      expect(empty.statusCode).toBe(200);
      expect(all(empty.body, 'entry')).toEqual([]);
      expect(empty.body).toContain(
        '<link rel="self" type="application/atom+xml" href="http://portal.test:3000/api/cap"/>',
      );
      const xml = (await get(new URL(links[2]!).pathname)).body;
      expect(one(xml, 'status')).toBe('Actual');
      // The renderer marks demo data; checked through the same service with DEMO on.
      const { createCapService } = await import('./cap.service');
      const svc = createCapService({
        db: ctx.db,
        now: () => new Date(clockMs),
        settings: {
          sender: 'x@y',
          senderName: { vi: 'Thử', en: 'Test' },
          timeZone: 'Asia/Ho_Chi_Minh',
          demo: true,
          fallbackRadiusKm: 5,
        },
      });
      const id = Number(/(\d+)\.xml$/.exec(links[2]!)![1]);
      const demoXml = (await svc.message(id, 'http://portal.test'))!;
      expect(one(demoXml, 'status')).toBe('Test');
      expect(one(demoXml, 'note')).toContain('Dữ liệu minh hoạ');
      expect(await capSchemaErrors(demoXml)).toEqual([]);
    } finally {
      await demo.close();
    }
  });
});

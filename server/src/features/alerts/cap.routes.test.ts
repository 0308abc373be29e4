import { capRing, closeRing, type Position, ringProblems } from '@flood/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCommunes } from '../../db/seed/seed-files';
import { capProfileProblems, capSchemaErrors } from '../../test/cap-profile';
import { createStation, ONE_READING_ALERTS, setWebParameters } from '../../test/factories';
import { pushTime } from '../../test/push-time';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { warnings } from '../warnings/warnings.table';
import { findCapMessage, recentCapMessages } from './alerts.repository';
import { alerts } from './alerts.table';
import { capMessages } from './cap.table';

const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);
const one = (xml: string, tag: string) => all(xml, tag)[0];

/** A message as the portal serves it, checked against the CAP 1.2 schema and the portal's profile (#23). */
async function capMessage(id: number | string): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/cap/${id}.xml` });
  expect(res.statusCode).toBe(200);
  expect(await capSchemaErrors(res.body)).toEqual([]);
  expect(capProfileProblems(res.body)).toEqual([]);
  return res.body;
}

/** The CAP rows of an alert, oldest first. */
const capRows = (alertId: number) =>
  ctx.db.select().from(capMessages).where(eq(capMessages.alertId, alertId)).orderBy(asc(capMessages.id));

const minutes = (a: string, b: string) => (Date.parse(a) - Date.parse(b)) / 60_000;

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

async function push(code: string, key: string, value: number, minutesAgo = 1, path = 'receive-water-level') {
  const q = new URLSearchParams({
    stationCode: code,
    ...pushTime(new Date(clockMs - minutesAgo * 60_000)),
    value: String(value),
    key,
  });
  const res = await ctx.app.inject({ method: 'GET', url: `/api/${path}?${q}` });
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
        expect(capProfileProblems(res.body)).toEqual([]);
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
      // The station's commune (Ba Chẽ town) as a closed polygon of lat,lon pairs and its GSO code: one area, one
      // polygon in each language's info.
      for (const polygon of all(xml, 'polygon')) {
        const pts = polygon.split(' ');
        expect(pts.length).toBeGreaterThanOrEqual(4);
        expect(pts[0]).toBe(pts.at(-1));
        for (const p of pts) expect(p).toMatch(/^21\.\d{1,6},107\.\d{1,6}$/);
      }
      expect(all(xml, 'area')).toHaveLength(2);
      expect(all(xml, 'polygon')).toHaveLength(2);
      // Under 50 characters (#23): the commune and the province; the station's position is in the description.
      expect(all(xml, 'areaDesc')).toEqual(['Ba Chẽ – Quảng Ninh', 'Ba Chẽ – Quảng Ninh']);
      expect(one(xml, 'description')).toContain('Đối diện Trung tâm Y tế huyện &amp; chợ &lt;Ba Chẽ&gt;');
      expect(all(xml, 'value')).toContain('06970');
      expect(all(xml, 'eventCode')).toEqual([
        '<valueName>BACHE_FLOOD_PORTAL_EVENT</valueName><value>RIVER_LEVEL</value>',
        '<valueName>BACHE_FLOOD_PORTAL_EVENT</valueName><value>RIVER_LEVEL</value>',
      ]);
      // Every info expires: an Alert or Update after the lifetime (360 minutes by default), a Cancel after an hour.
      const expires = all(xml, 'expires');
      expect(expires).toHaveLength(2);
      expect(minutes(expires[0]!, one(xml, 'sent')!)).toBe(one(xml, 'msgType') === 'Cancel' ? 60 : 360);
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
    const xml = await capMessage(/(\d+)\.xml$/.exec(href)![1]!);
    expect(all(xml, 'polygon')).toEqual([]);
    expect(all(xml, 'circle')).toEqual(['21.90000,106.50000 5', '21.90000,106.50000 5']);
    expect(all(xml, 'areaDesc')).toEqual(['Khu vực trạm Trạm F01999', 'Area of station Trạm F01999']);
    expect(all(xml, 'severity')).toEqual(['Moderate', 'Moderate']);
  });

  it('every seed commune is a valid CAP polygon as it is (#23): closed, ≤ 6 decimals, no crossing', async () => {
    const communes = await loadCommunes();
    expect(communes).toHaveLength(7);
    for (const c of communes) {
      const rings = (
        c.geometry.type === 'Polygon' ? [c.geometry.coordinates] : c.geometry.coordinates
      ) as Position[][][];
      for (const [outer] of rings) {
        expect(ringProblems(outer!), c.name).toEqual([]);
        // Rendered without dropping a corner.
        expect(capRing(outer!), c.name).toEqual(closeRing(outer!, 6));
      }
    }
  });

  it('the profile check is real: today’s faults (#23) are each found', async () => {
    const xml = (await get(new URL(links[2]!).pathname)).body;
    expect(capProfileProblems(xml)).toEqual([]);
    const faults: [string, RegExp][] = [
      [xml.replace(/<expires>[^<]*<\/expires>/g, ''), /0 <expires>/],
      [xml.replace(/<expires>[^<]*<\/expires>/, `<expires>${one(xml, 'sent')}</expires>`), /not after <sent>/],
      [
        xml.replaceAll(
          '<areaDesc>Ba Chẽ – Quảng Ninh</areaDesc>',
          '<areaDesc>Thị trấn Ba Chẽ, huyện Ba Chẽ, tỉnh Quảng Ninh – Đối diện Trung tâm Y tế</areaDesc>',
        ),
        /areaDesc has \d+ characters/,
      ],
      [xml.replaceAll('BACHE_FLOOD_PORTAL_EVENT', 'FLOOD_PORTAL_KIND'), /valueName 'FLOOD_PORTAL_KIND'/],
      [xml.replaceAll('<value>RIVER_LEVEL</value>', '<value>WATER_LEVEL</value>'), /'WATER_LEVEL' is not in the list/],
      [xml.replace(/<\/area>/, '</area><area><areaDesc>X</areaDesc><circle>21.1,107.1 5</circle></area>'), /2 <area>/],
      [xml.replace(/(<polygon>)(\d+\.\d+),/, '$1$2123456789,'), /more than 6 decimals/],
      [
        xml.replace(/(<polygon>)[^<]*(<\/polygon>)/, '$121.1,107.1 21.2,107.2 21.1,107.2 21.2,107.1 21.1,107.1$2'),
        /self-crossing/,
      ],
      [xml.replace(/(<polygon>)([^ <]+) /, '$1'), /not-closed/],
      [
        xml.replace(/(<polygon>[^<]*<\/polygon>)/, '$1<polygon>22.1,108.1 22.2,108.1 22.2,108.2 22.1,108.1</polygon>'),
        /not contiguous/,
      ],
      [xml.replace('<msgType>Alert</msgType>', '<msgType>Update</msgType>'), /Update without <references>/],
    ];
    for (const [bad, problem] of faults) expect(capProfileProblems(bad).join('\n')).toMatch(problem);
  });

  it('a 24-hour rain alert says what was measured against its threshold, in a valid message', async () => {
    const s = await station('F00031', 21.273, 107.2896);
    for (const [value, ago] of [
      [50, 150],
      [60, 90], // over 100 mm in 24 hours: level I
      [40, 30],
    ] as const)
      await push('F00031', s.pushKey, value, ago, 'receive-rain');
    const [rain] = await ctx.db.select().from(alerts).where(eq(alerts.kind, 'RAIN_24H'));
    const [row] = await capRows(rain!.id);
    const measured = row!.value.toFixed(0);
    expect(row!.value).toBeGreaterThanOrEqual(100);
    expect(rain?.message).toBe(`Trạm F00031: mưa lớn ≥ 100 mm/24 giờ (đo được ${measured} mm)`);
    expect(row!.snapshot).toEqual({ threshold: 100 });
    const xml = await capMessage(row!.id);
    expect(all(xml, 'event')).toEqual(['Mưa lớn 24 giờ', '24-hour heavy rain']);
    expect(all(xml, 'headline')).toEqual([
      `Trạm F00031: mưa lớn ≥ 100 mm/24 giờ (đo được ${measured} mm)`,
      `Trạm F00031: heavy rain ≥ 100 mm/24 h (measured ${measured} mm)`,
    ]);
    expect(xml).not.toMatch(/lũ quét|flash/i);
    expect(all(xml, 'eventCode')[0]).toContain('<value>RAIN_24H</value>');
    // The banner's line states the threshold too.
    const active = (await get('/api/alerts/active')).json() as { kind: string; threshold?: number }[];
    expect(active.find((a) => a.kind === 'RAIN_24H')?.threshold).toBe(100);
    // The hourly rain's alert of the same pushes is in the feed too, with its own code.
    const [hourly] = await ctx.db.select().from(alerts).where(eq(alerts.kind, 'RAIN_INTENSITY'));
    const hourlyXml = await capMessage((await capRows(hourly!.id))[0]!.id);
    expect(all(hourlyXml, 'eventCode')[0]).toContain('<value>RAIN_HOURLY</value>');
  });

  it('a station stopped by staff: the Cancel of its open alert expires in an hour and states the threshold', async () => {
    const [rain] = await ctx.db.select().from(alerts).where(eq(alerts.kind, 'RAIN_24H'));
    const { createStationAlerts } = await import('./clear-station-alerts');
    const { findStationRow } = await import('../stations/stations.repository');
    const st = (await findStationRow(ctx.db, rain!.stationId))!;
    await ctx.db.transaction((tx) => createStationAlerts(ctx.bus).endWarnings(tx, st, new Date(clockMs)));
    const rows = await capRows(rain!.id);
    expect(rows.map((r) => r.msgType)).toEqual(['Alert', 'Cancel']);
    expect(rows[1]!.expiresAt!.getTime() - rows[1]!.sentAt.getTime()).toBe(3_600_000);
    const xml = await capMessage(rows[1]!.id);
    const now = (await ctx.db.select().from(alerts).where(eq(alerts.id, rain!.id)))[0]!.value;
    expect(one(xml, 'headline')).toBe(
      `Hết cảnh báo – Trạm F00031: đã hết mưa lớn ≥ 100 mm/24 giờ, hiện ${now.toFixed(0)} mm/24 giờ`,
    );
  });

  it('an officer’s warning’s message (#23, warning_id) is left to its own code: the alert queries skip it', async () => {
    const t = new Date(clockMs);
    const [w] = await ctx.db
      .insert(warnings)
      .values({
        kind: 'flood',
        severity: 2,
        headlineVi: 'Lũ trên sông Ba Chẽ',
        descriptionVi: 'Mô tả',
        instructionVi: 'Hướng dẫn',
        effectiveAt: t,
        expiresAt: new Date(clockMs + 3_600_000),
        channels: ['cap'],
      })
      .returning();
    const [m] = await ctx.db
      .insert(capMessages)
      .values({
        warningId: w!.id,
        msgType: 'Alert',
        level: 2,
        value: 0,
        sentAt: t,
        expiresAt: new Date(clockMs + 60_000),
      })
      .returning();
    // The feed carries it (rendered by the warnings' code, warnings.routes.test.ts); the alerts' queries do not.
    const recent = await recentCapMessages(ctx.db, new Date(0), 1000);
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.some((r) => r.message.id === m!.id)).toBe(false);
    expect(await findCapMessage(ctx.db, m!.id)).toBeNull();
    // Nearly expired, yet not an automatic alert's: the renewal leaves it alone.
    await ctx.app.capRenewal.check();
    const rows = await ctx.db.select().from(capMessages).where(eq(capMessages.warningId, w!.id));
    expect(rows).toHaveLength(1);
    // A bare row, not one the warnings' code wrote (no snapshot): removed before the feed is read again.
    await ctx.db.delete(warnings).where(eq(warnings.id, w!.id));
  });

  it('renews an open alert’s message before it expires: an Update with a later expires, written once', async () => {
    const s = await station('F01032', 21.273, 107.2896);
    await push('F01032', s.pushKey, 40, 1); // level I: Alert
    const [open] = await ctx.db.select().from(alerts).where(eq(alerts.stationId, s.id));
    const [first] = await capRows(open!.id);
    expect(first!.msgType).toBe('Alert');
    expect(first!.expiresAt!.getTime() - first!.sentAt.getTime()).toBe(360 * 60_000);

    // More than half the lifetime left: nothing to renew.
    clockMs += 170 * 60_000;
    await ctx.app.capRenewal.check();
    expect(await capRows(open!.id)).toHaveLength(1);

    // Less than half left: two processes check at once, one Update is written.
    clockMs += 20 * 60_000;
    const counts = await Promise.all([ctx.app.capRenewal.check(), ctx.app.capRenewal.check()]);
    const rows = await capRows(open!.id);
    expect(rows.map((r) => r.msgType)).toEqual(['Alert', 'Update']);
    const renewal = rows[1]!;
    expect(renewal.sentAt.getTime()).toBe(clockMs);
    expect(renewal.expiresAt!.getTime()).toBe(clockMs + 360 * 60_000);
    expect(renewal.expiresAt!.getTime()).toBeGreaterThan(first!.expiresAt!.getTime());
    expect([renewal.level, renewal.value]).toEqual([open!.level, open!.value]);
    // Every due alert (the circle station's one too) renewed once between the two checks.
    const renewedNow = (await ctx.db.select().from(capMessages)).filter((m) => m.sentAt.getTime() === clockMs);
    expect(counts[0] + counts[1]).toBe(renewedNow.length);
    expect(new Set(renewedNow.map((m) => m.alertId)).size).toBe(renewedNow.length);
    expect(await ctx.app.capRenewal.check()).toBe(0);

    const xml = await capMessage(renewal.id);
    expect(one(xml, 'msgType')).toBe('Update');
    expect(one(xml, 'references')).toContain(`:cap:${first!.id},`);
    expect(all(xml, 'headline')[0]).toBe('Trạm F01032: mực nước đạt báo động cấp I (0,40 m)');

    // A cleared alert is not renewed; the Cancel references both earlier messages.
    await push('F01032', s.pushKey, 10, 1);
    clockMs += 31 * 60_000;
    await push('F01032', s.pushKey, 10, 1);
    const ended = await capRows(open!.id);
    expect(ended.map((r) => r.msgType)).toEqual(['Alert', 'Update', 'Cancel']);
    const cancel = await capMessage(ended[2]!.id);
    expect(one(cancel, 'references')!.split(' ')).toHaveLength(2);
    clockMs += 400 * 60_000;
    await ctx.app.capRenewal.check();
    expect(await capRows(open!.id)).toHaveLength(3);
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
        senderName: async () => ({ vi: 'Thử', en: 'Test' }),
        settings: {
          sender: 'x@y',
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
      expect(capProfileProblems(demoXml)).toEqual([]);
    } finally {
      await demo.close();
    }
  });
});

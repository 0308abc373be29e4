import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { SMS_SEGMENT_CHARS, smsEncoding } from '@flood/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SmsMessage } from '../../lib/sms-gateway';
import { createStation, ONE_READING_ALERTS, setWebParameters } from '../../test/factories';
import { pushTime } from '../../test/push-time';
import { bearer, createTestApp, createUser, login, solveHumanCheck, type TestContext } from '../../test/test-app';
import { messageOutbox, smsRecipients } from '../alerts/sms-admin.table';
import { purgeUnconfirmedSubscribers } from './subscriptions.repository';
import { portalSecrets, subscriberChannels, subscribers } from './subscriptions.table';

const TOWN = '06970';
const LUONG_MINH = '06985';
const PUBLIC_URL = 'https://canhbao.bache.vn';
const RECEIPT_TOKEN = 'receipt-secret-0123456789';

const sms: SmsMessage[] = [];
/** A number the SMS provider cannot take a message for (it is down for it). */
const UNREACHABLE = '84912345999';
const mails: { to: string; subject: string; body: string }[] = [];
/** What Zalo's ZNS API (a fake one, reached by the portal's real ZNS gateway) received. */
const zalos: { accessToken: string; phone: string; template_id: string; template_data: Record<string, string> }[] = [];
/** What the push service (a fake one on 127.0.0.1, reached by the portal's real web push gateway) received. */
const pushes: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];
/** Push endpoints (paths) the fake push service says are gone (410). */
const gonePaths = new Set<string>();
let pushServer: Server;
let pushOrigin: string;
// The browser's side of a push subscription (RFC 8291): its key pair and auth secret.
const browserKeys = createECDH('prime256v1');
browserKeys.generateKeys();
const pushKeys = {
  p256dh: browserKeys.getPublicKey().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
};
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: unknown; authSecret: string }): Buffer;
};
const decrypted = (body: Buffer) =>
  JSON.parse(
    ece.decrypt(body, { version: 'aes128gcm', privateKey: browserKeys, authSecret: pushKeys.auth }).toString(),
  );

let ctx: TestContext;
let staff: string;
beforeAll(async () => {
  pushServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // Zalo: its OAuth (a refresh token for an access token) and the ZNS template API.
      if (req.url === '/oauth')
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: 'zalo-access-1', refresh_token: 'zalo-refresh-2', expires_in: '90000' }));
      if (req.url === '/zns') {
        zalos.push({ accessToken: String(req.headers.access_token), ...JSON.parse(Buffer.concat(chunks).toString()) });
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 0, message: 'Success', data: { msg_id: `zns-${zalos.length}` } }));
      }
      if (gonePaths.has(req.url ?? '')) return res.writeHead(410).end('gone');
      pushes.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201, { location: `/message/${pushes.length}` }).end();
    });
  });
  await new Promise<void>((r) => pushServer.listen(0, '127.0.0.1', r));
  pushOrigin = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
  ctx = await createTestApp(
    {
      PUBLIC_URL,
      DEMO: 'false',
      SUBSCRIBE_RATE_LIMIT_PER_MINUTE: '1000',
      PUSH_EXTRA_ORIGINS: pushOrigin,
      ZALO_APP_ID: 'test-app',
      ZALO_SECRET_KEY: 'test-secret',
      ZALO_TEMPLATE_ID: '301234',
      ZALO_REFRESH_TOKEN: 'zalo-refresh-1',
      ZALO_API_URL: `${pushOrigin}/zns`,
      ZALO_OAUTH_URL: `${pushOrigin}/oauth`,
      SMS_RECEIPT_TOKEN: RECEIPT_TOKEN,
    },
    undefined,
    {
      sms: {
        name: 'fake-sms',
        async send(m) {
          if (m.to === UNREACHABLE) throw new Error('HTTP 503');
          sms.push(m);
          return undefined;
        },
      },
      email: { name: 'fake-mail', send: async (m) => void mails.push(m) },
      dispatch: { backoffMs: () => 0, pollMs: 50 },
    },
  );
  await ctx.app.ready();
  await setWebParameters(ctx.db, ONE_READING_ALERTS, { bus: ctx.bus });
  const u = await createUser(ctx.db, { functions: ['system', 'sms'] });
  staff = (await login(ctx.app, u.user.email, u.password)).token;
});
afterAll(async () => {
  await ctx?.close();
  pushServer?.close();
});

const push = (n: number) => ({ endpoint: `${pushOrigin}/send/${n}`, keys: pushKeys });
const pushHost = () => `${new URL(pushOrigin).host}/…`;

async function subscribe(body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    payload: { communes: [TOWN], kinds: ['flood'], altcha: await solveHumanCheck(ctx.app), ...body },
  });
}
const codeSentTo = (phone: string) => /: (\d{6})\./.exec(sms.filter((m) => m.to === phone).at(-1)!.body)![1]!;
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, ...(payload ? { payload: payload as object } : {}) });

/** A reading on a water station in the town (levels 30/50/70 cm), the alert's messages handed to the gateways. */
async function flood(code: string, value: number) {
  const s = await createStation(ctx.db, { code, lat: 21.2676, long: 107.2904, bus: ctx.bus });
  const q = new URLSearchParams({ stationCode: code, ...pushTime(new Date()), value: String(value), key: s.pushKey });
  expect((await api('GET', `/api/receive-water-level?${q}`)).statusCode).toBe(200);
  await ctx.app.alertEngine.idle();
  await handedOver();
  return s;
}

/** Waits until the dispatcher has handed every queued message over. */
async function handedOver() {
  await vi.waitFor(
    async () => {
      await ctx.app.dispatcher.runOnce();
      expect(await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.status, 'PENDING'))).toEqual([]);
    },
    { timeout: 5000, interval: 50 },
  );
}

describe('signing up', () => {
  it('refuses what is missing, naming the field', async () => {
    const none = await subscribe({ channels: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'channels', message: 'Chọn ít nhất một cách nhận cảnh báo' }),
      ]),
    );
    const noPhone = await subscribe({ channels: ['sms'] });
    expect(noPhone.json().fields[0]).toMatchObject({
      field: 'phone',
      message: 'Nhập số điện thoại để nhận SMS hoặc Zalo',
    });
    const noConsent = await subscribe({ channels: ['zalo'], phone: '0912 345 001' });
    expect(noConsent.json().fields[0]).toMatchObject({ field: 'zaloConsent' });
    // A push endpoint that is not a push service (the server would POST wherever it is told).
    const inside = await subscribe({
      channels: ['push'],
      push: { endpoint: 'http://127.0.0.1:5432/', keys: pushKeys },
    });
    expect(inside.json().fields[0]).toMatchObject({ field: 'push' });
    const elsewhere = await subscribe({ channels: ['push'], push: push(0), communes: ['01234'] });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fields[0]).toMatchObject({ field: 'communes' });
    const robot = await api('POST', '/api/subscriptions', {
      communes: [TOWN],
      kinds: ['flood'],
      channels: ['push'],
      push: push(0),
      altcha: 'bm90IGEgc29sdXRpb24=',
    });
    expect(robot.statusCode).toBe(400);
    expect(await ctx.db.select().from(subscribers)).toHaveLength(0);
  });

  it('by SMS: nothing is confirmed before the code; a wrong code is refused; the right one confirms SMS and Zalo', async () => {
    const res = await subscribe({ channels: ['sms', 'zalo'], phone: '0912 345 101', zaloConsent: true });
    expect(res.statusCode).toBe(201);
    const { token, phonePending, emailPending, subscription } = res.json();
    expect({ phonePending, emailPending }).toEqual({ phonePending: true, emailPending: false });
    expect(subscription.channels).toEqual([
      { channel: 'sms', address: '0912***101', confirmed: false },
      { channel: 'zalo', address: '0912***101', confirmed: false },
    ]);
    expect(subscription.consentSource).toBe('web');
    const code = codeSentTo('84912345101');
    expect(smsEncoding(sms.at(-1)!.body)).toBe('GSM-7');
    const wrong = await api('POST', `/api/subscriptions/${token}/confirm-phone`, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields[0].field).toBe('code');
    const ok = await api('POST', `/api/subscriptions/${token}/confirm-phone`, { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().channels.map((c: { confirmed: boolean }) => c.confirmed)).toEqual([true, true]);
    // No address in clear leaves the server on the manage page.
    expect(JSON.stringify((await api('GET', `/api/subscriptions/${token}`)).json())).not.toContain('912345101');
  });

  it('by e-mail: confirmed by the link of the mail, which gives back the manage token', async () => {
    const res = await subscribe({ channels: ['email'], email: 'Dan.Thon@Example.vn' });
    expect(res.json()).toMatchObject({ emailPending: true, phonePending: false });
    const mail = mails.find((m) => m.to === 'dan.thon@example.vn')!;
    const link = /https:\/\/canhbao\.bache\.vn\/dang-ky-canh-bao\/xac-nhan#t=([\w-]+)/.exec(mail.body)!;
    expect((await api('POST', '/api/subscriptions/confirm-email', { token: 'x'.repeat(32) })).statusCode).toBe(400);
    const ok = await api('POST', '/api/subscriptions/confirm-email', { token: link[1] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toBe(res.json().token);
    expect(ok.json().subscription.channels[0]).toEqual({
      channel: 'email',
      address: 'd***@example.vn',
      confirmed: true,
    });
    // The link works once.
    expect((await api('POST', '/api/subscriptions/confirm-email', { token: link[1] })).statusCode).toBe(400);
  });

  it('by web push: confirmed at once (the browser asked the person)', async () => {
    const res = await subscribe({ channels: ['push'], push: push(1) });
    expect(res.json().subscription.channels).toEqual([{ channel: 'push', address: pushHost(), confirmed: true }]);
  });

  it('a token that is not signed for the subscription is unknown', async () => {
    const res = await subscribe({ channels: ['push'], push: push(2) });
    const [id] = res.json().token.split('.');
    expect((await api('GET', `/api/subscriptions/${id}.AAAAAAAAAA`)).statusCode).toBe(404);
    expect((await api('GET', '/api/subscriptions/nonsense')).json().fields[0].field).toBe('token');
  });
});

describe('what is not kept', () => {
  it('a code that cannot be sent keeps nothing: the person is told to try again', async () => {
    const res = await subscribe({ channels: ['sms'], phone: '0912345999' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Chưa gửi được mã xác nhận. Vui lòng thử lại sau ít phút.');
    expect(await ctx.db.select().from(subscriberChannels).where(eq(subscriberChannels.address, UNREACHABLE))).toEqual(
      [],
    );
  });

  it('subscriptions nobody confirmed go after 8 days; confirmed ones stay', async () => {
    const old = new Date(Date.now() - 9 * 86_400_000);
    const make = async (confirmed: boolean) => {
      const [s] = await ctx.db
        .insert(subscribers)
        .values({
          communes: [TOWN],
          kinds: ['flood'],
          consentAt: old,
          consentSource: 'import',
          linkNonce: 'n',
          linkBase: PUBLIC_URL,
          createdAt: old,
        })
        .returning();
      await ctx.db.insert(subscriberChannels).values({
        subscriberId: s!.id,
        channel: 'sms',
        address: `849${String(s!.id).padStart(8, '7')}`,
        confirmedAt: confirmed ? old : null,
      });
      return s!.id;
    };
    const waiting = await make(false);
    const kept = await make(true);
    expect(await purgeUnconfirmedSubscribers(ctx.db, new Date())).toBeGreaterThanOrEqual(1);
    const left = (await ctx.db.select().from(subscribers)).map((r) => r.id);
    expect(left).toContain(kept);
    expect(left).not.toContain(waiting);
    await ctx.db.delete(subscribers).where(eq(subscribers.id, kept));
  });
});

describe('an alert reaches the subscribers of its commune and kind, once each', () => {
  it('town flood subscribers by every channel; not another commune, not another kind, not twice', async () => {
    await ctx.db.delete(subscribers);
    sms.length = 0;
    pushes.length = 0;
    zalos.length = 0;
    mails.length = 0;
    // A: the town, flood, SMS + Zalo + push (and a second sign-up of the same phone: the newest wins).
    const a1 = await subscribe({ channels: ['sms'], phone: '0912345201', communes: [TOWN, LUONG_MINH] });
    await api('POST', `/api/subscriptions/${a1.json().token}/confirm-phone`, { code: codeSentTo('84912345201') });
    const a = await subscribe({
      channels: ['sms', 'zalo', 'push'],
      phone: '+84 912 345 201',
      zaloConsent: true,
      push: push(3),
    });
    expect(a.json()).toMatchObject({ phonePending: true });
    const ca = await api('POST', `/api/subscriptions/${a.json().token}/confirm-phone`, {
      code: codeSentTo('84912345201'),
    });
    expect(ca.json()).toMatchObject({ communes: [TOWN] });
    // B: Lương Minh only. C: the town, heavy rain only. D: the town, flood, phone never confirmed.
    const b = await subscribe({ channels: ['sms'], phone: '0912345202', communes: [LUONG_MINH] });
    await api('POST', `/api/subscriptions/${b.json().token}/confirm-phone`, { code: codeSentTo('84912345202') });
    const c = await subscribe({ channels: ['sms'], phone: '0912345203', kinds: ['heavy_rain'] });
    await api('POST', `/api/subscriptions/${c.json().token}/confirm-phone`, { code: codeSentTo('84912345203') });
    await subscribe({ channels: ['sms'], phone: '0912345204' });
    // E: the town, flood, whose number is also on the staff list: one SMS, the staff's.
    const e = await subscribe({ channels: ['sms'], phone: '0912345205' });
    await api('POST', `/api/subscriptions/${e.json().token}/confirm-phone`, { code: codeSentTo('84912345205') });
    await ctx.db.insert(smsRecipients).values({ name: 'Trưởng thôn', phone: '0912345205' });
    sms.length = 0;

    await flood('F01801', 60);
    const alertSms = sms.filter((m) => m.purpose === 'FLOOD_WARNING');
    expect(alertSms.map((m) => m.to).sort()).toEqual(['0912345205', '84912345201']);
    const toA = alertSms.find((m) => m.to === '84912345201')!.body;
    expect(toA).toMatch(/^CANH BAO LU: .*bao dong 2.* Huy DK: canhbao\.bache\.vn\/h\/[0-9a-z]+\.[\w-]{10}$/);
    expect(toA.length).toBeLessThanOrEqual(SMS_SEGMENT_CHARS);
    expect(smsEncoding(toA)).toBe('GSM-7');
    // The push as the push service got it: to the subscription's endpoint, VAPID-signed, encrypted for its keys.
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.path).toBe('/send/3');
    expect(pushes[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(pushes[0]!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const payload = decrypted(pushes[0]!.body);
    expect(payload).toMatchObject({ url: '/maps', tag: expect.stringMatching(/^alert-\d+$/) });
    expect(payload).toMatchObject({ title: 'CẢNH BÁO LŨ', body: 'Trạm F01801: mực nước đạt báo động cấp II (0,60 m)' });
    expect(payload.manage).toMatch(/^https:\/\/canhbao\.bache\.vn\/dang-ky-canh-bao\/quan-ly#t=/);
    // Zalo's ZNS got the template's data for the phone, with the access token the refresh token bought.
    expect(zalos).toHaveLength(1);
    expect(zalos[0]).toMatchObject({ accessToken: 'zalo-access-1', phone: '84912345201', template_id: '301234' });
    expect(zalos[0]!.template_data).toMatchObject({
      title: 'CẢNH BÁO LŨ',
      area: 'Ba Chẽ',
      link: `${PUBLIC_URL}/maps`,
    });
    // The short link opens the manage page, the token in the fragment.
    const short = /\/h\/([^\s]+)$/.exec(toA)![1]!;
    const hop = await api('GET', `/h/${short}`);
    expect(hop.statusCode).toBe(302);
    expect(hop.headers.location).toBe(`/dang-ky-canh-bao/quan-ly#t=${short}`);
    expect((await api('GET', `/api/subscriptions/${short}`)).json().communes).toEqual([TOWN]);
    // The provider's id is kept for its receipts.
    const [row] = await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.channel, 'zalo'));
    expect(row).toMatchObject({ status: 'SUCCESS', providerId: 'zns-1' });
    // Zalo's refresh tokens are single-use: the new one is kept in the database for every process.
    const [tokens] = await ctx.db.select().from(portalSecrets).where(eq(portalSecrets.name, 'zalo-tokens'));
    expect(JSON.parse(tokens!.value)).toMatchObject({ accessToken: 'zalo-access-1', refreshToken: 'zalo-refresh-2' });
  });

  it('an unsubscribed number gets nothing more; the history keeps it masked; staff never read the token', async () => {
    const before = await ctx.db.select().from(subscriberChannels).where(eq(subscriberChannels.address, '84912345201'));
    const [toA] = await ctx.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.recipient, '84912345201'), eq(messageOutbox.channel, 'sms')));
    const ownerToken = /\/h\/(\S+)$/.exec(toA!.body)![1]!;
    expect(before).toHaveLength(2);
    expect((await api('DELETE', `/api/subscriptions/${ownerToken}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/subscriptions/${ownerToken}`)).statusCode).toBe(404);
    expect(await ctx.db.select().from(subscriberChannels).where(eq(subscriberChannels.address, '84912345201'))).toEqual(
      [],
    );
    const kept = await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.name, 'Người đăng ký'));
    expect(kept.map((r) => r.recipient)).not.toContain('84912345201');
    expect(kept.filter((r) => r.channel === 'sms').map((r) => r.recipient)).toContain('0912***201');
    sms.length = 0;
    await flood('F01802', 60);
    expect(sms.map((m) => m.to)).not.toContain('84912345201');
    const history = await ctx.app.inject({
      method: 'GET',
      url: '/api/sms-history?pageSize=100',
      headers: bearer(staff),
    });
    const text = JSON.stringify(history.json());
    expect(text).not.toMatch(/\/h\/[0-9a-z]+\.[\w-]{10}/);
    expect(text).not.toMatch(/#t=[0-9a-z]+\./);
  });

  it('a push service that answers 410 ends that subscription', async () => {
    const res = await subscribe({ channels: ['push'], push: push(9) });
    gonePaths.add('/send/9');
    await flood('F01803', 60);
    // The failure is recorded, then the channel ended: wait for the end.
    await vi.waitFor(
      async () => expect((await api('GET', `/api/subscriptions/${res.json().token}`)).statusCode).toBe(404),
      { timeout: 5000, interval: 50 },
    );
    const [failed] = await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.status, 'FAILED'));
    expect(failed).toMatchObject({
      channel: 'push',
      recipient: pushHost(),
      attempts: 1,
      lastError: 'Đăng ký nhận thông báo không còn / subscription gone (HTTP 410: gone)',
    });
  });

  it('a delivery receipt marks the message delivered (by our key or the provider id); a failed one says why', async () => {
    const rows = await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.status, 'SUCCESS'));
    const smsRow = rows.find((r) => r.channel === 'sms')!;
    const zaloRow = rows.find((r) => r.channel === 'zalo')!;
    const post = (token: string, payload: string, type: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/delivery-receipts/sms/${token}`,
        payload,
        headers: { 'content-type': type },
      });
    expect((await post('wrong-token-0123456789', '{}', 'application/json')).statusCode).toBe(404);
    const ok = await post(
      RECEIPT_TOKEN,
      JSON.stringify({ id: `sms-history-${smsRow.id}`, status: 'DELIVERED' }),
      'application/json',
    );
    expect(ok.json()).toEqual({ ok: true, matched: true });
    const [delivered] = await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.id, smsRow.id));
    expect(delivered).toMatchObject({ status: 'DELIVERED' });
    expect(delivered!.deliveredAt).toBeInstanceOf(Date);
    const failed = await post(
      RECEIPT_TOKEN,
      `id=${zaloRow.providerId}&status=FAILED&reason=${encodeURIComponent('Thuê bao tạm khoá')}`,
      'application/x-www-form-urlencoded',
    );
    expect(failed.json().matched).toBe(true);
    const [gone] = await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.id, zaloRow.id));
    expect(gone).toMatchObject({
      status: 'FAILED',
      lastError: 'Nhà cung cấp báo không chuyển được: Thuê bao tạm khoá',
    });
    expect((await post(RECEIPT_TOKEN, 'not a receipt', 'text/plain')).statusCode).toBe(400);
  });

  it('a warning taken back after a correction reaches the subscribers it was told to, in their channel’s words', async () => {
    const res = await subscribe({ channels: ['sms', 'push'], phone: '0912345601', push: push(11) });
    await api('POST', `/api/subscriptions/${res.json().token}/confirm-phone`, { code: codeSentTo('84912345601') });
    await flood('F01804', 60);
    expect(sms.filter((m) => m.to === '84912345601')).toHaveLength(2); // the code, then the warning
    const reviewer = await createUser(ctx.db, { functions: ['system', 'database'] });
    const token = (await login(ctx.app, reviewer.user.email, reviewer.password)).token;
    const corrected = await ctx.app.inject({
      method: 'POST',
      url: '/api/readings/flag-range',
      headers: bearer(token),
      payload: {
        stationCode: 'F01804',
        from: new Date(Date.now() - 10 * 60_000).toISOString(),
        to: new Date().toISOString(),
        reason: 'Cảm biến hỏng, số liệu sai',
      },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().cancelledAlerts).toHaveLength(1);
    await handedOver();
    const cancel = sms.filter((m) => m.to === '84912345601').at(-1)!.body;
    expect(cancel).toMatch(/^Huy canh bao .*Tram F01804.* Huy DK: canhbao\.bache\.vn\/h\/[0-9a-z]+\.[\w-]{10}$/);
    expect(cancel.length).toBeLessThanOrEqual(SMS_SEGMENT_CHARS);
    const pushed = pushes.filter((p) => p.path === '/send/11').map((p) => decrypted(p.body));
    expect(pushed).toHaveLength(2);
    expect(pushed[1]).toMatchObject({ title: 'HUỶ CẢNH BÁO LŨ', tag: pushed[0].tag, url: '/maps' });
    expect(pushed[1].body).toMatch(/^Huỷ cảnh báo .*Trạm F01804/);
  });
});

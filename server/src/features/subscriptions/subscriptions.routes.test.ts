import { SMS_SEGMENT_CHARS, smsEncoding } from '@flood/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type OutgoingMessage, PermanentSendError } from '../../lib/channels/channel';
import type { SmsMessage } from '../../lib/sms-gateway';
import { createStation, ONE_READING_ALERTS, setWebParameters } from '../../test/factories';
import { pushTime } from '../../test/push-time';
import { bearer, createTestApp, createUser, login, solveHumanCheck, type TestContext } from '../../test/test-app';
import { messageOutbox, smsRecipients } from '../alerts/sms-admin.table';
import { subscriberChannels, subscribers } from './subscriptions.table';

const TOWN = '06970';
const LUONG_MINH = '06985';
const PUBLIC_URL = 'https://canhbao.bache.vn';
const RECEIPT_TOKEN = 'receipt-secret-0123456789';

const sms: SmsMessage[] = [];
const mails: { to: string; subject: string; body: string }[] = [];
const pushes: OutgoingMessage[] = [];
const zalos: OutgoingMessage[] = [];
/** Push endpoints the fake push service says are gone (410). */
const goneEndpoints = new Set<string>();

let ctx: TestContext;
let staff: string;
beforeAll(async () => {
  ctx = await createTestApp(
    {
      PUBLIC_URL,
      DEMO: 'false',
      SUBSCRIBE_RATE_LIMIT_PER_MINUTE: '1000',
      PUSH_EXTRA_ORIGINS: 'https://push.example.net',
      SMS_RECEIPT_TOKEN: RECEIPT_TOKEN,
    },
    undefined,
    {
      sms: { name: 'fake-sms', send: async (m) => void sms.push(m) },
      email: { name: 'fake-mail', send: async (m) => void mails.push(m) },
      push: {
        name: 'fake-push',
        async send(m) {
          if (goneEndpoints.has(m.to)) throw new PermanentSendError('HTTP 410 Gone', true);
          pushes.push(m);
          return { providerId: `push-${pushes.length}` };
        },
      },
      zalo: {
        name: 'fake-zalo',
        async send(m) {
          zalos.push(m);
          return { providerId: `zns-${zalos.length}` };
        },
      },
      dispatch: { backoffMs: () => 0, pollMs: 50 },
    },
  );
  await ctx.app.ready();
  await setWebParameters(ctx.db, ONE_READING_ALERTS, { bus: ctx.bus });
  const u = await createUser(ctx.db, { functions: ['system', 'sms'] });
  staff = (await login(ctx.app, u.user.email, u.password)).token;
});
afterAll(() => ctx?.close());

const pushKeys = { p256dh: `B${'a'.repeat(86)}`, auth: 'abcdefghijklmnopqrstuv' };
const push = (n: number) => ({ endpoint: `https://push.example.net/send/${n}`, keys: pushKeys });

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
    expect(res.json().subscription.channels).toEqual([
      { channel: 'push', address: 'push.example.net/…', confirmed: true },
    ]);
  });

  it('a token that is not signed for the subscription is unknown', async () => {
    const res = await subscribe({ channels: ['push'], push: push(2) });
    const [id] = res.json().token.split('.');
    expect((await api('GET', `/api/subscriptions/${id}.AAAAAAAAAA`)).statusCode).toBe(404);
    expect((await api('GET', '/api/subscriptions/nonsense')).json().fields[0].field).toBe('token');
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
    expect(pushes).toHaveLength(1);
    const payload = JSON.parse(pushes[0]!.body);
    expect(payload).toMatchObject({ url: '/maps', tag: expect.stringMatching(/^alert-\d+$/) });
    expect(payload).toMatchObject({ title: 'CẢNH BÁO LŨ', body: 'Trạm F01801: mực nước đạt báo động cấp II (0,60 m)' });
    expect(payload.manage).toMatch(/^https:\/\/canhbao\.bache\.vn\/dang-ky-canh-bao\/quan-ly#t=/);
    expect(pushes[0]!.pushKeys).toEqual(pushKeys);
    expect(zalos).toHaveLength(1);
    expect(JSON.parse(zalos[0]!.body)).toMatchObject({
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
    goneEndpoints.add(push(9).endpoint);
    await flood('F01803', 60);
    expect((await api('GET', `/api/subscriptions/${res.json().token}`)).statusCode).toBe(404);
    const [failed] = await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.status, 'FAILED'));
    expect(failed).toMatchObject({
      channel: 'push',
      recipient: 'push.example.net/…',
      attempts: 1,
      lastError: 'HTTP 410 Gone',
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
});

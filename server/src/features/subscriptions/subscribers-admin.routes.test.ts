import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsMessage } from '../../lib/sms-gateway';
import { bearer, createTestApp, createUser, login, solveHumanCheck, type TestContext } from '../../test/test-app';
import { messageOutbox } from '../alerts/sms-admin.table';
import { auditLogs } from '../audit/audit.table';
import { users } from '../users/users.table';

const TOWN = '06970';
const THANH_SON = '06973';
const sent: SmsMessage[] = [];
let ctx: TestContext;
let staff: string;
let system: string;
let other: string;

beforeAll(async () => {
  ctx = await createTestApp(
    {
      PUBLIC_URL: 'https://canhbao.bache.vn',
      SUBSCRIBE_RATE_LIMIT_PER_MINUTE: '1000',
      PUSH_EXTRA_ORIGINS: 'https://push.example.net',
    },
    undefined,
    {
      sms: { name: 'fake-sms', send: async (m) => void sent.push(m) },
      dispatch: { backoffMs: () => 0, pollMs: 50 },
    },
  );
  await ctx.app.ready();
  const a = await createUser(ctx.db, { functions: ['system', 'sms'] });
  staff = (await login(ctx.app, a.user.email, a.password)).token;
  const s = await createUser(ctx.db, { functions: ['system', 'sms'] });
  await ctx.db.update(users).set({ isSystem: true }).where(eq(users.id, s.user.id));
  system = (await login(ctx.app, s.user.email, s.password)).token;
  const o = await createUser(ctx.db, { functions: ['system', 'news'] });
  other = (await login(ctx.app, o.user.email, o.password)).token;
  // Two people of the town subscribed by SMS (one also by push), one of Thanh Sơn by e-mail.
  for (const [phone, channels] of [
    ['0912345301', ['sms', 'push']],
    ['0912345302', ['sms']],
  ] as const) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      payload: {
        communes: [TOWN],
        kinds: ['flood'],
        channels,
        phone,
        push: {
          endpoint: `https://push.example.net/${phone}`,
          keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'abcdefghijklmnopqrstuv' },
        },
        altcha: await solveHumanCheck(ctx.app),
      },
    });
    const code = /: (\d{6})\./.exec(sent.at(-1)!.body)![1];
    await ctx.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${res.json().token}/confirm-phone`,
      payload: { code },
    });
  }
});
afterAll(() => ctx?.close());

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('staff side of subscriptions', () => {
  it('counts per commune and channel for holders of sms; nobody else', async () => {
    expect((await get('/api/subscriber-counts')).statusCode).toBe(401);
    expect((await get('/api/subscriber-counts', other)).statusCode).toBe(403);
    const res = await get('/api/subscriber-counts', staff);
    expect(res.statusCode).toBe(200);
    const town = res.json().find((c: { commune: string }) => c.commune === TOWN);
    expect(town).toEqual({ commune: TOWN, name: 'Thị trấn Ba Chẽ', push: 1, sms: 2, email: 0, zalo: 0, people: 2 });
    expect(res.json().find((c: { commune: string }) => c.commune === THANH_SON)).toMatchObject({ people: 0 });
    expect(JSON.stringify(res.json())).not.toMatch(/0912|84912/);
  });

  it('exports a commune’s numbers only to the system account, audited', async () => {
    expect((await get(`/api/subscriber-export?commune=${TOWN}`, staff)).statusCode).toBe(403);
    const res = await get(`/api/subscriber-export?commune=${TOWN}`, system);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toContain('SMS,0912345301,Lũ,');
    expect(res.body).toContain('Tự đăng ký trên cổng');
    expect(res.body).not.toContain('push.example.net');
    const audit = await ctx.db.select().from(auditLogs);
    expect(audit.map((a) => a.content)).toContain(
      'Xuất danh sách 2 liên hệ người đăng ký nhận cảnh báo của Thị trấn Ba Chẽ',
    );
  });

  it('imports a commune’s list: each new number invited by a code SMS, confirmed by its owner before any warning', async () => {
    const body = {
      commune: THANH_SON,
      kinds: ['flood', 'landslide'],
      phones: ['0912 345 401', 'abc', '0912345302', '', '0912.345.402'],
    };
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/subscriber-import', headers: bearer(staff), payload: body }))
        .statusCode,
    ).toBe(403);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscriber-import',
      headers: bearer(system),
      payload: body,
    });
    expect(res.json()).toEqual({ invited: 2, existing: 1, invalid: [{ line: 2, value: '***' }] });
    const invites = await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.purpose, 'invite'));
    expect(invites.map((m) => m.recipient).sort()).toEqual(['84912345401', '84912345402']);
    const text = invites[0]!.body;
    expect(text).toMatch(
      /^UBND Xa Thanh Son dang ky so nay nhan canh bao lu Ba Che\. Dong y: nhap ma \d{6} tai canhbao\.bache\.vn\/h\/\S+\. Khong dong y: bo qua tin nay\.$/,
    );
    expect(text.length).toBeLessThanOrEqual(160);
    // Not counted before its owner confirms.
    const before = (await get('/api/subscriber-counts', staff))
      .json()
      .find((c: { commune: string }) => c.commune === THANH_SON);
    expect(before.people).toBe(0);
    const [, code, token] = /ma (\d{6}) tai canhbao\.bache\.vn\/h\/(\S+)\./.exec(text)!;
    const view = await ctx.app.inject({ method: 'GET', url: `/api/subscriptions/${token}` });
    expect(view.json()).toMatchObject({ consentSource: 'import', channels: [{ channel: 'sms', confirmed: false }] });
    const ok = await ctx.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${token}/confirm-phone`,
      payload: { code },
    });
    expect(ok.json().channels[0].confirmed).toBe(true);
    const after = (await get('/api/subscriber-counts', staff))
      .json()
      .find((c: { commune: string }) => c.commune === THANH_SON);
    expect(after).toMatchObject({ sms: 1, people: 1 });
    const audit = (await ctx.db.select().from(auditLogs)).map((a) => a.content).join('\n');
    expect(audit).toContain('Nhập danh sách số điện thoại của Xã Thanh Sơn: mời 2, đã có 1, sai 1');
    expect(audit).not.toContain('912345401');
  });
});

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PermanentSendError } from './channel';
import { createMemoryZaloTokenStore, createZaloZnsGateway, type ZaloTokens } from './zalo.gateway';

/**
 * A fake Zalo: the ZNS template endpoint (accepts the access tokens in `valid`, answers `error` codes set per phone)
 * and the OAuth endpoint (each refresh token works once, as Zalo's do; it answers after `refreshDelayMs`).
 */
const zalo = {
  valid: new Set<string>(),
  refreshTokens: new Set<string>(),
  phoneErrors: new Map<string, { error: number; message: string }>(),
  sends: [] as { headers: IncomingHttpHeaders; body: Record<string, unknown> }[],
  refreshes: [] as { headers: IncomingHttpHeaders; body: URLSearchParams }[],
  refreshDelayMs: 0,
};
let issued = 0;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    req.on('end', () => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/v4/oa/access_token') {
        const body = new URLSearchParams(raw);
        zalo.refreshes.push({ headers: req.headers, body });
        const token = body.get('refresh_token') ?? '';
        setTimeout(() => {
          if (req.headers.secret_key !== 'zalo-secret' || !zalo.refreshTokens.delete(token)) {
            json(200, { error: -14014, error_name: 'Invalid parameter', error_description: 'Invalid refresh token' });
            return;
          }
          issued++;
          zalo.valid.add(`access-${issued}`);
          zalo.refreshTokens.add(`refresh-${issued}`);
          json(200, { access_token: `access-${issued}`, refresh_token: `refresh-${issued}`, expires_in: '90000' });
        }, zalo.refreshDelayMs);
        return;
      }
      const body = JSON.parse(raw) as Record<string, unknown>;
      zalo.sends.push({ headers: req.headers, body });
      if (!zalo.valid.has(String(req.headers.access_token))) {
        json(200, { error: -124, message: 'Access token invalid' });
        return;
      }
      const failure = zalo.phoneErrors.get(String(body.phone));
      json(200, failure ?? { error: 0, message: 'Success', data: { msg_id: `zns-${zalo.sends.length}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  Object.assign(zalo, { sends: [], refreshes: [], refreshDelayMs: 0 });
  issued = 0;
  zalo.valid.clear();
  zalo.refreshTokens.clear();
  zalo.phoneErrors.clear();
});

/** A store that also keeps every save, to see the single-use refresh token kept. */
function store(initial: ZaloTokens | null) {
  const inner = createMemoryZaloTokenStore(initial);
  const saved: ZaloTokens[] = [];
  const save = async (t: ZaloTokens) => {
    saved.push(t);
    await inner.save(t);
  };
  return { saved, load: inner.load, save };
}
const inHours = (h: number) => new Date(Date.now() + h * 3600_000);
const gatewayWith = (tokens: ReturnType<typeof store>, initialRefreshToken?: string) =>
  createZaloZnsGateway({
    apiUrl: `${base}/message/template`,
    oauthUrl: `${base}/v4/oa/access_token`,
    appId: '4321',
    secretKey: 'zalo-secret',
    templateId: '301234',
    timeoutMs: 2000,
    tokens,
    initialRefreshToken,
  });
const data = {
  title: 'Cảnh báo lũ – Báo động 2',
  area: 'Thanh Sơn, Nam Sơn',
  content: 'Mực nước "đang lên" & nhanh',
  time: '22:00 26/11',
  link: 'https://canhbao.example.vn/canh-bao/7',
  manage: 'https://canhbao.example.vn/dang-ky/abc',
};
const message = (n: number, to = '0912345678') => ({ id: `sms-history-${n}`, to, body: JSON.stringify(data) });

describe('Zalo ZNS gateway', () => {
  it('sends the template to the phone with the access token and returns the msg_id', async () => {
    zalo.valid.add('access-live');
    const tokens = store({ accessToken: 'access-live', refreshToken: 'refresh-live', expiresAt: inHours(20) });
    expect(await gatewayWith(tokens).send(message(1))).toEqual({ providerId: 'zns-1' });
    expect(zalo.sends[0]?.headers.access_token).toBe('access-live');
    expect(zalo.sends[0]?.headers['content-type']).toBe('application/json');
    expect(zalo.sends[0]?.body).toEqual({
      phone: '84912345678',
      template_id: '301234',
      template_data: data,
      tracking_id: 'sms-history-1',
    });
    expect(zalo.refreshes).toHaveLength(0);
  });

  it('refreshes an access token about to expire first, and saves the new (single-use) refresh token', async () => {
    zalo.valid.add('access-old');
    zalo.refreshTokens.add('refresh-old');
    const tokens = store({ accessToken: 'access-old', refreshToken: 'refresh-old', expiresAt: inHours(0.01) });
    const gateway = gatewayWith(tokens);
    await gateway.send(message(2));
    expect(zalo.refreshes).toHaveLength(1);
    const asked = zalo.refreshes[0]!;
    expect(asked.headers.secret_key).toBe('zalo-secret');
    expect(asked.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(asked.body)).toEqual({
      refresh_token: 'refresh-old',
      app_id: '4321',
      grant_type: 'refresh_token',
    });
    expect(tokens.saved).toHaveLength(1);
    expect(tokens.saved[0]).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(Math.abs(tokens.saved[0]!.expiresAt.getTime() - inHours(25).getTime())).toBeLessThan(5000);
    expect(zalo.sends[0]?.headers.access_token).toBe('access-1');
    // The next send uses the new token without another refresh.
    await gateway.send(message(3));
    expect(zalo.refreshes).toHaveLength(1);
    expect(zalo.sends[1]?.headers.access_token).toBe('access-1');
  });

  it('starts from ZALO_REFRESH_TOKEN when the store is empty', async () => {
    zalo.refreshTokens.add('refresh-from-env');
    const tokens = store(null);
    expect(await gatewayWith(tokens, 'refresh-from-env').send(message(4))).toEqual({ providerId: 'zns-1' });
    expect(tokens.saved[0]).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('refreshes once when the API calls the token invalid (-124), then sends again', async () => {
    zalo.refreshTokens.add('refresh-live');
    const tokens = store({ accessToken: 'access-revoked', refreshToken: 'refresh-live', expiresAt: inHours(20) });
    expect(await gatewayWith(tokens).send(message(5))).toEqual({ providerId: 'zns-2' });
    expect(zalo.sends.map((s) => s.headers.access_token)).toEqual(['access-revoked', 'access-1']);
    expect(zalo.refreshes).toHaveLength(1);
    expect(tokens.saved.at(-1)?.refreshToken).toBe('refresh-1');
  });

  it('concurrent sends share one refresh, before expiry and after an invalid-token answer', async () => {
    zalo.refreshDelayMs = 100;
    zalo.refreshTokens.add('refresh-a');
    const expiring = store({ accessToken: 'access-a', refreshToken: 'refresh-a', expiresAt: inHours(0) });
    const first = gatewayWith(expiring);
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => first.send(message(n))));
    expect(results.every((r) => r?.providerId?.startsWith('zns-'))).toBe(true);
    expect(zalo.refreshes).toHaveLength(1);
    expect(expiring.saved).toHaveLength(1);

    zalo.refreshes = [];
    zalo.refreshTokens.add('refresh-b');
    const revoked = store({ accessToken: 'access-revoked', refreshToken: 'refresh-b', expiresAt: inHours(20) });
    const second = gatewayWith(revoked);
    const again = await Promise.all([6, 7, 8, 9, 10].map((n) => second.send(message(n))));
    expect(again.every((r) => r?.providerId?.startsWith('zns-'))).toBe(true);
    expect(zalo.refreshes).toHaveLength(1);
    expect(revoked.saved).toHaveLength(1);
  });

  it('a phone with no Zalo account (-118) or that cannot receive (-119) ends the channel', async () => {
    zalo.valid.add('access-live');
    zalo.phoneErrors.set('84911111111', { error: -118, message: 'Zalo account not existed' });
    zalo.phoneErrors.set('84922222222', { error: -119, message: 'Account can not receive' });
    const gateway = gatewayWith(store({ accessToken: 'access-live', refreshToken: 'r', expiresAt: inHours(20) }));
    for (const phone of ['0911111111', '0922222222']) {
      const err = await gateway.send(message(11, phone)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PermanentSendError);
      expect((err as PermanentSendError).gone).toBe(true);
    }
  });

  it('an invalid phone (-108) or template data (-112) is permanent; the quota (-115) and unknown codes are retried', async () => {
    zalo.valid.add('access-live');
    zalo.phoneErrors.set('84933333333', { error: -108, message: 'Phone number invalid' });
    zalo.phoneErrors.set('84944444444', { error: -112, message: 'Template data invalid' });
    zalo.phoneErrors.set('84955555555', { error: -115, message: 'Out of quota' });
    zalo.phoneErrors.set('84966666666', { error: -1999, message: 'Something new' });
    const gateway = gatewayWith(store({ accessToken: 'access-live', refreshToken: 'r', expiresAt: inHours(20) }));
    const outcome = (phone: string) => gateway.send(message(12, phone)).catch((e: unknown) => e as Error);
    for (const phone of ['0933333333', '0944444444']) {
      const err = await outcome(phone);
      expect(err).toBeInstanceOf(PermanentSendError);
      expect((err as PermanentSendError).gone).toBe(false);
    }
    const quota = await outcome('0955555555');
    expect(quota).not.toBeInstanceOf(PermanentSendError);
    expect((quota as Error).message).toBe('Zalo ZNS -115: Out of quota');
    const unknown = await outcome('0966666666');
    expect(unknown).not.toBeInstanceOf(PermanentSendError);
    expect((unknown as Error).message).toBe('Zalo ZNS -1999: Something new');
  });

  it('a refused refresh is retried later and leaves the stored tokens as they were', async () => {
    const tokens = store({ accessToken: 'access-old', refreshToken: 'refresh-used', expiresAt: inHours(0) });
    const err = await gatewayWith(tokens)
      .send(message(13))
      .catch((e: unknown) => e as Error);
    expect(err).not.toBeInstanceOf(PermanentSendError);
    expect((err as Error).message).toContain('Invalid refresh token');
    expect(tokens.saved).toHaveLength(0);
    expect(zalo.sends).toHaveLength(0);
  });
});

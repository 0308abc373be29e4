import crypto from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PermanentSendError, type PushPayload } from './channel';
import { createVapidKeys, createWebPushGateway, isKnownPushService } from './push.gateway';

const b64u = (b: Buffer) => b.toString('base64url');
const unb64u = (s: string) => Buffer.from(s, 'base64url');

/** A subscriber as a browser makes one: a P-256 key pair and a 16-byte auth secret (RFC 8291 §2). */
function browserSubscription() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, auth, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
}

/** RFC 8291 §3.4 + RFC 8188: the subscriber's side of aes128gcm, written from the RFCs (not web-push's code). */
function decryptAes128gcm(body: Buffer, ecdh: crypto.ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  expect(record.length).toBeLessThanOrEqual(recordSize);
  const ecdhSecret = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  const end = padded.lastIndexOf(2);
  expect(padded.subarray(end + 1).every((b) => b === 0)).toBe(true);
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT's ES256 signature checked with k, its audience our origin. */
function checkVapid(headers: IncomingHttpHeaders, origin: string, publicKey: string) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? '');
  if (!m?.[1] || !m[2]) throw new Error(`no VAPID authorization: ${headers.authorization}`);
  const [t, k] = [m[1], m[2]];
  expect(k).toBe(publicKey);
  const [head, claims, signature] = t.split('.') as [string, string, string];
  const point = unb64u(k);
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    unb64u(signature),
  );
  expect(valid).toBe(true);
  expect(JSON.parse(unb64u(head).toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  const body = JSON.parse(unb64u(claims).toString()) as { aud: string; exp: number; sub: string };
  expect(body.aud).toBe(origin);
  expect(body.sub).toBe('mailto:canhbao@bache.example.vn');
  expect(body.exp * 1000).toBeGreaterThan(Date.now());
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
/** The push service: answers with `next.status` (and a Location on success), keeps what it received. */
const service = { received: [] as Received[], next: { status: 201 } };
let server: Server;
let origin: string;
const vapid = { ...createVapidKeys(), subject: 'mailto:canhbao@bache.example.vn' };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n = service.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const status = service.next.status;
      res.writeHead(status, status < 300 ? { location: `${origin}/message/m-${n}` } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  service.received = [];
  service.next = { status: 201 };
});

const payload: PushPayload = {
  title: 'Cảnh báo lũ – Báo động 2',
  body: 'Trạm Ba Chẽ: mực nước 215,43 m "đang lên" & <nhanh>',
  url: 'https://canhbao.example.vn/canh-bao/7',
  manage: 'https://canhbao.example.vn/dang-ky/abc',
  tag: 'warning-7',
};
/** The fake push service is on this machine: allowed here only (the default allows the browsers' services). */
const gateway = () =>
  createWebPushGateway({
    vapid,
    timeoutMs: 2000,
    ttlSeconds: 3600,
    endpointAllowed: (u) => u.hostname === '127.0.0.1',
  });

describe('web push gateway', () => {
  it('sends the payload encrypted for the subscriber (aes128gcm) and signed with the VAPID key', async () => {
    const sub = browserSubscription();
    const result = await gateway().send({
      id: 'sms-history-1',
      to: `${origin}/push/abc123`,
      body: JSON.stringify(payload),
      pushKeys: sub.keys,
    });
    expect(result).toEqual({ providerId: `${origin}/message/m-1` });
    const got = service.received[0]!;
    expect(got.path).toBe('/push/abc123');
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers.ttl).toBe('3600');
    expect(got.headers.urgency).toBe('high');
    checkVapid(got.headers, origin, vapid.publicKey);
    // The body is not the payload in clear, and decrypts to it with the subscriber's private key.
    expect(got.body.includes(Buffer.from('Ba Ch'))).toBe(false);
    expect(JSON.parse(decryptAes128gcm(got.body, sub.ecdh, sub.auth))).toEqual(payload);
  });

  it('a subscription gone (410, 404) is a permanent error that ends the channel', async () => {
    for (const status of [410, 404]) {
      service.next = { status };
      const err = await gateway()
        .send({ id: 'sms-history-2', to: `${origin}/push/x`, body: '{}', pushKeys: browserSubscription().keys })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PermanentSendError);
      expect((err as PermanentSendError).gone).toBe(true);
      expect((err as Error).message).toContain(`HTTP ${status}`);
    }
  });

  it('a refused request (413 too large) is permanent but the subscription stays', async () => {
    service.next = { status: 413 };
    const err = await gateway()
      .send({ id: 'sms-history-3', to: `${origin}/push/x`, body: '{}', pushKeys: browserSubscription().keys })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PermanentSendError);
    expect((err as PermanentSendError).gone).toBe(false);
  });

  it('a push service error (500, 429) is an ordinary error, retried', async () => {
    for (const status of [500, 429]) {
      service.next = { status };
      const err = await gateway()
        .send({ id: 'sms-history-4', to: `${origin}/push/x`, body: '{}', pushKeys: browserSubscription().keys })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(PermanentSendError);
      expect((err as Error).message).toContain(`HTTP ${status}`);
    }
  });

  it('an unreachable push service is an ordinary error, retried', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await gateway()
      .send({
        id: 'sms-history-5',
        to: `http://127.0.0.1:${port}/push/x`,
        body: '{}',
        pushKeys: browserSubscription().keys,
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PermanentSendError);
  });

  it("calls only the browsers' push services by default: an endpoint elsewhere ends the subscription unsent", async () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect(isKnownPushService(new URL(ok))).toBe(true);
    }
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://169.254.169.254/latest/meta-data',
      `${origin}/push/x`,
    ]) {
      expect(isKnownPushService(new URL(bad))).toBe(false);
    }
    const strict = createWebPushGateway({ vapid, timeoutMs: 2000 });
    for (const to of [`${origin}/push/x`, 'not a url']) {
      const err = await strict
        .send({ id: 'sms-history-6', to, body: '{}', pushKeys: browserSubscription().keys })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PermanentSendError);
      expect((err as PermanentSendError).gone).toBe(true);
    }
    expect(service.received).toHaveLength(0);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeS3, signRequest, startFakeS3 } from '../test/fake-s3';
import { newStorageKey } from './storage';
import { createS3Storage, S3Error } from './storage-s3';

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3({ buckets: ['portal-files'] });
});
afterAll(() => s3?.close());

const storageOf = (over: Partial<Parameters<typeof createS3Storage>[0]> = {}) =>
  createS3Storage({
    endpoint: s3.endpoint,
    bucket: 'portal-files',
    region: s3.region,
    forcePathStyle: true,
    retryBaseMs: 1,
    ...s3.credentials,
    ...over,
  });

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

describe("the fake S3's reference SigV4 (what it checks aws4fetch's signatures with)", () => {
  it("gives AWS's published signature for its GET Object example", () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('S3 storage (against the fake S3 API)', () => {
  it('puts, reads, streams and removes a file under the prefix', async () => {
    const storage = storageOf({ prefix: 'files/' });
    const key = newStorageKey('png');
    await storage.put(key, Buffer.from('ảnh ngập lụt'));
    expect(s3.objects.get(`portal-files/files/${key}`)?.toString()).toBe('ảnh ngập lụt');
    expect((await storage.read(key))?.toString()).toBe('ảnh ngập lụt');
    const opened = await storage.open(key);
    expect(opened?.size).toBe(Buffer.byteLength('ảnh ngập lụt'));
    expect(await text(opened!.stream)).toBe('ảnh ngập lụt');
    await storage.remove(key);
    expect(s3.objects.has(`portal-files/files/${key}`)).toBe(false);
    expect(await storage.read(key)).toBeNull();
    expect(await storage.open(key)).toBeNull();
    // Removing what is not there is not an error (as with the local directory).
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it('refuses a key the portal could not have made, before any request', async () => {
    const storage = storageOf();
    const before = s3.log.length;
    for (const bad of ['../etc/passwd', 'a/b.png', 'ABC.png', '', `${'a'.repeat(32)}.png?x=1`]) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
      await expect(storage.read(bad)).rejects.toThrow(/invalid storage key/);
      await expect(storage.remove(bad)).rejects.toThrow(/invalid storage key/);
    }
    expect(s3.log.length).toBe(before);
  });

  it('maps S3 errors: wrong secret, missing bucket and a server error throw S3Error with the code', async () => {
    const key = newStorageKey('pdf');
    const wrongSecret = storageOf({ secretAccessKey: 'not-the-secret' });
    await expect(wrongSecret.put(key, Buffer.from('x'))).rejects.toMatchObject({
      name: 'S3Error',
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    await expect(wrongSecret.read(key)).rejects.toBeInstanceOf(S3Error);
    await expect(storageOf({ bucket: 'no-such-bucket' }).put(key, Buffer.from('x'))).rejects.toMatchObject({
      status: 404,
      code: 'NoSuchBucket',
    });
    // Past its retries a lasting 503 or 500 is an S3Error with the store's code.
    s3.failNext(503, 'SlowDown', 3);
    await expect(storageOf({ retries: 2 }).read(key)).rejects.toMatchObject({ status: 503, code: 'SlowDown' });
    s3.failNext(500, 'InternalError', 2);
    await expect(storageOf({ retries: 1 }).remove(key)).rejects.toMatchObject({ status: 500, code: 'InternalError' });
    expect(s3.objects.has(`portal-files/${key}`)).toBe(false);
  });

  it('retries a 503 SlowDown after a backoff, signing the attempt anew, and then succeeds (#18)', async () => {
    const key = newStorageKey('png');
    const before = s3.log.length;
    s3.failNext(503, 'SlowDown');
    const started = performance.now();
    await storageOf({ retryBaseMs: 1 }).put(key, Buffer.from('ảnh'));
    expect(s3.log.slice(before).map((l) => `${l.method} ${l.status}`)).toEqual(['PUT 503', 'PUT 200']);
    expect(s3.objects.get(`portal-files/${key}`)?.toString()).toBe('ảnh');
    expect(performance.now() - started).toBeLessThan(5000);
    // A 4xx is an answer, not a hiccup: never retried.
    const at = s3.log.length;
    await expect(storageOf({ bucket: 'no-such-bucket' }).put(key, Buffer.from('x'))).rejects.toMatchObject({
      status: 404,
    });
    expect(s3.log.length - at).toBe(1);
  });

  it('addresses the bucket in the host name unless path style is asked for', async () => {
    const seen: string[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return new Response(null, { status: 200 });
    });
    try {
      const key = newStorageKey('xlsx');
      await createS3Storage({ bucket: 'portal-files', region: 'ap-southeast-1', ...s3.credentials }).put(
        key,
        Buffer.from('x'),
      );
      await storageOf({ endpoint: 'https://minio.example.test:9000/' }).put(key, Buffer.from('x'));
      expect(seen).toEqual([
        `https://portal-files.s3.ap-southeast-1.amazonaws.com/${key}`,
        `https://minio.example.test:9000/portal-files/${key}`,
      ]);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('S3 storage with temporary credentials (STS, instance role) (#18)', () => {
  let sts: FakeS3;
  beforeAll(async () => {
    sts = await startFakeS3({ buckets: ['portal-files'], sessionToken: 'FwoGZXIvYXdzEXAMPLE//token+with/slashes=' });
  });
  afterAll(() => sts?.close());
  const withToken = (sessionToken: string | undefined) =>
    createS3Storage({
      endpoint: sts.endpoint,
      bucket: 'portal-files',
      region: sts.region,
      forcePathStyle: true,
      retryBaseMs: 1,
      ...sts.credentials,
      sessionToken,
    });

  it('sends and signs X-Amz-Security-Token; without it, or with another, the store refuses', async () => {
    const key = newStorageKey('geojson');
    const storage = withToken('FwoGZXIvYXdzEXAMPLE//token+with/slashes=');
    await storage.put(key, Buffer.from('{"type":"FeatureCollection","features":[]}'));
    expect((await storage.read(key))?.toString()).toContain('FeatureCollection');
    await storage.remove(key);
    await expect(withToken(undefined).read(key)).rejects.toMatchObject({ status: 403, code: 'InvalidToken' });
    await expect(withToken('another-token').read(key)).rejects.toMatchObject({ status: 403, code: 'InvalidToken' });
  });
});

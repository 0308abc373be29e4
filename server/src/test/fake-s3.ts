import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type S3Credentials, signRequest } from '../lib/storage-s3';

export interface FakeS3 {
  /** http://127.0.0.1:<port>, for path-style requests. */
  endpoint: string;
  credentials: S3Credentials;
  region: string;
  /** Stored objects by "bucket/key". */
  objects: Map<string, Buffer>;
  /** Every request as "METHOD /path" with the answer's status. */
  log: { method: string; path: string; status: number }[];
  /** Answers the next request with this status and S3 error code (then back to normal). */
  failNext(status: number, code: string): void;
  close(): Promise<void>;
}

const xmlError = (code: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code}</Message></Error>`;

/**
 * A small in-process stand-in for the S3 REST API (PUT, GET, HEAD, DELETE of objects, path-style), so the
 * S3 storage is tested without a network or a MinIO binary. It checks each request's SigV4 signature the
 * way S3 does — recomputed from the request as it arrived (method, path, query, signed headers, body hash) —
 * and answers with S3's status codes and XML error codes.
 */
export async function startFakeS3(opts: { buckets?: string[]; region?: string } = {}): Promise<FakeS3> {
  const buckets = new Set(opts.buckets ?? ['portal-files']);
  const region = opts.region ?? 'ap-southeast-1';
  const credentials = { accessKeyId: 'AKIAFAKES3TEST000001', secretAccessKey: 'fake/secret+key/for-tests-only' };
  const objects = new Map<string, Buffer>();
  const log: FakeS3['log'] = [];
  let nextFailure: { status: number; code: string } | undefined;

  function authorised(req: http.IncomingMessage, body: Buffer): string | undefined {
    const auth =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        req.headers.authorization ?? '',
      );
    if (!auth) return 'AccessDenied';
    const [, keyId, day, scopeRegion, signedHeaders, signature] = auth;
    if (keyId !== credentials.accessKeyId) return 'InvalidAccessKeyId';
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!amzDate.startsWith(day!) || scopeRegion !== region) return 'AuthorizationHeaderMalformed';
    if (payloadHash !== createHash('sha256').update(body).digest('hex')) return 'XAmzContentSHA256Mismatch';
    const headers: Record<string, string> = {};
    for (const name of signedHeaders!.split(';')) {
      if (name === 'host' || name === 'x-amz-date' || name === 'x-amz-content-sha256') continue;
      const v = req.headers[name];
      if (v === undefined) return 'SignatureDoesNotMatch';
      headers[name] = Array.isArray(v) ? v.join(',') : v;
    }
    const expected = signRequest({
      method: req.method!,
      url: new URL(req.url!, `http://${req.headers.host}`),
      headers,
      payloadHash,
      region,
      credentials,
      date: new Date(
        `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
      ),
    }).authorization!;
    const sent = Buffer.from(signature!);
    const want = Buffer.from(expected.slice(expected.lastIndexOf('Signature=') + 10));
    return sent.length === want.length && timingSafeEqual(sent, want) ? undefined : 'SignatureDoesNotMatch';
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url!, 'http://fake').pathname;
      const answer = (status: number, code?: string, payload?: Buffer, headers: Record<string, string> = {}) => {
        log.push({ method: req.method!, path, status });
        const out = code && req.method !== 'HEAD' ? Buffer.from(xmlError(code)) : payload;
        res.writeHead(status, {
          ...(code ? { 'content-type': 'application/xml' } : {}),
          ...(out ? { 'content-length': String(out.length) } : {}),
          ...headers,
        });
        res.end(req.method === 'HEAD' ? undefined : out);
      };
      if (nextFailure) {
        const f = nextFailure;
        nextFailure = undefined;
        return answer(f.status, f.code);
      }
      const denied = authorised(req, body);
      if (denied) return answer(403, denied);
      const [, bucket, ...rest] = path.split('/').map(decodeURIComponent);
      const key = rest.join('/');
      if (!bucket || !buckets.has(bucket)) return answer(404, 'NoSuchBucket');
      if (!key) return answer(400, 'InvalidRequest');
      const id = `${bucket}/${key}`;
      const stored = objects.get(id);
      const etag = (b: Buffer) => `"${createHash('md5').update(b).digest('hex')}"`;
      switch (req.method) {
        case 'PUT':
          objects.set(id, body);
          return answer(200, undefined, undefined, { etag: etag(body) });
        case 'GET':
        case 'HEAD':
          if (!stored) return answer(404, 'NoSuchKey');
          return answer(200, undefined, stored, { 'content-type': 'application/octet-stream', etag: etag(stored) });
        case 'DELETE':
          objects.delete(id);
          return answer(204);
        default:
          return answer(405, 'MethodNotAllowed');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    credentials,
    region,
    objects,
    log,
    failNext(status, code) {
      nextFailure = { status, code };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

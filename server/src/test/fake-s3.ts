import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Credentials } from '../lib/storage-s3';

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 escaping as SigV4 wants it: unreserved characters (and '/' between segments) stay. */
const encodePath = (p: string) =>
  p
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to send and sign (lower-case names); host, x-amz-date and x-amz-content-sha256 are added. */
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service?: string;
  credentials: S3Credentials;
  date: Date;
}

/**
 * The fake's own AWS Signature Version 4 (docs.aws.amazon.com "sig-v4-header-based-auth"), written from the
 * specification and checked against AWS's published example (storage-s3.test.ts): the reference the fake
 * recomputes each request's signature with, independent of the signer the storage uses (aws4fetch).
 */
export function signRequest(input: SignInput): Record<string, string> {
  const amzDate = input.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const service = input.service ?? 's3';
  const headers: Record<string, string> = {
    ...input.headers,
    host: input.url.host,
    'x-amz-date': amzDate,
    'x-amz-content-sha256': input.payloadHash,
  };
  const names = Object.keys(headers)
    .map((n) => n.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const signedHeaders = names.join(';');
  const query = [...input.url.searchParams]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');
  const canonical = [
    input.method,
    encodePath(decodeURIComponent(input.url.pathname)),
    query,
    ...names.map((n) => `${n}:${String(lower[n]).trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  let key = hmac(`AWS4${input.credentials.secretAccessKey}`, day);
  for (const part of [input.region, service, 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}

export interface FakeS3 {
  /** http://127.0.0.1:<port>, for path-style requests. */
  endpoint: string;
  credentials: S3Credentials;
  region: string;
  /** Stored objects by "bucket/key". */
  objects: Map<string, Buffer>;
  /** Every request as "METHOD /path" with the answer's status. */
  log: { method: string; path: string; status: number }[];
  /** Answers the next `times` requests (default 1) with this status and S3 error code, then back to normal. */
  failNext(status: number, code: string, times?: number): void;
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
export async function startFakeS3(
  opts: {
    buckets?: string[];
    region?: string;
    /** Temporary credentials: every request must carry this token, signed, as X-Amz-Security-Token. */
    sessionToken?: string;
  } = {},
): Promise<FakeS3> {
  const buckets = new Set(opts.buckets ?? ['portal-files']);
  const region = opts.region ?? 'ap-southeast-1';
  const credentials = { accessKeyId: 'AKIAFAKES3TEST000001', secretAccessKey: 'fake/secret+key/for-tests-only' };
  const objects = new Map<string, Buffer>();
  const log: FakeS3['log'] = [];
  let failures: { status: number; code: string; times: number } | undefined;

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
    if (opts.sessionToken !== undefined) {
      // S3 refuses temporary keys without their token, and a token that is not signed.
      const token = req.headers['x-amz-security-token'];
      if (token === undefined) return 'InvalidToken';
      if (token !== opts.sessionToken || !signedHeaders!.split(';').includes('x-amz-security-token'))
        return 'InvalidToken';
    }
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
      if (failures && failures.times > 0) {
        failures.times -= 1;
        return answer(failures.status, failures.code);
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
    failNext(status, code, times = 1) {
      failures = { status, code, times };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

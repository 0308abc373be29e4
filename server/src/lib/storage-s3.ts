import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { type FileStorage, isStorageKey } from './storage';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3StorageOptions extends S3Credentials {
  /** The service root, e.g. https://s3.ap-southeast-1.amazonaws.com or http://127.0.0.1:9000 (MinIO). */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Bucket in the path (MinIO, most self-hosted stores) rather than in the host name (AWS default). */
  forcePathStyle?: boolean;
  /** Prepended to every key, e.g. 'files/', so the portal can share a bucket. */
  prefix?: string;
  timeoutMs?: number;
}

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
 * AWS Signature Version 4 for a request with its headers (docs.aws.amazon.com "sig-v4-header-based-auth"),
 * checked against AWS's published example: a few lines of node:crypto instead of the AWS SDK's dozens of
 * packages. Returns the headers to send, Authorization included.
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

/** An S3 answer that is neither success nor "no such key", with S3's own error code when it sent one. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    what: string,
  ) {
    super(`S3 ${what}: ${status} ${code}`);
    this.name = 'S3Error';
  }
}

/**
 * Uploaded files in any S3-compatible store (AWS S3, MinIO, Ceph, Cloudflare R2, Garage…), so several
 * server processes share them (docs/operations.md). Same keys and behaviour as the local directory: a key
 * this portal could not have made is refused before any request, a missing object reads as null.
 */
export function createS3Storage(opts: S3StorageOptions): FileStorage {
  const endpoint = new URL(opts.endpoint ?? `https://s3.${opts.region}.amazonaws.com`);
  const base = endpoint.pathname.replace(/\/+$/, '');
  const prefix = opts.prefix ?? '';
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const emptyHash = sha256Hex('');

  function urlOf(key: string): URL {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    const object = encodePath(`${prefix}${key}`);
    const url = new URL(endpoint);
    if (opts.forcePathStyle) url.pathname = `${base}/${encodePath(opts.bucket)}/${object}`;
    else {
      url.hostname = `${opts.bucket}.${endpoint.hostname}`;
      url.pathname = `${base}/${object}`;
    }
    return url;
  }

  async function send(method: string, key: string, body?: Buffer): Promise<Response> {
    const url = urlOf(key);
    const headers = signRequest({
      method,
      url,
      headers: body ? { 'content-type': 'application/octet-stream' } : {},
      payloadHash: body ? sha256Hex(body) : emptyHash,
      region: opts.region,
      credentials: opts,
      date: new Date(),
    });
    delete headers.host; // fetch sends the URL's host itself (the one signed)
    return fetch(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
  }

  async function fail(res: Response, what: string): Promise<never> {
    const text = await res.text().catch(() => '');
    throw new S3Error(res.status, /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? res.statusText, what);
  }

  return {
    async put(key, data) {
      const res = await send('PUT', key, data);
      if (!res.ok) await fail(res, `PUT ${key}`);
      await res.arrayBuffer();
    },
    async open(key) {
      const res = await send('GET', key);
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok || !res.body) return fail(res, `GET ${key}`);
      const length = res.headers.get('content-length');
      if (length === null) {
        // Without a length (a chunked answer) the size is known only once read.
        const bytes = Buffer.from(await res.arrayBuffer());
        return { stream: Readable.from([bytes]), size: bytes.length };
      }
      return { stream: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), size: Number(length) };
    },
    async read(key) {
      const res = await send('GET', key);
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok) return fail(res, `GET ${key}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(key) {
      const res = await send('DELETE', key);
      // S3 answers 204 whether or not the key existed; some compatible stores answer 404.
      if (!res.ok && res.status !== 404) await fail(res, `DELETE ${key}`);
      await res.arrayBuffer();
    },
  };
}

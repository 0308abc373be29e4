import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import { AwsClient } from 'aws4fetch';
import { type FileStorage, isStorageKey } from './storage';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials (STS, an instance or task role): sent and signed as X-Amz-Security-Token. */
  sessionToken?: string | undefined;
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
  /** Whole time of one operation, its retries included. */
  timeoutMs?: number;
  /** Retries of an answer 5xx or 429 (503 SlowDown: S3 asks to slow down), with jittered exponential backoff. */
  retries?: number;
  /** The first backoff's ceiling; each retry doubles it (0–100 ms, 0–200 ms, 0–400 ms… by default). */
  retryBaseMs?: number;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
/** RFC 3986 escaping of a key: unreserved characters (and '/' between segments) stay. */
const encodePath = (p: string) =>
  p
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');

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

  // aws4fetch: a maintained SigV4 signer (WebCrypto, no dependencies), with temporary credentials' token.
  const client = new AwsClient({
    accessKeyId: opts.accessKeyId,
    secretAccessKey: opts.secretAccessKey,
    sessionToken: opts.sessionToken,
    service: 's3',
    region: opts.region,
    retries: 0,
  });
  const retries = opts.retries ?? 4;
  const retryBaseMs = opts.retryBaseMs ?? 100;

  /**
   * One operation: signed anew for each attempt (the date moves); an answer 5xx or 429 (503 SlowDown, 500
   * InternalError) is retried after a jittered, doubling wait ("full jitter", as AWS's SDKs do), within
   * `timeoutMs` for the whole operation.
   */
  async function send(method: string, key: string, body?: Buffer): Promise<Response> {
    const url = urlOf(key).toString();
    const signal = AbortSignal.timeout(timeoutMs);
    for (let attempt = 0; ; attempt++) {
      const request = await client.sign(url, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/octet-stream' } : {}),
          // The payload is signed (not UNSIGNED-PAYLOAD): the store checks the bytes it receives.
          'x-amz-content-sha256': body ? sha256Hex(body) : emptyHash,
        },
        body: body ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : undefined,
      });
      const res = await fetch(request, { signal });
      if ((res.status < 500 && res.status !== 429) || attempt >= retries) return res;
      await res.arrayBuffer().catch(() => undefined);
      await sleep(Math.random() * retryBaseMs * 2 ** attempt, signal);
    }
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

import { type IncomingHttpHeaders, request } from 'node:http';

/** A real HTTP GET (a fresh connection) with the bytes as sent: no decompression, every header kept. */
export function rawGet(
  url: string,
  acceptEncoding = '',
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { agent: false, headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

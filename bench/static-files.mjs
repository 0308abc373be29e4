// Static files the portal serves (the built web app's assets), against Node's bare `http` and Debian's nginx
// serving the very same bytes — for a static file nginx is the fair limit. Used by the map part (bench/map.mjs).
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { startBare, startNginx } from './baselines.mjs';
import { fmt } from './lib.mjs';
import { measure, TOOL } from './map-http.mjs';
import { row } from './report.mjs';

/** One GET with the bytes as sent (no decompression). */
export function rawGet(url, encoding) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ bytes: Buffer.concat(chunks), status: res.statusCode, enc: res.headers['content-encoding'] ?? null }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The web app's entry script (index.html's first module script) fetched with `Accept-Encoding: gzip`, in
 * calls/s and p99, from the portal, from bare `http` and from nginx (gzip_static) sending the bytes the portal
 * sent. Rows for the table; n/a when there is no web build.
 */
export async function webAssetRows(base, webDist) {
  let html;
  try {
    html = await readFile(path.join(webDist, 'index.html'), 'utf8');
  } catch {
    return [row('map', 'web asset (entry script), gzip', 'n/a (no web build)', '')];
  }
  const src = /<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) return [row('map', 'web asset (entry script), gzip', 'n/a (no entry script)', '')];
  const identity = await readFile(path.join(webDist, src));
  const got = await rawGet(`${base}${src}`, 'gzip');
  if (got.status !== 200) throw new Error(`${src}: ${got.status}`);
  const gz = got.enc === 'gzip' ? got.bytes : null;
  const headers = {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': 'public, max-age=31536000, immutable',
    vary: 'accept-encoding',
    ...(gz ? { 'content-encoding': 'gzip' } : {}),
  };
  const bare = await startBare({ [src]: { body: gz ?? identity, headers } });
  const nginx = await startNginx({ [src]: identity, ...(gz ? { [`${src}.gz`]: gz } : {}) });
  const h = { 'accept-encoding': 'gzip' };
  try {
    const portal = await measure(`${base}${src}`, h);
    const node = await measure(`${bare.base}${src}`, h);
    const ngx = await measure(`${nginx.base}${src}`, h);
    const label = `web entry script ${path.basename(src)} (${fmt((gz ?? identity).length / 1024, 1)} KB ${gz ? 'gzip' : 'identity'}), ${TOOL}`;
    console.log(`   ${label}`);
    console.log(`     baseline: bare http ${fmt(node.rps)} req/s, p99 ${fmt(node.p99, 2)} ms`);
    console.log(`     baseline: nginx     ${fmt(ngx.rps)} req/s, p99 ${fmt(ngx.p99, 2)} ms`);
    console.log(
      `     portal              ${fmt(portal.rps)} req/s (${fmt(portal.rps / ngx.rps, 2)}× nginx), p99 ${fmt(portal.p99, 2)} ms${portal.errors ? `, errors ${portal.errors}` : ''}`,
    );
    const note = portal.errors ? `${portal.errors} errors` : undefined;
    return [
      row('map', label, portal.rps, 'req/s', { baseline: { label: 'bare http, same bytes', value: node.rps }, note }),
      row('map', label, portal.rps, 'req/s', { baseline: { label: 'nginx gzip_static, same bytes', value: ngx.rps } }),
      row('map', `web entry script, p99`, portal.p99, 'ms', {
        digits: 2,
        baseline: { label: 'nginx gzip_static, same bytes', value: ngx.p99 },
      }),
    ];
  } finally {
    await bare.stop();
    await nginx.stop();
  }
}

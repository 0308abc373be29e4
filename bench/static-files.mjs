// Static files the portal serves (the built web app's entry script, style sheet and icon), against Node's bare `http`
// and Debian's nginx serving the very same bytes — for a static file nginx is the fair limit. Used by the map part
// (bench/map.mjs).
import { access, readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { BROTLI_STATIC, startBare, startNginx } from './baselines.mjs';
import { fmt } from './lib.mjs';
import { measureInTurns, TOOL } from './map-http.mjs';
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

/** Static files must answer at ≥ this ratio of nginx serving the same bytes (#25, point 5). */
const STATIC_AIM = 0.5;

/** The built files a first visit loads: index.html's entry script and style sheet, and its icon. */
async function firstVisitFiles(webDist, html) {
  const files = [];
  const script = /<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (script) files.push({ what: 'entry script', src: script });
  const css = /<link[^>]*rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  if (css) files.push({ what: 'style sheet', src: css });
  const icon = /<link[^>]*rel="icon"[^>]*href="(\/[^"]+)"/.exec(html)?.[1];
  if (icon && !icon.startsWith('//')) {
    try {
      await readFile(path.join(webDist, icon));
      files.push({ what: 'icon', src: icon });
    } catch {
      // Not a built file.
    }
  }
  return files;
}

/**
 * The web app's static files (entry script, style sheet, icon) fetched with `Accept-Encoding: gzip`, in calls/s
 * and p99: from the portal as deployed — the built scripts and style sheets through its shipped nginx front
 * (deploy/nginx/flood-built-files.conf, docs/operations.md), other files from the portal behind it — from the
 * portal alone, from bare `http` and from nginx (gzip_static) sending the bytes the portal sent. One row per file
 * as deployed against nginx, aim ≥ 0.5×, and one of the portal alone for the reader (no aim: Node's own `http` sets
 * its limit, docs/decisions.md "Built files: nginx in front"); n/a when there is no web build. Without nginx's
 * brotli_static module the front is not measured and the rows say so.
 */
export async function webAssetRows(base, webDist) {
  let html;
  try {
    html = await readFile(path.join(webDist, 'index.html'), 'utf8');
  } catch {
    return [row('map', 'web static files, gzip', 'n/a (no web build)', '')];
  }
  const files = await firstVisitFiles(webDist, html);
  if (!files.length) return [row('map', 'web static files, gzip', 'n/a (no entry script)', '')];
  const hasFront = await access(BROTLI_STATIC).then(
    () => true,
    () => false,
  );
  const front = hasFront ? await startNginx({}, { root: webDist, portal: base }) : null;
  const rows = [];
  try {
    for (const { what, src } of files) {
      const identity = await readFile(path.join(webDist, src));
      const got = await rawGet(`${base}${src}`, 'gzip');
      if (got.status !== 200) throw new Error(`${src}: ${got.status}`);
      const gz = got.enc === 'gzip' ? got.bytes : null;
      if (front) {
        const viaFront = await rawGet(`${front.base}${src}`, 'gzip');
        if (viaFront.status !== 200 || !viaFront.bytes.equals(got.bytes))
          throw new Error(`${src}: the front sent other bytes`);
      }
      const headers = {
        'content-type': 'application/octet-stream',
        'cache-control': 'public, max-age=31536000, immutable',
        vary: 'accept-encoding',
        ...(gz ? { 'content-encoding': 'gzip' } : {}),
      };
      const bare = await startBare({ [src]: { body: gz ?? identity, headers } });
      const nginx = await startNginx({ [src]: identity, ...(gz ? { [`${src}.gz`]: gz } : {}) });
      const h = { 'accept-encoding': 'gzip' };
      try {
        const urls = [`${base}${src}`, `${bare.base}${src}`, `${nginx.base}${src}`];
        if (front) urls.push(`${front.base}${src}`);
        const [portal, node, ngx, deployed] = await measureInTurns(urls, h);
        const label = `web ${what} ${path.basename(src)} (${fmt((gz ?? identity).length / 1024, 1)} KB ${gz ? 'gzip' : 'identity'}), ${TOOL}`;
        const alone = portal.rps / ngx.rps;
        console.log(`   ${label}`);
        console.log(`     baseline: bare http ${fmt(node.rps)} req/s, p99 ${fmt(node.p99, 2)} ms`);
        console.log(`     baseline: nginx     ${fmt(ngx.rps)} req/s, p99 ${fmt(ngx.p99, 2)} ms`);
        console.log(
          `     portal alone        ${fmt(portal.rps)} req/s (${fmt(alone, 2)}× nginx; ${fmt(portal.rps / node.rps, 2)}× bare http), p99 ${fmt(portal.p99, 2)} ms${portal.errors ? `, errors ${portal.errors}` : ''}`,
        );
        const bareNote = `bare http ${fmt(node.rps)} req/s = ${fmt(node.rps / ngx.rps, 2)}× nginx`;
        if (deployed) {
          const ratio = deployed.rps / ngx.rps;
          const pass = ratio >= STATIC_AIM && !deployed.errors;
          console.log(
            `     as deployed (front) ${fmt(deployed.rps)} req/s (${fmt(ratio, 2)}× nginx, aim ≥ ${STATIC_AIM}: ${pass ? 'pass' : 'FAIL'}), p99 ${fmt(deployed.p99, 2)} ms${deployed.errors ? `, errors ${deployed.errors}` : ''}`,
          );
          rows.push(
            row('map', `${label}, as deployed (nginx front of deploy/nginx)`, deployed.rps, 'req/s', {
              baseline: { label: 'nginx gzip_static, same bytes', value: ngx.rps },
              aim: `≥ ${STATIC_AIM}× nginx, no error`,
              pass,
              note: deployed.errors ? `${deployed.errors} errors` : undefined,
            }),
          );
        } else {
          rows.push(row('map', `${label}, as deployed`, 'n/a (no nginx brotli_static module)', ''));
        }
        rows.push(
          row('map', `${label}, the portal alone`, portal.rps, 'req/s', {
            baseline: { label: 'nginx gzip_static, same bytes', value: ngx.rps },
            aim: `— (Node's limit: ${bareNote})`,
            note: `${fmt(portal.rps / node.rps, 2)}× bare http${portal.errors ? `; ${portal.errors} errors` : ''}`,
          }),
        );
      } finally {
        await bare.stop();
        await nginx.stop();
      }
    }
  } finally {
    await front?.stop();
  }
  return rows;
}

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT, sleep } from '../reliability/harness';
import { rawGet } from '../test/raw-get';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * The nginx front for built files that docs/operations.md prescribes (deploy/nginx/flood-built-files.conf, #25
 * point 5): in front of the real portal, nginx answers a built script or style sheet itself, with the very bytes
 * and headers the portal gives it for each Accept-Encoding, and hands the portal what is not on its disk.
 */
const SNIPPET = path.join(REPO_ROOT, 'deploy', 'nginx', 'flood-built-files.conf');
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const HAS_NGINX = NGINX !== undefined && existsSync(BROTLI_MODULE);
// CI installs both (.ci/run): there the test must run, not skip.
if (process.env.CI && !HAS_NGINX) throw new Error(`nginx with ${BROTLI_MODULE} is needed (.ci/run installs it)`);

const text = (what: string) =>
  `/* ${what} */ ${`console.log(${JSON.stringify('mưa lũ Ba Chẽ '.repeat(40))});\n`.repeat(20)}`;
const FILES = {
  'assets/app-abc12345.js': text('entry'),
  'assets/style-abc12345.css': `.card{color:#123}\n${'.x-a{margin:0 auto;padding:4px}\n'.repeat(200)}`,
  // Below the build's 1 KB: no .br or .gz beside it (web/build/precompress.ts).
  'assets/tiny-abc12345.js': 'export const a = 1;',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1z"/></svg>',
  // (Any bytes: only the type by its name matters here.)
  'icons/icon-192.png': '\x89PNG\r\n\x1a\n icon',
};
/** Headers per request or per server (nginx makes its own tags, and says it answers ranges of a plain file, which the
 * portal also does without saying so): not compared. */
const OWN = new Set([
  'date',
  'connection',
  'keep-alive',
  'x-request-id',
  'etag',
  'server',
  'last-modified',
  'vary',
  'accept-ranges',
]);

describe.skipIf(!HAS_NGINX)('nginx in front of the portal for built files (deploy/nginx)', () => {
  let ctx: TestContext;
  let dir: string;
  let nginx: ChildProcess;
  let portal: string;
  let front: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'flood-nginx-front-'));
    const dist = path.join(dir, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await mkdir(path.join(dist, 'icons'));
    await writeFile(path.join(dist, 'index.html'), '<html><body><div id="root"></div></body></html>');
    for (const [file, body] of Object.entries(FILES)) {
      await writeFile(path.join(dist, file), body);
      if (body.length >= 1024) {
        await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(body));
        await writeFile(path.join(dist, `${file}.gz`), gzipSync(body, { level: 9 }));
      }
    }
    // nginx's copy of the build lacks one file the portal holds (another build's file during an update).
    const www = path.join(dir, 'www');
    await cp(dist, www, { recursive: true });
    await writeFile(path.join(dist, 'assets', 'older-abc12345.js'), 'export const older = 1;');
    ctx = await createTestApp({ WEB_DIST: dist });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    portal = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;

    const port = await freePort();
    front = `http://127.0.0.1:${port}`;
    const conf = path.join(dir, 'nginx.conf');
    await writeFile(
      conf,
      `load_module ${BROTLI_MODULE};
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  server {
    listen 127.0.0.1:${port};
    root ${www};
    include ${SNIPPET};
    location / { proxy_pass ${portal}; }
    location @flood_portal { proxy_pass ${portal}; }
  }
}
`,
    );
    // Its workers run as `nobody` when started by root: they must be able to read the build.
    for (const d of [dir, www, path.join(www, 'assets'), path.join(www, 'icons')]) await chmod(d, 0o755);
    const check = spawnSync(NGINX!, ['-t', '-p', dir, '-c', conf, '-e', 'stderr'], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    nginx = spawn(NGINX!, ['-p', dir, '-c', conf, '-e', 'stderr'], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if ((await rawGet(`${front}/assets/tiny-abc12345.js`).catch(() => null))?.status === 200) break;
      await sleep(50);
    }
  });

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await ctx?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const cases = [
    ['assets/app-abc12345.js', 'br, gzip', 'br'],
    ['assets/app-abc12345.js', 'gzip', 'gzip'],
    ['assets/app-abc12345.js', '', null],
    ['assets/style-abc12345.css', 'gzip, deflate, br', 'br'],
    ['assets/style-abc12345.css', 'gzip', 'gzip'],
    ['assets/tiny-abc12345.js', 'br, gzip', null],
    // An icon carries every header of a page's (an SVG can be opened as a document).
    ['favicon.svg', 'br, gzip', null],
    ['icons/icon-192.png', 'gzip', null],
  ] as const;
  it.each(cases)(
    '%s with Accept-Encoding "%s": nginx sends it itself, with the portal’s bytes and headers',
    async (file, accept, encoding) => {
      const fromPortal = await rawGet(`${portal}/${file}`, accept);
      const fromFront = await rawGet(`${front}/${file}`, accept);
      expect(fromPortal.status).toBe(200);
      expect(fromFront.status).toBe(200);
      // Answered by nginx, not proxied: the portal would have given it a request id.
      expect(fromFront.headers['x-request-id']).toBeUndefined();
      expect(fromPortal.headers['content-encoding'] ?? null).toBe(encoding);
      expect(fromFront.headers['content-encoding'] ?? null).toBe(encoding);
      expect(fromFront.bytes.equals(fromPortal.bytes)).toBe(true);
      expect(fromPortal.headers['x-content-type-options']).toBe('nosniff');
      const compared = (h: Record<string, string | string[] | undefined>) =>
        Object.fromEntries(Object.entries(h).filter(([name]) => !OWN.has(name)));
      expect(compared(fromFront.headers)).toEqual(compared(fromPortal.headers));
      if (encoding) expect(fromFront.headers.vary?.toLowerCase()).toBe('accept-encoding');
      // Its own tag revalidates.
      const again = await rawGet(`${front}/${file}`, accept, { 'if-none-match': String(fromFront.headers.etag) });
      expect(again.status).toBe(304);
    },
  );

  it('hands the portal a built file that is not on its disk, and every other path', async () => {
    const older = await rawGet(`${front}/assets/older-abc12345.js`);
    expect(older.status).toBe(200);
    expect(older.bytes.toString()).toBe('export const older = 1;');
    expect(older.headers['x-request-id']).toBeDefined();
    const page = await rawGet(`${front}/dashboard`);
    expect(page.status).toBe(200);
    expect(page.headers['x-request-id']).toBeDefined();
    expect(page.headers['content-security-policy']).toBeDefined();
  });
});

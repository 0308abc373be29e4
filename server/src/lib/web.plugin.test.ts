import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PUBLIC_ROUTES } from '@flood/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HotReads, registerHotReads } from './hot-reads';
import { type FirstView, registerWeb, staticShellFor } from './web.plugin';

const BIG_SCRIPT = `console.log(${JSON.stringify('mưa lũ '.repeat(2000))});`;
const INDEX =
  '<html><body><div id="root"><!--app-shell--><!--bare-bar <nav class="bare-bar">Về trang chủ</nav> --><header class="app-header">Cảnh báo lũ</header>' +
  '<!--demo-banner--><div class="demo-banner">Dữ liệu minh hoạ</div><!--/demo-banner--><!--/app-shell--></div></body></html>';

describe('web app serving', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'flood-web-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), INDEX);
    await writeFile(path.join(dir, 'assets', 'app-abc12345.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'sw.js'), "self.addEventListener('push', () => {});");
    await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dir, 'manifest.webmanifest'), '{"name":"Cảnh báo lũ Ba Chẽ"}');
    await writeFile(path.join(dir, 'assets', 'big-abc12345.js'), BIG_SCRIPT);
    await writeFile(path.join(dir, 'assets', 'big-abc12345.js.br'), brotliCompressSync(BIG_SCRIPT));
    await writeFile(path.join(dir, 'assets', 'big-abc12345.js.gz'), gzipSync(BIG_SCRIPT));
    app = Fastify();
    await registerWeb(app, dir, { demo: false });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers app paths with index.html and its static header shell, revalidated', async () => {
    const res = await app.inject({ url: '/news?tab=warning' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<header class="app-header">Cảnh báo lũ</header>');
    // Not in demo mode: no demo banner in the first paint.
    expect(res.body).not.toContain('demo-banner');
    expect(res.body).not.toContain('minh hoạ');
  });

  it('keeps the demo banner in the static shell in demo mode (markers removed), and drops it otherwise', () => {
    const demo = staticShellFor(Buffer.from(INDEX), true).toString();
    expect(demo).toContain(
      '<header class="app-header">Cảnh báo lũ</header><div class="demo-banner">Dữ liệu minh hoạ</div><!--/app-shell-->',
    );
    expect(demo).not.toContain('<!--demo-banner-->');
    const plain = staticShellFor(Buffer.from(INDEX), false).toString();
    expect(plain).toContain('<header class="app-header">Cảnh báo lũ</header><!--/app-shell-->');
  });

  it('leaves the header shell out of pages that have no header (/maps-mobile)', async () => {
    for (const url of ['/maps-mobile', '/maps-mobile/', '/maps-mobile?lat=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      // The slim bar React draws there instead of the header, out of its comment.
      expect(res.body).toContain(
        '<div id="root"><!--app-shell--><nav class="bare-bar">Về trang chủ</nav><!--/app-shell-->',
      );
      expect(res.body).not.toContain('<header');
    }
  });

  it("sends the build's precompressed bytes for the encoding the browser accepts", async () => {
    const br = await app.inject({ url: '/assets/big-abc12345.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gz = await app.inject({ url: '/assets/big-abc12345.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject({ url: '/assets/big-abc12345.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('caches hashed assets for a year and answers unknown API paths with JSON 404', async () => {
    const asset = await app.inject({ url: '/assets/app-abc12345.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The service worker is revalidated every time (a new one must reach phones at once); other root files 5 min.
    expect((await app.inject({ url: '/sw.js' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('public, max-age=300');
    // The service worker's type, and the installable app's manifest (#25): a browser ignores one of another type.
    expect((await app.inject({ url: '/sw.js' })).headers['content-type']).toMatch(/^(application|text)\/javascript/);
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('public, max-age=300');
    const api = await app.inject({ url: '/api/khong-co' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('preloads of a public page in its HTML', () => {
  let dir: string;
  let app: FastifyInstance;
  const HEAD_INDEX =
    '<html><head><title>x</title></head><body><div id="root"><!--app-shell--><header class="app-header">Cảnh báo lũ</header><!--/app-shell--></div></body></html>';
  // As Vite writes it: the entry module and its static imports in the head.
  const BUILT_INDEX = HEAD_INDEX.replace(
    '</head>',
    '<script type="module" crossorigin src="/assets/index-abc.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/vendor-react-abc.js">\n</head>',
  );
  const BOOT =
    '<script src="/app-boot.js" defer data-entry="/assets/index-abc.js" data-preload="/assets/vendor-react-abc.js';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'flood-web-'));
    await writeFile(path.join(dir, 'index.html'), BUILT_INDEX);
    await writeFile(
      path.join(dir, 'route-preloads.json'),
      JSON.stringify({
        '/news': ['/assets/news-page-abc.js', '/assets/news-public-abc.css'],
        '/maps-mobile': ['/assets/map-page-abc.js'],
        '/news/:id': ['/assets/news-detail-abc.js'],
        // Never copied into the page: not a built asset name.
        '/document': ['https://example.com/x.js', '/assets/"><script>x</script>.js'],
      }),
    );
    app = Fastify();
    await registerWeb(app, dir, { demo: false });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const head = (html: string) => html.slice(0, html.indexOf('</head>'));

  it("names the page's chunks and its first API reads (from the domain's route table) in the head", async () => {
    const news = PUBLIC_ROUTES.find((r) => r.path === '/news');
    expect(news?.firstReads?.length).toBeGreaterThan(0);
    const res = await app.inject({ url: '/news' });
    const links = head(res.body);
    // The page's modules are fetched by the boot script after the first paint, with the shell's (#25).
    expect(links).toContain(`${BOOT} /assets/news-page-abc.js"></script>`);
    expect(links).not.toContain('type="module"');
    expect(links).not.toContain('rel="modulepreload"');
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/assets/news-public-abc.css">');
    for (const read of news?.firstReads ?? []) {
      expect(links).toContain(`<link rel="preload" as="fetch" crossorigin href="${read.replaceAll('&', '&amp;')}">`);
    }
    expect(res.body).toContain('<header class="app-header">Cảnh báo lũ</header>');
  });

  it('matches routes with parameters, keeps headerless pages bare, and leaves other paths plain', async () => {
    expect(head((await app.inject({ url: '/news/12' })).body)).toContain('/assets/news-detail-abc.js');
    const mobile = (await app.inject({ url: '/maps-mobile' })).body;
    expect(mobile).toContain('/assets/map-page-abc.js');
    expect(mobile).not.toContain('<header');
    const dashboard = (await app.inject({ url: '/dashboard' })).body;
    expect(head(dashboard)).toContain('rel="preload" as="fetch"');
    expect(head(dashboard)).toContain(`${BOOT}"></script>`);
    // Any other path: the shell with only the boot script, which starts the app after the first paint.
    expect((await app.inject({ url: '/khong-co' })).body).toBe(
      HEAD_INDEX.replace('</head>', `${BOOT}"></script></head>`),
    );
  });

  it('copies only built asset paths into the page', async () => {
    const body = (await app.inject({ url: '/document' })).body;
    expect(body).not.toContain('example.com');
    expect(body).not.toContain('<script>x</script>');
  });
});

describe("a page's first view made by the server (#25)", () => {
  let dir: string;
  let app: FastifyInstance;
  const SHELL =
    '<html><body><div id="root"><!--app-shell--><header>Cảnh báo lũ</header><main id="main-content" class="app-main">' +
    '<div class="page-loading" role="status"></div></main><!--/app-shell--></div></body></html>';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'flood-web-'));
    await writeFile(path.join(dir, 'index.html'), SHELL);
    app = Fastify();
    await registerWeb(app, dir, {
      demo: false,
      firstView: async (route) =>
        route === '/dashboard'
          ? { main: '<div class="first-view">Mực nước 6,23 m $1 $&</div>', banner: '<section>Lũ $1</section>' }
          : null,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("replaces the shell's spinner on the pages that have one, text as it is ($ signs included)", async () => {
    const dash = await app.inject({ url: '/dashboard' });
    expect(dash.body).toContain(
      '<main id="main-content" class="app-main"><div class="first-view">Mực nước 6,23 m $1 $&</div></main>',
    );
    expect(dash.body).not.toContain('page-loading');
    // The banner where React puts it: right after the header.
    expect(dash.body).toContain('<header>Cảnh báo lũ</header><section>Lũ $1</section><main');
    expect(dash.headers['cache-control']).toBe('no-cache');
    const news = await app.inject({ url: '/news' });
    expect(news.body).toContain('<div class="page-loading" role="status"></div>');
  });
});

describe('built files served from memory by the fast lane of hot reads (#25, point 5)', () => {
  let dir: string;
  let plain: FastifyInstance;
  let hot: FastifyInstance;
  let lane: HotReads;
  const FILES = ['/index.html', '/assets/app-abc12345.js', '/assets/big-abc12345.js', '/favicon.svg'];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'flood-web-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), INDEX);
    await writeFile(path.join(dir, 'assets', 'app-abc12345.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'sw.js'), "self.addEventListener('push', () => {});");
    await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dir, 'assets', 'big-abc12345.js'), BIG_SCRIPT);
    await writeFile(path.join(dir, 'assets', 'big-abc12345.js.br'), brotliCompressSync(BIG_SCRIPT));
    await writeFile(path.join(dir, 'assets', 'big-abc12345.js.gz'), gzipSync(BIG_SCRIPT));
    plain = Fastify();
    await registerWeb(plain, dir, { demo: false });
    hot = Fastify();
    lane = registerHotReads(hot, []);
    await registerWeb(hot, dir, { demo: false, hotReads: lane });
    await Promise.all([plain.ready(), hot.ready()]);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), hot.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  const decoded = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
    (res.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(res.rawPayload)
      : res.headers['content-encoding'] === 'gzip'
        ? gunzipSync(res.rawPayload)
        : res.rawPayload
    ).toString();

  it('sends every file with the static plugin’s bytes, type, Cache-Control, encoding and Vary, without it', async () => {
    for (const url of FILES) {
      for (const enc of [undefined, 'gzip', 'br', 'gzip, deflate, br']) {
        const headers = enc ? { 'accept-encoding': enc } : {};
        const before = lane.answered();
        const ours = await hot.inject({ url, headers });
        expect(lane.answered(), url).toBe(before + 1);
        const theirs = await plain.inject({ url, headers });
        expect(ours.statusCode).toBe(theirs.statusCode);
        expect(decoded(ours), url).toBe(decoded(theirs));
        for (const h of ['content-type', 'cache-control', 'content-encoding', 'vary']) {
          expect(ours.headers[h], `${url} ${enc} ${h}`).toBe(theirs.headers[h]);
        }
        expect(ours.headers.etag).toBeTruthy();
        const again = await hot.inject({ url, headers: { ...headers, 'if-none-match': String(ours.headers.etag) } });
        expect(again.statusCode).toBe(304);
      }
    }
  });

  it('leaves a signed-in caller, a Range, a .gz asked by name, an unknown file and the service worker to the static plugin', async () => {
    const before = lane.answered();
    const signedIn = await hot.inject({ url: '/assets/big-abc12345.js', headers: { authorization: 'Bearer x' } });
    expect(signedIn.body).toBe(BIG_SCRIPT);
    expect((await hot.inject({ url: '/assets/big-abc12345.js.gz' })).statusCode).toBe(200);
    expect((await hot.inject({ url: '/assets/nope-abc12345.js' })).statusCode).toBe(200);
    const range = await hot.inject({ url: '/assets/big-abc12345.js', headers: { range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe(BIG_SCRIPT.slice(0, 10));
    // The service worker: read from disk each time, a new one seen at once.
    await writeFile(path.join(dir, 'sw.js'), "self.addEventListener('push', () => {}); // v2");
    expect((await hot.inject({ url: '/sw.js' })).body).toContain('// v2');
    expect(lane.answered()).toBe(before);
  });
});

describe('public pages served from memory by the fast lane (#25, point 5)', () => {
  let dir: string;
  let plain: FastifyInstance;
  let hot: FastifyInstance;
  let lane: HotReads;
  let view: FirstView | undefined = { main: '<p>Mực nước 6,23 m</p>', banner: '' };
  const SHELL =
    '<html><head></head><body><div id="root"><!--app-shell--><header>Cảnh báo lũ</header><main id="main-content" class="app-main">' +
    `<div class="page-loading" role="status">${'Đang tải '.repeat(200)}</div></main><!--/app-shell--></div></body></html>`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'flood-web-'));
    await writeFile(path.join(dir, 'index.html'), SHELL);
    await writeFile(
      path.join(dir, 'route-preloads.json'),
      JSON.stringify({ '/news/:id': ['/assets/news-detail-abc.js'] }),
    );
    const firstView = async (route: string) => (route === '/dashboard' ? (view ?? null) : null);
    plain = Fastify();
    await registerWeb(plain, dir, { demo: false, firstView });
    hot = Fastify();
    lane = registerHotReads(hot, []);
    await registerWeb(hot, dir, {
      demo: false,
      firstView,
      firstViewPeek: (route) => (route === '/dashboard' ? view : null),
      hotReads: lane,
    });
    await Promise.all([plain.ready(), hot.ready()]);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), hot.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  const decoded = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
    (res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : res.rawPayload).toString();

  /** Reads until the lane answers (a page is prepared off the request). */
  async function fromLane(url: string, headers: Record<string, string> = {}) {
    for (let i = 0; i < 100; i++) {
      const before = lane.answered();
      const res = await hot.inject({ url, headers });
      if (lane.answered() > before) return res;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`${url} never came from the lane`);
  }

  it('sends each page as the handler does (pages with a parameter too), compressed when asked', async () => {
    for (const url of ['/', '/news', '/news/12', '/maps-mobile', '/khong-co']) {
      const theirs = await plain.inject({ url });
      if (url === '/khong-co') {
        // Not a page of the route table: always the handler.
        const before = lane.answered();
        expect((await hot.inject({ url })).body).toBe(theirs.body);
        expect(lane.answered()).toBe(before);
        continue;
      }
      const ours = await fromLane(url);
      expect(ours.body, url).toBe(theirs.body);
      expect(ours.headers['content-type']).toBe(theirs.headers['content-type']);
      expect(ours.headers['cache-control']).toBe('no-cache');
      const br = await fromLane(url, { 'accept-encoding': 'br' });
      expect(decoded(br)).toBe(theirs.body);
      // Compressed above 1 KB (/maps-mobile has no header shell: below).
      expect(br.headers['content-encoding'], url).toBe(theirs.rawPayload.length >= 1024 ? 'br' : undefined);
    }
    expect((await fromLane('/news/12')).body).toContain('/assets/news-detail-abc.js');
  });

  it('the handler compresses too (an unknown app path, the first reader of a new view), with an ETag and 304', async () => {
    // @fastify/compress never reaches a not-found handler (it works through onRoute): the handler compresses itself.
    const identity = (await plain.inject({ url: '/khong-co' })).body;
    expect(identity.length).toBeGreaterThan(1024);
    for (const [accept, coding, decode] of [
      ['gzip, deflate', 'gzip', gunzipSync],
      ['gzip, deflate, br', 'br', brotliDecompressSync],
    ] as const) {
      for (const app of [plain, hot]) {
        const res = await app.inject({ url: '/khong-co', headers: { 'accept-encoding': accept } });
        expect(res.headers['content-encoding'], accept).toBe(coding);
        expect(res.headers.vary).toBe('accept-encoding');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(decode(res.rawPayload).toString()).toBe(identity);
        const again = await app.inject({
          url: '/khong-co',
          headers: { 'accept-encoding': accept, 'if-none-match': String(res.headers.etag) },
        });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
      }
    }
    // A new view's first read is the handler's (the lane has not prepared it yet): compressed all the same.
    const before = view;
    view = { main: `<p>Mực nước 6,31 m</p>${'<p>Trạm Ba Chẽ</p>'.repeat(100)}`, banner: '' };
    const answered = lane.answered();
    const first = await hot.inject({ url: '/dashboard', headers: { 'accept-encoding': 'gzip' } });
    expect(lane.answered()).toBe(answered);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.rawPayload).toString()).toContain('<p>Mực nước 6,31 m</p>');
    view = before;
  });

  it("the dashboard with its current first view: a new view is on the next read, never the kept page's", async () => {
    expect((await fromLane('/dashboard')).body).toContain('<p>Mực nước 6,23 m</p>');
    view = { main: '<p>Mực nước 6,40 m</p>', banner: '' };
    const next = await hot.inject({ url: '/dashboard' });
    expect(next.body).toContain('<p>Mực nước 6,40 m</p>');
    expect((await fromLane('/dashboard')).body).toContain('<p>Mực nước 6,40 m</p>');
    // A view being made: the handler waits for it.
    view = undefined;
    const before = lane.answered();
    expect((await hot.inject({ url: '/dashboard' })).body).toContain('page-loading');
    expect(lane.answered()).toBe(before);
  });
});

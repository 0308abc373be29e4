import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { PUBLIC_ROUTES, type RouteDef, splitUnitPath, UNIT_HOME, unitPagePath, unitRead } from '@flood/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appBootTag, takeAppScripts } from './app-boot';
import type { HotHit, HotReads } from './hot-reads';
import { type PreparedBody, type PreparedVariant, prepareBody, sendPrepared } from './prepared-body';
import { DOCUMENT_ONLY_HEADERS, isBuiltSubresource } from './security-headers';
import { escapeXml } from './xml';

/** The area's names in the page shell (#26): the title, the meta description, the header's name, the manifest's. */
export interface ShellNames {
  title: string;
  description: string;
  brandName: string;
  appName: string;
  appShortName: string;
  appDescription: string;
  /** The area as `GET /api/area` answers it, put in the page so the app's first render names it too. */
  area?: unknown;
  /** The units' full names by code ('Xã Ba Chẽ'): a unit's pages (`/xa/{code}/…`, #26 point 4) are titled with it. */
  units?: Readonly<Record<string, string>>;
}

/** What the server puts in a page before its scripts run: the warnings banner (after the header) and the main area. */
export interface FirstView {
  banner: string;
  main: string;
}

// The content types @fastify/static sends (its own @fastify/send and mime), so the fast lane sends the same.
const require = createRequire(import.meta.url);
const send = createRequire(require.resolve('@fastify/static'))('@fastify/send') as {
  mime: { getType(path: string): string | null; default_type?: string };
  isUtf8MimeType(type: string): boolean;
};

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated, and every unknown
 * non-API path answered with the app itself (it shows its own 404 page). Unknown API paths get JSON 404.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  options: {
    demo: boolean;
    /**
     * A page's first view as HTML made by the server (#25: the dashboard's warnings and readings, readable before
     * the scripts run and without them), put in place of the shell's loading spinner; null: the spinner stays.
     */
    firstView?: (route: string, request: FastifyRequest) => Promise<FirstView | null>;
    /**
     * The first view when it is ready without waiting: the view, null when the route has none, undefined while it
     * is being made. With it the fast lane also serves the pages (a page waiting for its view takes the handler).
     */
    firstViewPeek?: (route: string, request: FastifyRequest) => FirstView | null | undefined;
    /** The fast lane: every built file and page is then served from memory to anonymous callers (#25, point 5). */
    hotReads?: HotReads;
    /** The area's names (#26) and a way to hear that they changed: the pages are made again, without a restart. */
    names?: { current: () => Promise<ShellNames>; onChange: (listener: () => void) => void };
  },
): Promise<void> {
  const indexPath = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // With the area's names the manifest has its own route (below).
      ...(options.names ? { globIgnore: ['manifest.webmanifest'] } : {}),
      // The build writes file.br and file.gz beside each asset (web/build/precompress.ts): sent as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        const rel = builtPath(webDist, filePath);
        res.header('cache-control', cacheControlOf(rel));
        // A built script or style sheet: without the headers only a document reads (set on the raw response).
        if (isBuiltSubresource(rel)) for (const name of DOCUMENT_ONLY_HEADERS) res.raw.removeHeader(name);
      },
    });
    // With the area's names, the manifest is made by its route below (not the built file as it is).
    if (options.hotReads) await serveFilesHot(options.hotReads, webDist, options.names ? ['manifest.webmanifest'] : []);
  }
  // The static shell carries the demo banner between markers: kept in demo mode, so the page's first paint
  // already says the data is illustrative (and nothing moves when React renders the same banner).
  // The scripts start after the first paint (#25): their tags leave the head for the boot script's (app-boot.ts).
  const built = hasWeb
    ? takeAppScripts(staticShellFor(await readFile(indexPath), options.demo).toString('utf8'))
    : null;
  // The area's names in the shell (#26): read now, and again when they change (the pages below are made again).
  let names = options.names ? await options.names.current() : null;
  const named = (html: string) => (names ? withShellNames(html, names) : html);
  const withScripts = (html: string, pageModules: readonly string[] = [], links = '') =>
    Buffer.from(
      html.replace(
        '</head>',
        `${links}${appBootTag(built?.entry ?? null, [...(built?.preloads ?? []), ...pageModules])}</head>`,
      ),
    );
  // index.html paints the header before the scripts run (its static app shell); pages without a header get the
  // slim bar React draws there instead (kept in a comment of index.html) and the bare main area, so nothing flashes
  // and then disappears.
  const headerless = new Set(PUBLIC_ROUTES.filter((r) => r.noHeader).map((r) => r.path));
  const routePreloads = await readRoutePreloads(webDist);
  /** The page shells of a source: with the header, and bare (the slim bar) for the pages without one. */
  const shellsOf = (source: string) => ({
    shell: source.replace(BARE_BAR, ''),
    bareShell: source
      .replace(BARE_BAR, (_m, bar: string) => bar)
      .replace(/<header class="app-header">[\s\S]*?<\/header>/, '')
      .replace(SHELL_MAIN_OPEN, '<main id="main-content" class="app-main app-main-bare">'),
  });
  const makePages = () => {
    const source = built ? named(built.html) : null;
    const shells = source !== null ? shellsOf(source) : null;
    return {
      indexHtml: shells ? withScripts(shells.shell) : null,
      bareHtml: shells ? withScripts(shells.bareShell) : null,
      pages: shells
        ? publicPageHtml(routePreloads, (route, modules, links) =>
            withScripts(headerless.has(route) ? shells.bareShell : shells.shell, modules, links),
          )
        : [],
      /** A unit's pages (#26 point 4), made when first asked: its title, its reads' preloads. Known units only. */
      unitPages: new Map<string, Buffer>(),
    };
  };
  /** The page of one unit's public path (`/xa/{code}` + `own`); undefined when the unit is not the area's. */
  const unitPage = (unit: string, own: string): Buffer | undefined => {
    const unitName = names?.units?.[unit];
    if (!built || !names || !unitName) return undefined;
    const def = PUBLIC_ROUTES.find((r) => routePattern(r.path).test(own));
    // One page per unit and route (`/news/:id` is one HTML for every id): the paths asked cannot grow the map.
    const key = `${unit}|${def?.path ?? '*'}`;
    const kept = made.unitPages.get(key);
    if (kept) return kept;
    // The unit's name under the portal's in the header (as the app draws it), its links on the unit's pages.
    const source = withShellNames(built.html, { ...names, title: `${unitName} – ${names.title}` }).replace(
      /(<span class="brand-name">[^<]*<\/span>)/,
      (_m, brand: string) => `${brand}<span class="brand-unit" data-testid="brand-unit">${escapeXml(unitName)}</span>`,
    );
    const { shell, bareShell } = shellsOf(
      linksForUnit(source, unit).replace(
        '<link rel="manifest" href="/manifest.webmanifest"',
        () => `<link rel="manifest" href="/manifest.webmanifest?unit=${encodeURIComponent(unit)}"`,
      ),
    );
    const { links, modules } = def
      ? pagePreloads(def, routePreloads[def.path] ?? [], unit)
      : { links: '', modules: [] };
    const page = withScripts(def && headerless.has(def.path) ? bareShell : shell, modules, links);
    made.unitPages.set(key, page);
    return page;
  };
  let made = makePages();
  /** Pages prepared by `preparedPage`: per page's bytes, then per view (or the page itself, without one). */
  const preparedPages = new WeakMap<Buffer, WeakMap<object, Promise<PreparedBody>>>();
  // While the pages are made again, a page waits for them (the fast lane steps aside): nobody gets the old names
  // after the change was announced.
  const remade: (() => void)[] = [];
  let remaking: Promise<void> | null = null;
  options.names?.onChange(() => {
    for (const listener of remade) listener();
    const current = options
      .names!.current()
      .then((n) => {
        names = n;
        made = makePages();
      })
      .catch((err) => app.log.warn({ err }, 'the area names could not be read; the pages keep the old ones'))
      .finally(() => {
        if (remaking === current) remaking = null;
        for (const listener of remade) listener();
      });
    remaking = current;
  });
  // The installed app's names follow the area too: the manifest is made from the built one with them.
  const manifestPath = path.join(webDist, 'manifest.webmanifest');
  const builtManifest = existsSync(manifestPath) ? await readFile(manifestPath, 'utf8') : null;
  if (builtManifest && options.names) {
    app.get('/manifest.webmanifest', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
      if (remaking) await remaking;
      const n = names ?? (await options.names!.current());
      const m = JSON.parse(builtManifest) as Record<string, unknown>;
      m.name = n.appName;
      m.short_name = n.appShortName;
      m.description = n.appDescription;
      // Installed from a unit's pages (#26 point 4): an app of its own, opening on that unit's pages.
      const unit = (req.query as Record<string, unknown>).unit;
      const unitName = typeof unit === 'string' ? n.units?.[unit] : undefined;
      if (unitName && typeof unit === 'string') {
        const home = unitPagePath(unit, UNIT_HOME);
        m.name = `${n.appName} – ${unitName}`;
        m.id = home;
        m.start_url = home;
        if (Array.isArray(m.shortcuts))
          m.shortcuts = m.shortcuts.map((s: { url?: unknown }) =>
            typeof s.url === 'string' ? { ...s, url: unitPagePath(unit, s.url) } : s,
          );
      }
      return reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(JSON.stringify(m));
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({
        code: 'NOT_FOUND',
        message: `Không tìm thấy đường dẫn ${request.method} ${url}`,
        requestId: request.id,
      });
    }
    if (!made.indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Giao diện web chưa được build. Chạy: npm run build\nThe web app is not built. Run: npm run build');
    }
    const route = url.replace(/\/+$/, '');
    if (remaking) await remaking;
    const first = options.firstView ? await options.firstView(route, request).catch(() => null) : null;
    // Compressed here: @fastify/compress works through its onRoute hook, which a not-found handler never passes.
    return sendPrepared(request, reply.status(200), (await preparedPage(route, first))!, 'no-cache');
  });

  /**
   * A page's HTML with its first view, prepared (compressed) once per page and view, for the handler and the fast
   * lane alike: the first reader of a new view, a page asked with a query or an app path the lane does not hold get
   * compressed bytes too (a phone on a weak network: 4 KB in place of 12–25 KB). Kept by the page's bytes (made
   * again with new names) and the view (the same object until it changes), so nothing outlives them.
   */
  function preparedPage(route: string, view: FirstView | null): Promise<PreparedBody> | null {
    const base = pageFor(route, null);
    if (!base) return null;
    let ofPage = preparedPages.get(base);
    if (!ofPage) {
      ofPage = new WeakMap();
      preparedPages.set(base, ofPage);
    }
    const key = view ?? base;
    let prepared = ofPage.get(key);
    if (!prepared) {
      prepared = prepareBody(view ? pageFor(route, view)! : base, 'text/html; charset=utf-8');
      ofPage.set(key, prepared);
      prepared.catch(() => ofPage.delete(key));
    }
    return prepared;
  }

  /** The HTML of an app path: its page (preloads, header or not) with its first view in place of the spinner. */
  function pageFor(route: string, first: FirstView | null): Buffer | null {
    const { unit, path: own } = splitUnitPath(route);
    const page = unit
      ? (unitPage(unit, own) ?? made.indexHtml)
      : (made.pages.find((p) => p.pattern.test(route))?.html ??
        (headerless.has(route) ? made.bareHtml : made.indexHtml));
    return first && page ? Buffer.from(withFirstView(page.toString('utf8'), first)) : page;
  }

  // The public pages from memory too (#25, point 5): each page's HTML prepared (compressed) once, and again
  // whenever its first view has changed; a page whose view is not ready, or changed, takes the handler meanwhile.
  const hotReads = options.hotReads;
  if (hotReads && made.indexHtml && (!options.firstView || options.firstViewPeek)) {
    // A page without a view: one HTML per route. With one: one HTML per view (a route has a view per kind of
    // visitor — a phone's, Save-Data's — each the same object until it changes).
    const plain = new Map<string, HotHit>();
    let withView = new WeakMap<FirstView, HotHit>();
    // New names: the kept pages go (a page being prepared with the old ones is dropped when it lands).
    let generation = 0;
    remade.push(() => {
      generation++;
      plain.clear();
      withView = new WeakMap();
    });
    const preparing = new Set<string | FirstView>();
    const keep = (route: string, view: FirstView | null) => {
      const key = view ?? route;
      if (preparing.has(key)) return;
      preparing.add(key);
      const started = generation;
      void preparedPage(route, view)!
        .then((prepared) => {
          if (started !== generation) return;
          const hit = { prepared, cacheControl: 'no-cache' };
          if (view) withView.set(view, hit);
          else plain.set(route, hit);
        })
        .finally(() => preparing.delete(key));
    };
    const peekPage = (route: string) => (request: FastifyRequest) => {
      if (remaking) return undefined;
      const view = options.firstViewPeek ? options.firstViewPeek(route, request) : null;
      if (view === undefined) return undefined;
      const hit = view ? withView.get(view) : plain.get(route);
      if (hit) return hit;
      keep(route, view);
      return undefined;
    };
    hotReads.add('/', peekPage(''));
    for (const { path: p } of PUBLIC_ROUTES) {
      // A page with one parameter at its end (/news/:id) is one HTML for every value.
      const param = /^(.*\/):[^/]+$/.exec(p);
      if (param) hotReads.addPrefix(param[1]!, peekPage(p));
      else if (!p.includes(':')) hotReads.add(p, peekPage(p));
    }
  }
}

/** A built file's path inside the build, with `/`. */
const builtPath = (webDist: string, file: string) => path.relative(webDist, file).split(path.sep).join('/');

/** The lane's own headers of a built script or style sheet: the document-only security headers not sent. */
const SUBRESOURCE_HEADERS: Readonly<Record<string, string>> = Object.fromEntries(
  DOCUMENT_ONLY_HEADERS.map((name) => [name, '']),
);

/** Cache-Control of a built file by its path inside the build. */
function cacheControlOf(rel: string): string {
  return rel.startsWith('assets')
    ? 'public, max-age=31536000, immutable'
    : // The service worker (#24): a browser must see a new one at once, as the specification of service workers wants.
      rel === 'sw.js'
      ? 'no-cache'
      : 'public, max-age=300';
}

/** Types @fastify/compress compresses (of those a web build holds). */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml|wasm)|image\/svg\+xml)/;
/** Files larger than this stay with the static plugin (streamed from disk). */
const HOT_FILE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Every file of the build (and the .br/.gz the build wrote beside it) read once into memory and served by the
 * fast lane of hot reads (lib/hot-reads.ts): the build never changes while the server runs, so nothing drops
 * them. The static plugin still answers what the lane does not (a signed-in caller, a .gz asked by name, a
 * file above 2 MB), with the same bytes, content type and Cache-Control.
 */
async function serveFilesHot(hotReads: HotReads, webDist: string, except: readonly string[]): Promise<void> {
  const files = (await readdir(webDist, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile() && !/\.(br|gz)$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name));
  for (const file of files) {
    if ((await stat(file)).size > HOT_FILE_MAX_BYTES) continue;
    const rel = builtPath(webDist, file);
    // The service worker stays with the static plugin, read from disk at each request: a browser must see a new one
    // at once (#24, #25), and its speed does not matter (fetched once per visit at most, a few KB).
    if (rel === 'sw.js' || except.includes(rel)) continue;
    const body = await readFile(file);
    const tag = createHash('sha256').update(body).digest('base64url').slice(0, 32);
    const variant = async (ext: string, encoding: 'br' | 'gzip'): Promise<PreparedVariant | undefined> => {
      const bytes = await readFile(`${file}.${ext}`).catch(() => null);
      return bytes ? { body: bytes, etag: `"${tag}-${ext}"`, encoding } : undefined;
    };
    const type = send.mime.getType(file) || send.mime.default_type || 'application/octet-stream';
    const contentType = send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
    // The build writes both or neither (web/build/precompress.ts); text it did not compress is compressed here
    // once, as @fastify/compress would on each request.
    const [br, gzip] = await Promise.all([variant('br', 'br'), variant('gz', 'gzip')]);
    const prepared: PreparedBody =
      br && gzip
        ? { contentType, identity: { body, etag: `"${tag}"`, encoding: null }, br, gzip }
        : COMPRESSIBLE.test(type)
          ? await prepareBody(body, contentType)
          : { contentType, identity: { body, etag: `"${tag}"`, encoding: null } };
    const hit: HotHit = {
      prepared,
      cacheControl: cacheControlOf(rel),
      ...(isBuiltSubresource(rel) ? { headers: SUBRESOURCE_HEADERS } : {}),
    };
    hotReads.add(`/${rel}`, () => hit);
  }
}

/** The web build's chunks per public route (written by web/build/route-preloads.ts), or none. */
async function readRoutePreloads(webDist: string): Promise<Record<string, string[]>> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path.join(webDist, 'route-preloads.json'), 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string[]>) : {};
  } catch {
    return {};
  }
}

const ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;
/** The static shell's main area: its loading spinner is what a page's first view replaces. */
const SHELL_MAIN = /(<main id="main-content" class="app-main(?: app-main-bare)?">)[\s\S]*?(<\/main>)/;
const SHELL_MAIN_OPEN = /<main id="main-content" class="app-main">/;
/** The slim bar of the pages without a header, kept in a comment of index.html's shell. */
const BARE_BAR = /<!--bare-bar ([\s\S]*?) -->/;
/** Where the server's banner of warnings goes in the shell: after the header or bar, before the demo banner. */
const BANNER_MARK = '<!--alert-banner-->';

/**
 * The `<link>`s of a page's style sheets and of its first API reads (fetched while the shell's script loads),
 * and the page's modules, which the boot script fetches after the first paint (app-boot.ts).
 */
export function pagePreloads(
  route: RouteDef,
  chunks: readonly string[],
  /** A unit's page (#26 point 4): its reads as the page asks for them, narrowed to the unit. */
  unit?: string,
): { links: string; modules: string[] } {
  const assets = chunks.filter((file) => ASSET.test(file));
  const links = assets
    .filter((file) => file.endsWith('.css'))
    // Applied at once, not only fetched: the server's first view of the page is drawn with the page's own classes
    // (#25). The app's loader finds the sheet there and does not add it twice.
    .map((file) => `<link rel="stylesheet" crossorigin href="${escapeXml(file)}">`);
  // crossorigin (anonymous): the mode and credentials of the web's fetch(), or the preload is not reused.
  for (const read of route.firstReads ?? []) {
    links.push(`<link rel="preload" as="fetch" crossorigin href="${escapeXml(unitRead(read, unit))}">`);
  }
  return { links: links.join(''), modules: assets.filter((file) => file.endsWith('.js')) };
}

/** A route's path as a pattern of the paths it takes (`/news/:id` → any one segment). */
const routePattern = (routePath: string) => new RegExp(`^${routePath.replace(/:[^/]+/g, '[^/]+')}$`);
const PUBLIC_PATTERNS = PUBLIC_ROUTES.map((r) => routePattern(r.path));

/**
 * HTML for a unit's pages (#26 point 4): its links to the public pages stay on that unit's pages, as the app's do
 * (`/maps?station=…` → `/xa/{code}/maps?station=…`); other links (a warning's page, files, assets) are as they were.
 */
export function linksForUnit(html: string, unit: string): string {
  return html.replace(/href="(\/[^"]*)"/g, (whole, href: string) => {
    const q = href.search(/[?#]/);
    const own = q < 0 ? href : href.slice(0, q);
    return PUBLIC_PATTERNS.some((p) => p.test(own)) ? `href="${unitPagePath(unit, href)}"` : whole;
  });
}

/** One HTML per public route that has something to preload; other paths get the plain index.html. */
function publicPageHtml(
  chunks: Record<string, string[]>,
  page: (route: string, modules: readonly string[], links: string) => Buffer,
): { pattern: RegExp; html: Buffer }[] {
  const out: { pattern: RegExp; html: Buffer }[] = [];
  for (const route of PUBLIC_ROUTES) {
    const { links, modules } = pagePreloads(route, chunks[route.path] ?? []);
    if (!links && modules.length === 0) continue;
    out.push({ pattern: routePattern(route.path), html: page(route.path, modules, links) });
  }
  return out;
}

/**
 * The page with its first view: the main area's spinner replaced, the banner where React puts it (the shell's
 * alert-banner mark, after the header or the slim bar; in a shell without the mark, after the header or first in
 * the main area). Functions, not '$1…' strings: the view's text
 * may hold '$' signs.
 */
export function withFirstView(page: string, first: FirstView): string {
  const main = page.replace(SHELL_MAIN, (_m, open: string, close: string) => open + first.main + close);
  if (!first.banner) return main;
  if (main.includes(BANNER_MARK)) return main.replace(BANNER_MARK, () => first.banner);
  return main.includes('</header>')
    ? main.replace('</header>', () => `</header>${first.banner}`)
    : main.replace(SHELL_MAIN, (_m, open: string, close: string) => open + first.banner + first.main + close);
}

/**
 * The shell with the area's names (#26): the title, the meta description, the header's name. Functions, not '$1'
 * strings: a name may hold '$'.
 */
export function withShellNames(html: string, n: ShellNames): string {
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeXml(n.title)}</title>`)
    .replace(
      /(<meta name="description" content=")[^"]*(")/,
      (_m, a: string, b: string) => a + escapeXml(n.description) + b,
    )
    .replace(/(<span class="brand-name">)[^<]*(<\/span>)/, (_m, a: string, b: string) => a + escapeXml(n.brandName) + b)
    .replace('</head>', () =>
      n.area === undefined
        ? '</head>'
        : // A data block, never run ('<' escaped so no text in it can close the element).
          `<script type="application/json" id="portal-area">${JSON.stringify(n.area).replace(/</g, '\\u003c')}</script></head>`,
    );
}

/** index.html with its demo banner kept (demo mode) or removed, markers and all. */
export function staticShellFor(indexHtml: Buffer, demo: boolean): Buffer {
  const html = indexHtml.toString('utf8');
  return Buffer.from(
    demo
      ? html.replace(/<!--\/?demo-banner-->/g, '')
      : html.replace(/<!--demo-banner-->[\s\S]*?<!--\/demo-banner-->/, ''),
  );
}

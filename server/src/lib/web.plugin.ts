import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { PUBLIC_ROUTES, type RouteDef } from '@flood/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appBootTag, takeAppScripts } from './app-boot';

/** What the server puts in a page before its scripts run: the warnings banner (after the header) and the main area. */
export interface FirstView {
  banner: string;
  main: string;
}

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
  },
): Promise<void> {
  const indexPath = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes file.br and file.gz beside each asset (web/build/precompress.ts): sent as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        const rel = path.relative(webDist, filePath);
        res.header(
          'cache-control',
          rel.startsWith('assets')
            ? 'public, max-age=31536000, immutable'
            : // The service worker (#24): a browser must see a new one at once, as the specification of service workers wants.
              rel === 'sw.js'
              ? 'no-cache'
              : 'public, max-age=300',
        );
      },
    });
  }
  // The static shell carries the demo banner between markers: kept in demo mode, so the page's first paint
  // already says the data is illustrative (and nothing moves when React renders the same banner).
  // The scripts start after the first paint (#25): their tags leave the head for the boot script's (app-boot.ts).
  const built = hasWeb
    ? takeAppScripts(staticShellFor(await readFile(indexPath), options.demo).toString('utf8'))
    : null;
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
  const shell = built ? built.html.replace(BARE_BAR, '') : null;
  const indexHtml = shell !== null ? withScripts(shell) : null;
  const bareShell = built
    ? built.html
        .replace(BARE_BAR, (_m, bar: string) => bar)
        .replace(/<header class="app-header">[\s\S]*?<\/header>/, '')
        .replace(SHELL_MAIN_OPEN, '<main id="main-content" class="app-main app-main-bare">')
    : null;
  const bareHtml = bareShell !== null ? withScripts(bareShell) : null;
  const headerless = new Set(PUBLIC_ROUTES.filter((r) => r.noHeader).map((r) => r.path));
  const pages =
    built && bareShell !== null
      ? await publicPageHtml(webDist, (route, modules, links) =>
          withScripts(headerless.has(route) ? bareShell : (shell ?? ''), modules, links),
        )
      : [];

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({
        code: 'NOT_FOUND',
        message: `Không tìm thấy đường dẫn ${request.method} ${url}`,
        requestId: request.id,
      });
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Giao diện web chưa được build. Chạy: npm run build\nThe web app is not built. Run: npm run build');
    }
    const route = url.replace(/\/+$/, '');
    const page = pages.find((p) => p.pattern.test(route))?.html ?? (headerless.has(route) ? bareHtml : indexHtml);
    const first = options.firstView ? await options.firstView(route, request).catch(() => null) : null;
    const html = first && page ? Buffer.from(withFirstView(page.toString('utf8'), first)) : page;
    return reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
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
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The `<link>`s of a page's style sheets and of its first API reads (fetched while the shell's script loads),
 * and the page's modules, which the boot script fetches after the first paint (app-boot.ts).
 */
export function pagePreloads(route: RouteDef, chunks: readonly string[]): { links: string; modules: string[] } {
  const assets = chunks.filter((file) => ASSET.test(file));
  const links = assets
    .filter((file) => file.endsWith('.css'))
    // Applied at once, not only fetched: the server's first view of the page is drawn with the page's own classes
    // (#25). The app's loader finds the sheet there and does not add it twice.
    .map((file) => `<link rel="stylesheet" crossorigin href="${escapeAttr(file)}">`);
  // crossorigin (anonymous): the mode and credentials of the web's fetch(), or the preload is not reused.
  for (const read of route.firstReads ?? []) {
    links.push(`<link rel="preload" as="fetch" crossorigin href="${escapeAttr(read)}">`);
  }
  return { links: links.join(''), modules: assets.filter((file) => file.endsWith('.js')) };
}

/** One HTML per public route that has something to preload; other paths get the plain index.html. */
async function publicPageHtml(
  webDist: string,
  page: (route: string, modules: readonly string[], links: string) => Buffer,
): Promise<{ pattern: RegExp; html: Buffer }[]> {
  const chunks = await readRoutePreloads(webDist);
  const out: { pattern: RegExp; html: Buffer }[] = [];
  for (const route of PUBLIC_ROUTES) {
    const { links, modules } = pagePreloads(route, chunks[route.path] ?? []);
    if (!links && modules.length === 0) continue;
    const pattern = new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`);
    out.push({ pattern, html: page(route.path, modules, links) });
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

/** index.html with its demo banner kept (demo mode) or removed, markers and all. */
export function staticShellFor(indexHtml: Buffer, demo: boolean): Buffer {
  const html = indexHtml.toString('utf8');
  return Buffer.from(
    demo
      ? html.replace(/<!--\/?demo-banner-->/g, '')
      : html.replace(/<!--demo-banner-->[\s\S]*?<!--\/demo-banner-->/, ''),
  );
}

import { createHash } from 'node:crypto';
import path from 'node:path';

/**
 * Build step of the portal offline (#25, point 2): the service worker (web/public/sw.js, copied as is) gets the
 * build's id as its version and the list of hashed files the public pages need, fetched at install. The id is a
 * hash of that list and of the worker's own text, so every build that changes the app or the worker is a new
 * service worker (the browser installs it on the next visit; docs/decisions.md).
 */

/** The public pages usable offline: their chunks, also the lazily loaded ones (the route panel, the banners). */
export const OFFLINE_PAGES = ['/dashboard', '/maps-mobile', '/maps', '/news'] as const;

/** What this step needs of an output chunk or asset (Rollup's and Rolldown's outputs have these). */
export interface BundleFile {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  dynamicImports?: string[];
  viteMetadata?: { importedCss?: Set<string>; importedAssets?: Set<string> };
}

/** A chunk with everything it imports, statically and lazily, with their style sheets and files, transitively. */
function reach(bundle: Record<string, BundleFile>, fileName: string, into: Set<string>, skip: ReadonlySet<string>) {
  if (into.has(fileName) || skip.has(fileName)) return;
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk') return;
  into.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const file of chunk.viteMetadata?.importedAssets ?? []) into.add(file);
  for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
    reach(bundle, imported, into, skip);
  }
}

/**
 * Chunks the entry loads lazily that are not followed: the tables of pages (every page of the app, the back office
 * too) and the back office's layout. The offline pages are followed from their own modules instead.
 */
export const NOT_FOLLOWED = /[\\/]app[\\/](pages[\\/]|layout[\\/]back-office)/;

/**
 * The files to fetch at install: the entry with everything it may load (the warnings' map areas, the phone's
 * navigation drawer, English…) but the tables of pages and the back office; the public pages' wrapper with its
 * static imports; and each offline page's module with everything it may load (the route panel, the charts).
 * `pageModules` are the pages' source files (public-page.tsx's table), `wrapper` public-page.tsx.
 */
export function precacheList(
  bundle: Record<string, BundleFile>,
  wrapper: string,
  pageModules: readonly string[],
): string[] {
  const files = Object.values(bundle);
  const byModule = (id: string) =>
    files.find(
      (c) => c.type === 'chunk' && c.facadeModuleId && path.normalize(c.facadeModuleId) === path.normalize(id),
    );
  const notFollowed = new Set(
    files
      .filter((c) => c.type === 'chunk' && c.facadeModuleId && NOT_FOLLOWED.test(c.facadeModuleId))
      .map((c) => c.fileName),
  );
  const out = new Set<string>();
  const entry = files.find((c) => c.type === 'chunk' && c.isEntry);
  if (entry) reach(bundle, entry.fileName, out, notFollowed);
  const shell = byModule(wrapper);
  if (shell) {
    // Its static imports only: its lazy ones are every public page.
    const stack = [shell.fileName];
    while (stack.length > 0) {
      const name = stack.pop()!;
      const chunk = bundle[name];
      if (out.has(name) || chunk?.type !== 'chunk') continue;
      out.add(name);
      for (const css of chunk.viteMetadata?.importedCss ?? []) out.add(css);
      stack.push(...(chunk.imports ?? []));
    }
  }
  for (const id of pageModules) {
    const page = byModule(`${id}.tsx`) ?? byModule(`${id}.ts`) ?? byModule(id);
    if (page) reach(bundle, page.fileName, out, new Set());
  }
  return [...out].map((f) => `/${f}`).sort();
}

const VERSION_LINE = /^const VERSION = 'dev';$/m;
const PRECACHE_LINE = /^const PRECACHE = \[\];$/m;

/** The worker's text with the build's version and list written in; throws when the worker lost its markers. */
export function writeServiceWorker(source: string, precache: readonly string[]): { text: string; version: string } {
  if (!VERSION_LINE.test(source) || !PRECACHE_LINE.test(source)) {
    throw new Error('sw.js: the lines "const VERSION = \'dev\';" and "const PRECACHE = [];" are missing');
  }
  const version = createHash('sha256').update(source).update(JSON.stringify(precache)).digest('hex').slice(0, 12);
  const text = source
    .replace(VERSION_LINE, `const VERSION = '${version}';`)
    .replace(PRECACHE_LINE, () => `const PRECACHE = ${JSON.stringify(precache)};`);
  return { text, version };
}

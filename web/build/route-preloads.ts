import path from 'node:path';

/**
 * Build step for the public pages' first load (issue #9): the page chunks a route needs are found only after
 * the shell's script has run and asked for them, one round trip after another (shell → public page → page).
 * This writes `dist/route-preloads.json`, `{ "/news": ["/assets/news-page-….js", …] }`, from which the
 * server names them in that route's HTML (`<link rel="modulepreload">`), so a phone fetches them together
 * with the shell's script.
 */

/** The lazily imported pages of `public-page.tsx`'s PAGES table: route path → module path (as written). */
export function pagesOfSource(source: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const m of source.matchAll(/'(\/[^']*)':\s*(?:lazy|page)\(\(\)\s*=>\s*import\('([^']+)'\)\)/g)) {
    pages.set(m[1]!, m[2]!);
  }
  return pages;
}

/** What this step needs of an output chunk (Rollup's and Rolldown's OutputChunk have these). */
export interface ChunkInfo {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  viteMetadata?: { importedCss?: Set<string> };
}

/**
 * A chunk's file and every chunk and style sheet it imports statically, transitively, added to `into` after what
 * they import (a chunk's static imports come before it): importing the chunks in this order, one at a time,
 * evaluates one chunk each time (web/src/main.tsx, #25 point 3).
 */
export function closure(
  bundle: Record<string, ChunkInfo>,
  fileName: string,
  into: Set<string>,
  seen: Set<string> = new Set(into),
): Set<string> {
  if (seen.has(fileName)) return into;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk') return into;
  for (const imported of chunk.imports ?? []) closure(bundle, imported, into, seen);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  into.add(fileName);
  return into;
}

/**
 * Route path → the files (`/assets/…`) its first load needs beyond the entry's own: the public page wrapper
 * and the page with their static imports. Routes whose page chunk is missing are left out.
 */
export function routePreloads(
  bundle: Record<string, ChunkInfo>,
  publicPageFile: string,
  pages: Map<string, string>,
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const byModule = (id: string) =>
    chunks.find((c) => c.facadeModuleId && path.normalize(c.facadeModuleId) === path.normalize(id));
  const entry = chunks.find((c) => c.isEntry);
  const inEntry = entry ? closure(bundle, entry.fileName, new Set()) : new Set<string>();
  const wrapper = byModule(publicPageFile);
  const out: Record<string, string[]> = {};
  for (const [route, modulePath] of pages) {
    const base = path.resolve(path.dirname(publicPageFile), modulePath);
    const page = byModule(`${base}.tsx`) ?? byModule(`${base}.ts`);
    if (!page || !wrapper) continue;
    const files = closure(bundle, page.fileName, closure(bundle, wrapper.fileName, new Set()));
    out[route] = [...files].filter((f) => !inEntry.has(f)).map((f) => `/${f}`);
  }
  return out;
}

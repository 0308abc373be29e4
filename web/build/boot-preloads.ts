import { closure } from './route-preloads';
import type { BundleFile } from './service-worker';

/**
 * Build step of the app's start in steps (#25, point 3; web/src/main.tsx): the entry loads the app's modules with
 * `import()` one step after another, so that each is evaluated in a task of its own. Fetching them one after another
 * would cost a round trip each on a phone's network: the built index.html names them all as modulepreloads, which
 * app-boot.js (and the server, server/src/lib/app-boot.ts) fetch together after the first paint.
 */

/** The tables of pages (web/src/app/pages): every page of their kind is behind them. */
export const NOT_PRELOADED = /[\\/]app[\\/]pages[\\/]/;

/** What this step needs of an output chunk: the service worker's step reads the same. */
export type BootChunk = BundleFile;

/**
 * The chunks the entry `entryFile` loads with `import()` and their static imports, but those the entry already
 * imports statically (Vite preloads those itself) and those of modules `skip` names (a table of pages: the server
 * preloads a page's own for its route), in the order the entry names them.
 */
export function bootPreloads(
  bundle: Record<string, BootChunk>,
  entryFile: string,
  skip: RegExp = NOT_PRELOADED,
): string[] {
  const entry = bundle[entryFile];
  if (entry?.type !== 'chunk') return [];
  const own = closure(bundle, entryFile, new Set());
  const out = new Set<string>();
  for (const lazy of entry.dynamicImports ?? []) {
    if (skip.test(bundle[lazy]?.facadeModuleId ?? '')) continue;
    // Chunks only: their style sheets are not modules (Vite adds them when the step imports the chunk).
    for (const file of closure(bundle, lazy, new Set())) {
      if (!own.has(file) && bundle[file]?.type === 'chunk') out.add(file);
    }
  }
  return [...out];
}

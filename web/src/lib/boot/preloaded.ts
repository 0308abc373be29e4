import { inTasks } from './next-task';

/**
 * The modules app-boot.js fetched for this page: its `data-preload` (the server writes it, server/src/lib/app-boot.ts),
 * each chunk after the chunks it imports (the build's `closure`, web/build/route-preloads.ts). None without the boot
 * script (the development server).
 */
export function preloadedModules(doc: Document = document): string[] {
  const list = doc.querySelector('script[data-preload]')?.getAttribute('data-preload') ?? '';
  return list.split(' ').filter((url) => url.endsWith('.js'));
}

/**
 * Evaluates `urls` one per task, in their order (#25 point 3). The app's steps then find their modules evaluated.
 * Before, a step's `import()` evaluated its module with all it imports in one task (30–40 ms on a phone, zod building
 * the schemas of several chunks at once). In this order each import evaluates one chunk. A module that fails to
 * load is left to the step that needs it (its own import tries again and reports).
 */
export async function evaluateInTasks(
  urls: readonly string[],
  load: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
): Promise<void> {
  return inTasks(urls.map((url) => () => load(url).catch(() => undefined)));
}

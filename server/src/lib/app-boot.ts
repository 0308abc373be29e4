import { escapeXml } from './xml';

/**
 * The page's scripts start after its first paint (#25, point 3): the built index.html's module entry and its
 * modulepreloads are taken out of the head and named on one small deferred script, web/public/app-boot.js, which
 * adds them once the page has painted. The server's first view (readings, warnings, the header) is what a phone
 * shows first; nothing the app needs is fetched before that paint.
 */

/** The tag of the boot script, for the entry module and the modules to fetch with it. */
export const APP_BOOT_SRC = '/app-boot.js';

const ENTRY = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/** The built page's entry module and modulepreloads, and the page without their tags. */
export function takeAppScripts(html: string): { html: string; entry: string | null; preloads: string[] } {
  const entry = ENTRY.exec(html)?.[1] ?? null;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1] as string);
  return { html: html.replace(ENTRY, '').replace(MODULE_PRELOAD, ''), entry, preloads };
}

/** The boot script's tag: the entry and every module to preload (the shell's first, then the page's), once each. */
export function appBootTag(entry: string | null, preloads: readonly string[]): string {
  if (!entry && preloads.length === 0) return '';
  const list = [...new Set(preloads)].join(' ');
  return `<script src="${APP_BOOT_SRC}" defer${entry ? ` data-entry="${escapeXml(entry)}"` : ''}${list ? ` data-preload="${escapeXml(list)}"` : ''}></script>`;
}

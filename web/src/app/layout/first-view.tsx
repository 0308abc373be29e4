import { type ReactNode, useEffect, useState } from 'react';

/**
 * The server's first view of the page the browser opened (#25): its banner of warnings and its main area, drawn
 * by the server with the page's own markup (server/src/app/first-view.html.ts). Kept here before React replaces
 * the shell, and shown by the page while its data is on the way, so that what the visitor already reads does not
 * disappear behind a spinner and come back: nothing moves when the app takes over. Used once: a later visit to
 * the page (the app's own navigation) has no first view.
 */
export type FirstViewPart = 'main' | 'banner';

let taken: { path: string; parts: Partial<Record<FirstViewPart, string>> } | null = null;

/** Keeps the first view of `doc` (call before React renders into #root). */
export function keepFirstView(doc: Document = document): void {
  const parts: Partial<Record<FirstViewPart, string>> = {};
  for (const part of ['main', 'banner'] as const) {
    const el = doc.querySelector(`[data-first-view="${part}"]`);
    if (el) parts[part] = el.outerHTML;
  }
  taken = Object.keys(parts).length ? { path: doc.location.pathname.replace(/\/+$/, ''), parts } : null;
}

/** The kept HTML of a part for the page now shown, or null. */
export function firstViewHtml(part: FirstViewPart, path: string): string | null {
  return taken && taken.path === path.replace(/\/+$/, '') ? (taken.parts[part] ?? null) : null;
}

/** The page has drawn its own: the part is not shown again. */
export function releaseFirstView(part: FirstViewPart): void {
  if (taken) delete taken.parts[part];
}

/**
 * The kept part, as the server drew it (its own HTML from this very page, already in the document), or
 * `fallback`. `display: contents`: the wrapper adds no box of its own.
 */
export function FirstView({ part, path, fallback }: { part: FirstViewPart; path: string; fallback: ReactNode }) {
  // Read once: the part is released when the page has mounted, while this placeholder may still be shown.
  const [html] = useState(() => firstViewHtml(part, path));
  if (html === null) return fallback;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup, read from this page's document
  return <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Releases the main part once the page has mounted (the page shows it itself while its data loads). */
export function FirstViewShown() {
  useEffect(() => releaseFirstView('main'), []);
  return null;
}

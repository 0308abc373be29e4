import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BundleFile, precacheList, writeServiceWorker } from './service-worker';

const SRC = '/app/web/src';
const chunk = (fileName: string, more: Partial<BundleFile> = {}): BundleFile => ({ type: 'chunk', fileName, ...more });

// The entry (shell) imports the vendor; lazily the warnings' areas, the page tables and the back office's layout.
// The public pages' wrapper imports the placeholder; the map page lazily its route panel.
const bundle: Record<string, BundleFile> = {
  'assets/index.js': chunk('assets/index.js', {
    isEntry: true,
    imports: ['assets/vendor.js'],
    dynamicImports: [
      'assets/warning-areas.js',
      'assets/public-page.js',
      'assets/back-office-page.js',
      'assets/back-office-layout.js',
    ],
    viteMetadata: { importedCss: new Set(['assets/index.css']) },
  }),
  'assets/vendor.js': chunk('assets/vendor.js'),
  'assets/warning-areas.js': chunk('assets/warning-areas.js', {
    facadeModuleId: `${SRC}/features/warnings/components/warning-areas.tsx`,
  }),
  'assets/public-page.js': chunk('assets/public-page.js', {
    facadeModuleId: `${SRC}/app/pages/public-page.tsx`,
    imports: ['assets/placeholder.js'],
    dynamicImports: ['assets/map-page.js', 'assets/feedback-page.js'],
  }),
  'assets/placeholder.js': chunk('assets/placeholder.js'),
  'assets/back-office-page.js': chunk('assets/back-office-page.js', {
    facadeModuleId: `${SRC}/app/pages/back-office-page.tsx`,
    dynamicImports: ['assets/users-page.js'],
  }),
  'assets/back-office-layout.js': chunk('assets/back-office-layout.js', {
    facadeModuleId: `${SRC}/app/layout/back-office-layout.tsx`,
  }),
  'assets/users-page.js': chunk('assets/users-page.js'),
  'assets/feedback-page.js': chunk('assets/feedback-page.js', {
    facadeModuleId: `${SRC}/features/feedback/pages/feedback-page.tsx`,
  }),
  'assets/map-page.js': chunk('assets/map-page.js', {
    facadeModuleId: `${SRC}/features/map/pages/map-page.tsx`,
    imports: ['assets/leaflet.js'],
    dynamicImports: ['assets/route-panel.js'],
    viteMetadata: { importedCss: new Set(['assets/map-page.css']), importedAssets: new Set(['assets/marker.png']) },
  }),
  'assets/leaflet.js': chunk('assets/leaflet.js'),
  'assets/route-panel.js': chunk('assets/route-panel.js'),
  'assets/map-page.css': { type: 'asset', fileName: 'assets/map-page.css' },
};

describe('the service worker of the build (#25, point 2)', () => {
  it("keeps the shell, the public pages' wrapper and each offline page with everything it may load; not the back office nor other pages", () => {
    const list = precacheList(bundle, `${SRC}/app/pages/public-page.tsx`, [`${SRC}/features/map/pages/map-page`]);
    expect(list).toEqual(
      [
        'index.js',
        'index.css',
        'vendor.js',
        'warning-areas.js',
        'public-page.js',
        'placeholder.js',
        'map-page.js',
        'map-page.css',
        'marker.png',
        'leaflet.js',
        'route-panel.js',
      ]
        .map((f) => `/assets/${f}`)
        .sort(),
    );
  });

  it('writes its version and list into the worker; the version changes with either', () => {
    const source = "const VERSION = 'dev';\nconst PRECACHE = [];\nself.x = 1;\n";
    const a = writeServiceWorker(source, ['/assets/a.js']);
    expect(a.version).toMatch(/^[0-9a-f]{12}$/);
    expect(a.text).toBe(`const VERSION = '${a.version}';\nconst PRECACHE = ["/assets/a.js"];\nself.x = 1;\n`);
    expect(writeServiceWorker(source, ['/assets/b.js']).version).not.toBe(a.version);
    expect(writeServiceWorker(`${source}self.y = 2;\n`, ['/assets/a.js']).version).not.toBe(a.version);
    expect(() => writeServiceWorker('const VERSION = 1;', [])).toThrow(/VERSION/);
  });

  it('web/public/sw.js has the lines the build replaces', () => {
    const source = readFileSync(path.join(import.meta.dirname, '..', 'public', 'sw.js'), 'utf8');
    expect(() => writeServiceWorker(source, [])).not.toThrow();
  });
});

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { type BootChunk, bootPreloads } from './build/boot-preloads.ts';
import { precompress } from './build/precompress.ts';
import { type ChunkInfo, pagesOfSource, routePreloads } from './build/route-preloads.ts';
import { type BundleFile, OFFLINE_PAGES, precacheList, writeServiceWorker } from './build/service-worker.ts';

const PUBLIC_PAGE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src', 'app', 'pages', 'public-page.tsx');

/** Writes `.br` and `.gz` beside every built script and style sheet (web/build/precompress.ts). */
function precompressPlugin(): Plugin {
  return {
    name: 'flood-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const files = Object.values(bundle).map((f) => ({
        fileName: f.fileName,
        source: f.type === 'chunk' ? f.code : f.source,
      }));
      await precompress(options.dir ?? 'dist', files);
    },
  };
}

/**
 * Names the modules the entry loads step by step (web/build/boot-preloads.ts) as modulepreloads of index.html, beside
 * the ones Vite names for its static imports: the phone fetches them all at once.
 */
function bootPreloadsPlugin(): Plugin {
  let base = '/';
  return {
    name: 'flood-boot-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.chunk) return;
        return bootPreloads(ctx.bundle as unknown as Record<string, BootChunk>, ctx.chunk.fileName).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** Writes dist/route-preloads.json: the chunks of each public page, which the server preloads in its HTML. */
function routePreloadsPlugin(): Plugin {
  return {
    name: 'flood-route-preloads',
    apply: 'build',
    // After every generateBundle: Vite deletes the JS of CSS-only chunks there, which must not be preloaded.
    writeBundle(options, bundle) {
      const pages = pagesOfSource(readFileSync(PUBLIC_PAGE, 'utf8'));
      const preloads = routePreloads(bundle as unknown as Record<string, ChunkInfo>, PUBLIC_PAGE, pages);
      const missing = [...pages.keys()].filter((route) => !preloads[route]);
      if (missing.length > 0) this.error(`route-preloads: no chunk found for ${missing.join(', ')}`);
      writeFileSync(path.join(options.dir ?? 'dist', 'route-preloads.json'), JSON.stringify(preloads, null, 1));
    },
  };
}

/**
 * Writes the build's version and the files of the offline pages into dist/sw.js (web/build/service-worker.ts,
 * #25 point 2): every build is a new service worker, which fetches those files at install.
 */
function serviceWorkerPlugin(): Plugin {
  return {
    name: 'flood-service-worker',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const pages = pagesOfSource(readFileSync(PUBLIC_PAGE, 'utf8'));
      const modules = OFFLINE_PAGES.map((route) => pages.get(route))
        .filter((m): m is string => Boolean(m))
        .map((m) => path.resolve(path.dirname(PUBLIC_PAGE), m));
      if (modules.length !== OFFLINE_PAGES.length) this.error('service-worker: an offline page has no module');
      const precache = precacheList(bundle as unknown as Record<string, BundleFile>, PUBLIC_PAGE, modules);
      const target = path.join(dir, 'sw.js');
      const source = readFileSync(
        existsSync(target) ? target : path.join(path.dirname(PUBLIC_PAGE), '../../../public/sw.js'),
        'utf8',
      );
      const { text } = writeServiceWorker(source, precache);
      writeFileSync(target, text);
    },
  };
}

/**
 * Vendor groups: the framework loads once and is cached across releases of the pages. Ant Design is
 * deliberately not grouped: one antd chunk was 353 KB gzip on every page (the back office's tables, forms
 * and pickers on the public map too); split by use, a page loads only the components it renders.
 */
const VENDOR_GROUPS: { name: string; test: RegExp }[] = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'vendor-data', test: /node_modules[\\/](@tanstack|i18next|react-i18next|zod)[\\/]/ },
  { name: 'vendor-altcha', test: /node_modules[\\/]altcha[\\/]/ },
  // Only the chart (components/chart.tsx, loaded lazily) imports these: one chunk for pages with charts.
  { name: 'vendor-echarts', test: /node_modules[\\/](echarts|zrender|tslib)[\\/]/ },
];

export default defineConfig({
  plugins: [react(), bootPreloadsPlugin(), routePreloadsPlugin(), serviceWorkerPlugin(), precompressPlugin()],
  server: {
    port: 5173,
    // '/canh-bao/{id}': a warning's public page, plain HTML from the server (#23), not a page of the app;
    // '/h/{token}': a subscriber's short link, which the server redirects to the manage page (#24).
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      '/canh-bao/': { target: 'http://localhost:3000', changeOrigin: true },
      '/h/': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    // '/canh-bao/{id}': a warning's public page, plain HTML from the server (#23), not a page of the app;
    // '/h/{token}': a subscriber's short link, which the server redirects to the manage page (#24).
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      '/canh-bao/': { target: 'http://localhost:3000', changeOrigin: true },
      '/h/': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // Ant Design's @rc-component packages do not declare `sideEffects: false`, so importing one export
      // (antd's Form context imports FormProvider) kept whole packages (the form engine and its validator,
      // ~15 KB gzip) in every page. Their modules only define components and helpers.
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: VENDOR_GROUPS.map((g) => ({ name: g.name, test: g.test })),
        },
      },
    },
  },
});

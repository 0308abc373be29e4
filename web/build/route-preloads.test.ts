import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBLIC_ROUTES } from '@flood/domain';
import { describe, expect, it } from 'vitest';
import { type ChunkInfo, pagesOfSource, routePreloads } from './route-preloads';

const here = path.dirname(fileURLToPath(import.meta.url));
const PUBLIC_PAGE = path.join(here, '..', 'src', 'app', 'pages', 'public-page.tsx');

describe('route preloads (build step)', () => {
  it("reads every lazily loaded public page from public-page.tsx's table", () => {
    const pages = pagesOfSource(readFileSync(PUBLIC_PAGE, 'utf8'));
    expect(pages.get('/news')).toBe('../../features/news/pages/news-page');
    expect(pages.get('/news/:id')).toBe('../../features/news/pages/news-detail-page');
    // Every public route of the web's table (the domain's and the rows it lacks yet) with a page of its own is found.
    const source = readFileSync(PUBLIC_PAGE, 'utf8');
    const listed = PUBLIC_ROUTES.filter((r) => source.includes(`'${r.path}': page(`)).map((r) => r.path);
    expect([...pages.keys()].sort()).toEqual(listed.sort());
    expect(pages.size).toBeGreaterThanOrEqual(12);
  });

  it("lists a page's chunks and style sheets transitively, without the entry's own or deleted chunks", () => {
    const dir = path.dirname(PUBLIC_PAGE);
    const chunk = (fileName: string, extra: Partial<ChunkInfo> = {}): ChunkInfo => ({
      type: 'chunk',
      fileName,
      imports: [],
      ...extra,
    });
    const bundle: Record<string, ChunkInfo> = {
      'assets/index.js': chunk('assets/index.js', { isEntry: true, imports: ['assets/vendor.js'] }),
      'assets/vendor.js': chunk('assets/vendor.js'),
      'assets/public-page.js': chunk('assets/public-page.js', {
        facadeModuleId: PUBLIC_PAGE,
        imports: ['assets/vendor.js'],
      }),
      'assets/news-page.js': chunk('assets/news-page.js', {
        facadeModuleId: path.resolve(dir, '../../features/news/pages/news-page.tsx'),
        // css-only.js was a CSS-only chunk that Vite deleted: it is not in the bundle any more.
        imports: ['assets/news-api.js', 'assets/vendor.js', 'assets/css-only.js'],
        viteMetadata: { importedCss: new Set(['assets/news.css']) },
      }),
      'assets/news-api.js': chunk('assets/news-api.js', { imports: ['assets/query.js'] }),
      'assets/query.js': chunk('assets/query.js'),
      'assets/news.css': { type: 'asset', fileName: 'assets/news.css' },
    };
    const pages = new Map([
      ['/news', '../../features/news/pages/news-page'],
      ['/about', '../../features/news/pages/about-page'],
    ]);
    expect(routePreloads(bundle, PUBLIC_PAGE, pages)).toEqual({
      // Each chunk after what it imports (query before news-api before news-page).
      '/news': [
        '/assets/public-page.js',
        '/assets/query.js',
        '/assets/news-api.js',
        '/assets/news.css',
        '/assets/news-page.js',
      ],
    });
  });
});

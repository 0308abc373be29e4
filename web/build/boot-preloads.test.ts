import { describe, expect, it } from 'vitest';
import { type BootChunk, bootPreloads } from './boot-preloads';

const chunk = (fileName: string, extra: Partial<BootChunk> = {}): BootChunk => ({
  type: 'chunk',
  fileName,
  imports: [],
  dynamicImports: [],
  ...extra,
});

describe('boot preloads (build step, #25 point 3)', () => {
  const bundle: Record<string, BootChunk> = {
    'assets/index.js': chunk('assets/index.js', {
      isEntry: true,
      imports: ['assets/vendor-react.js'],
      dynamicImports: ['assets/i18n.js', 'assets/router.js', 'assets/public-page.js'],
    }),
    'assets/vendor-react.js': chunk('assets/vendor-react.js'),
    'assets/i18n.js': chunk('assets/i18n.js', { imports: ['assets/vendor-data.js'] }),
    'assets/vendor-data.js': chunk('assets/vendor-data.js'),
    // The router imports the framework (already the entry's) and the shell; its pages stay lazy.
    'assets/router.js': chunk('assets/router.js', {
      imports: ['assets/vendor-react.js', 'assets/shell.js'],
      dynamicImports: ['assets/back-office.js'],
    }),
    'assets/shell.js': chunk('assets/shell.js', {
      imports: ['assets/vendor-data.js'],
      viteMetadata: { importedCss: new Set(['assets/shell.css']) },
    }),
    'assets/shell.css': { type: 'asset', fileName: 'assets/shell.css' },
    'assets/back-office.js': chunk('assets/back-office.js'),
    'assets/public-page.js': chunk('assets/public-page.js', {
      facadeModuleId: '/repo/web/src/app/pages/public-page.tsx',
      imports: ['assets/first-view.js'],
    }),
    'assets/first-view.js': chunk('assets/first-view.js'),
    'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
  };

  it("lists what the entry imports step by step with their static imports, once each, each after what it imports, in the entry's order", () => {
    // vendor-data before i18n and shell (they import it), shell before the router (it imports shell): imported one
    // at a time in this order, each import evaluates one chunk (main.tsx).
    expect(bootPreloads(bundle, 'assets/index.js')).toEqual([
      'assets/vendor-data.js',
      'assets/i18n.js',
      'assets/shell.js',
      'assets/router.js',
    ]);
  });

  it("leaves out the entry's static imports (Vite names them), lazy pages, and the tables of pages", () => {
    const files = bootPreloads(bundle, 'assets/index.js');
    expect(files).not.toContain('assets/vendor-react.js');
    expect(files).not.toContain('assets/back-office.js');
    expect(files).not.toContain('assets/public-page.js');
    expect(files).not.toContain('assets/first-view.js');
    // A step's style sheet is not a module to preload.
    expect(files).not.toContain('assets/shell.css');
    // Without the rule for the tables of pages, the public pages' wrapper is one of the steps' modules.
    expect(bootPreloads(bundle, 'assets/index.js', /$^/)).toContain('assets/public-page.js');
  });

  it('lists nothing for a file that is not a chunk of the bundle', () => {
    expect(bootPreloads(bundle, 'assets/index.css')).toEqual([]);
    expect(bootPreloads(bundle, 'assets/missing.js')).toEqual([]);
  });
});

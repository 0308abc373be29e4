// Bundles the server (and the domain package it imports) into dist/main.js; dependencies stay external.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // The domain package is TypeScript source: bundle it instead of importing it at run time.
  alias: { '@flood/domain': '../domain/src/index.ts' },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
await cp('src/db/seed/geo', 'dist/seed/geo', { recursive: true });
console.log('server built: dist/main.js');

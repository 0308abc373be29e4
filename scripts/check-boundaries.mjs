#!/usr/bin/env node
// The code's boundaries, checked by `npm run lint` (docs/architecture.md, "Boundaries"; issue #21):
//  1. server: `drizzle-orm` only in repositories (`*.repository.ts`), tables (`*.table.ts`), `db/`, tests and the
//     test harnesses (`test/`, `reliability/harness.ts`); services, routes and the engine call repository functions.
//  2. web: a feature imports another feature only through its public entry (`features/<f>/index.ts`; its text
//     tables `features/<f>/i18n/{vi,en}.ts` are public too, for lib/i18n to gather); the shared
//     modules (`lib/`, `components/`, `map-kit/`, `app/` aside) import no feature's internals either. What several
//     features share goes to `lib/`, `components/`, `map-kit/` or `domain`.
// No exceptions. `node scripts/check-boundaries.mjs` prints each violation and exits 1; a test proves both rules
// fail on a deliberate violation (web/build/boundaries.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bexport\s+[^'"]*?\bfrom\s+)(['"])([^'"]+)\1/g;

/** Every import specifier of a source text (static, dynamic, side-effect and re-export). */
export function importsOf(text) {
  return [...text.matchAll(SPECIFIER)].map((m) => m[2]);
}

function sourceFiles(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|mts|mjs)$/.test(f) && !f.split(path.sep).includes('node_modules'))
    .map((f) => path.join(dir, f));
}

const DRIZZLE_ALLOWED = [
  /\.repository\.ts$/,
  /\.table\.ts$/,
  /\.test\.tsx?$/,
  /^db\//,
  /^test\//,
  /^reliability\/harness\.ts$/,
];

/** Server files (relative to server/src) that import drizzle-orm outside the places allowed. */
export function drizzleViolations(serverSrc, read = (f) => readFileSync(f, 'utf8')) {
  const out = [];
  for (const file of sourceFiles(serverSrc)) {
    const rel = path.relative(serverSrc, file).split(path.sep).join('/');
    if (DRIZZLE_ALLOWED.some((re) => re.test(rel))) continue;
    for (const spec of importsOf(read(file))) {
      if (spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/')) {
        out.push(`server/src/${rel}: imports '${spec}' (SQL belongs in a *.repository.ts)`);
      }
    }
  }
  return out;
}

/** The feature a path (relative to web/src) lies in, or null. */
function featureOf(rel) {
  const m = /^features\/([^/]+)\//.exec(rel);
  return m ? m[1] : null;
}

/** Web files whose relative imports reach into another feature other than through its `index.ts`. */
export function featureViolations(webSrc, read = (f) => readFileSync(f, 'utf8')) {
  const out = [];
  for (const file of sourceFiles(webSrc)) {
    const rel = path.relative(webSrc, file).split(path.sep).join('/');
    const own = featureOf(rel);
    // The app shell (routes, layouts) puts the features together: it may import their pages.
    if (rel.startsWith('app/')) continue;
    for (const spec of importsOf(read(file))) {
      if (!spec.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
      const other = featureOf(`${target}/`);
      if (!other || other === own) continue;
      // Its public entries: index.ts, and its text tables, which lib/i18n gathers (English behind a dynamic import).
      const entry =
        target === `features/${other}` ||
        target === `features/${other}/index` ||
        /^features\/[^/]+\/i18n\/(vi|en)$/.test(target);
      if (!entry)
        out.push(`web/src/${rel}: imports '${spec}' (another feature's internals; use features/${other}/index.ts)`);
    }
  }
  return out;
}

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const violations = [
    ...drizzleViolations(path.join(root, 'server', 'src')),
    ...featureViolations(path.join(root, 'web', 'src')),
  ];
  for (const v of violations) console.error(v);
  if (violations.length) {
    console.error(`\n${violations.length} boundary violation(s): see scripts/check-boundaries.mjs`);
    process.exit(1);
  }
  console.log('Boundaries: drizzle-orm only in repositories, tables and db/; features through their index.ts. OK');
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { drizzleViolations, featureViolations, importsOf } from '../../scripts/check-boundaries.mjs';

// The boundaries `npm run lint` holds (scripts/check-boundaries.mjs, #21): proved to fail on a deliberate
// violation of each rule, to pass on what is allowed, and to pass on the repository as it is.
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(scratch, 'src-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

describe('code boundaries', () => {
  it('reads every kind of import', () => {
    expect(
      importsOf(
        "import a from 'x';\nimport { b } from \"y\";\nimport 'z.css';\nexport * from './w';\nconst c = () => import('./v');",
      ),
    ).toEqual(['x', 'y', 'z.css', './w', './v']);
  });

  it('server: drizzle-orm in a service or route fails; in a repository, table, db/ or test it passes', () => {
    const src = tree({
      'features/news/news.service.ts': "import { eq } from 'drizzle-orm';\n",
      'features/news/news.routes.ts': "import { sql } from 'drizzle-orm/sql';\n",
      'features/news/news.repository.ts': "import { eq } from 'drizzle-orm';\n",
      'features/news/news.table.ts': "import { pgTable } from 'drizzle-orm/pg-core';\n",
      'features/news/news.routes.test.ts': "import { eq } from 'drizzle-orm';\n",
      'db/client.ts': "import { drizzle } from 'drizzle-orm/node-postgres';\n",
    });
    expect(drizzleViolations(src)).toEqual([
      "server/src/features/news/news.routes.ts: imports 'drizzle-orm/sql' (SQL belongs in a *.repository.ts)",
      "server/src/features/news/news.service.ts: imports 'drizzle-orm' (SQL belongs in a *.repository.ts)",
    ]);
  });

  it("web: another feature's internals fail, from a feature or the map kit; its index.ts and shared modules pass", () => {
    const src = tree({
      'features/dashboard/components/card.tsx':
        "import { fetchNews } from '../../news/api/news-api';\nimport { useAlerts } from '../../alerts';\nimport { x } from '../../../lib/api/client';\nimport { y } from '../api/own';\n",
      'map-kit/hooks/use-data.ts': "import { z } from '../../features/stations/api/readings-api';\n",
      'features/map/pages/page.tsx': "import { m } from '../../flood-analysis/index';\n",
      'app/routes.tsx': "import Page from '../features/news/pages/news-page';\n",
      'lib/i18n/en.ts': "import { newsEn } from '../../features/news/i18n/en';\n",
    });
    expect(featureViolations(src).sort()).toEqual([
      "web/src/features/dashboard/components/card.tsx: imports '../../news/api/news-api' (another feature's internals; use features/news/index.ts)",
      "web/src/map-kit/hooks/use-data.ts: imports '../../features/stations/api/readings-api' (another feature's internals; use features/stations/index.ts)",
    ]);
  });

  it('the repository holds both boundaries with no exception', () => {
    expect(drizzleViolations(path.join(root, 'server', 'src'))).toEqual([]);
    expect(featureViolations(path.join(root, 'web', 'src'))).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The web test files, relative to web/. */
function testFiles(): string[] {
  return ['src', 'build'].flatMap((dir) =>
    readdirSync(path.join(web, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.test\.tsx?$/.test(f))
      .map((f) => path.join(dir, f)),
  );
}

// The `web` project shares one module cache among the files of a worker (vitest.config.ts): a module replaced with
// vi.mock there would stay replaced for the files after it. Such files are named *.isolated.test.* and run in
// `web-isolated`, one module cache each.
describe('web test isolation', () => {
  it('names every file that mocks a module *.isolated.test.*, and only those', () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(50);
    const mocking = files.filter((f) =>
      /\bvi\.(mock|doMock|unmock|doUnmock)\(/.test(readFileSync(path.join(web, f), 'utf8')),
    );
    const isolated = files.filter((f) => f.includes('.isolated.test.'));
    expect(mocking.sort()).toEqual(isolated.sort());
  });
});

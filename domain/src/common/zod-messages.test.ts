import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-messages';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modules = (readdirSync(src, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => ({ file: f, text: readFileSync(path.join(src, f), 'utf8') }));

describe('zod configuration (#18: no CSP eval probe in the browser)', () => {
  it('keeps the JIT on the server (no document) and sets jitless only in a browser', () => {
    expect('document' in globalThis).toBe(false);
    expect(z.config().jitless).toBe(false);
  });

  it('is installed before any schema is built: every module using zod imports zod-messages first', () => {
    const users = modules.filter((m) => /from 'zod'/.test(m.text) && !m.file.endsWith('zod-messages.ts'));
    expect(users.length).toBeGreaterThan(10);
    const late = users
      .filter((m) => !/^import '(\.\.\/common|\.)\/zod-messages';/.test(m.text.trimStart()))
      .map((m) => m.file);
    expect(late).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import '@flood/domain';

// Every source module of the domain, as text.
const domainSources = import.meta.glob(['../../../domain/src/**/*.ts', '!../../../domain/src/**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('zod configuration in the browser (#18: no CSP eval probe)', () => {
  it('is jitless in a browser, so zod never probes new Function under the CSP', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('is installed before any schema is built: every domain module using zod imports zod-messages first', () => {
    const users = Object.entries(domainSources).filter(
      ([file, text]) => text.includes("from 'zod'") && !file.endsWith('zod-messages.ts'),
    );
    expect(users.length).toBeGreaterThan(10);
    const late = users
      .filter(([, text]) => !/^import '(\.\.\/common|\.)\/zod-messages';/.test(text.trimStart()))
      .map(([file]) => file);
    expect(late).toEqual([]);
  });
});

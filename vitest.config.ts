import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Tests that start, kill, freeze or starve whole processes (the portal, its PostgreSQL): their windows are timed,
 * so they run last, one file at a time, with nothing else on the CPU (group 1). Everything else runs first, on at
 * least two workers (group 0).
 */
const PROCESS_TESTS = ['server/src/reliability/**/*.test.ts', 'server/src/db/embedded-postgres.test.ts'];

const SERVER = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // One migrated template database per run, copied by each file (server/src/test/test-db.ts).
  globalSetup: ['server/src/test/global-setup.ts'],
  // With FLOOD_SQL_RECORD set, every statement sent is recorded for the PostgreSQL 15 pass.
  setupFiles: ['server/src/test/sql-recorder.ts'],
} as const;

// One command runs every unit and integration test of the three packages.
export default defineConfig({
  test: {
    // Two workers at least, also on the 2-core CI machine (one more than vitest's default there): the server files
    // wait on their database half the time. The timed process tests are kept apart in their own group, which runs
    // alone afterwards (docs/decisions.md, "vitest workers", #20).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', include: ['domain/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          ...SERVER,
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          exclude: PROCESS_TESTS,
          // Each worker imports the app graph once and runs its files one after the other; each file still
          // gets its own database copied from the run's migrated template (docs/testing.md).
          isolate: false,
        },
      },
      {
        test: {
          ...SERVER,
          name: 'server-processes',
          include: PROCESS_TESTS,
          isolate: false,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: './web/vite.config.ts',
        // antd forms in jsdom take several seconds per test on a 2-core machine.
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}', 'web/build/**/*.test.ts'],
          exclude: ['**/*.isolated.test.*'],
          environment: 'jsdom',
          testTimeout: 20_000,
          // antd, React and the app are imported once per worker, not once per file; the setup file gives each
          // file a fresh state (storage, session, language, timers, stubs) instead (docs/decisions.md, #20).
          isolate: false,
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
      {
        extends: './web/vite.config.ts',
        // Files that replace a module with vi.mock: in a shared module cache the mock would reach the other files
        // (or come too late for its own), so each of these gets its own. web/build/test-isolation.test.ts checks the naming.
        test: {
          name: 'web-isolated',
          include: ['web/src/**/*.isolated.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 20_000,
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
    ],
  },
});

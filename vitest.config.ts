import { defineConfig } from 'vitest/config';

// One command runs every unit and integration test of the three packages.
export default defineConfig({
  test: {
    // vitest's default worker count (CPUs − 1: one on the 2-core CI machine). Two workers halved the run once, but
    // the timing-bound reliability tests (disk full, power cut) then share the CPU with jsdom files and one of
    // them missed its 10 s window in the next run (docs/decisions.md, #20).
    projects: [
      { test: { name: 'domain', include: ['domain/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each worker imports the app graph once and runs its files one after the other; each file still
          // gets its own database copied from the run's migrated template (docs/testing.md).
          isolate: false,
          // One migrated template database per run, copied by each file (server/src/test/test-db.ts).
          globalSetup: ['server/src/test/global-setup.ts'],
          // With FLOOD_SQL_RECORD set, every statement sent is recorded for the PostgreSQL 15 pass.
          setupFiles: ['server/src/test/sql-recorder.ts'],
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

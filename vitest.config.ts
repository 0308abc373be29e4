import { defineConfig } from 'vitest/config';

// One command runs every unit and integration test of the three packages.
export default defineConfig({
  test: {
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
          // One migrated template database per run, copied by each file (server/src/test/test-db.ts).
          globalSetup: ['server/src/test/global-setup.ts'],
        },
      },
      {
        extends: './web/vite.config.ts',
        // antd forms in jsdom take several seconds per test on a 2-core machine.
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}', 'web/build/**/*.test.ts'],
          environment: 'jsdom',
          testTimeout: 20_000,
        },
      },
    ],
  },
});

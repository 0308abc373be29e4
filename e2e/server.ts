// The real server for the browser tests: the built web app, a fresh database (embedded, or a new
// PostgreSQL database when TEST_DATABASE_URL is set) and seeded accounts. Cleans up when stopped.
import { rm } from 'node:fs/promises';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { runMigrations } from '../server/src/db/migrate';
import { ensureSystemAccount } from '../server/src/features/system/system-account';
import { insertUser } from '../server/src/features/users/users.repository';
import { hashPassword } from '../server/src/lib/crypto';
import { createScratchDatabase } from '../server/src/test/scratch-db';
import { tempDataDir } from '../server/src/test/temp-dir';
import { ADMIN, E2E_PORT, E2E_PUSH_PORT, STAFF } from './fixtures';

const dataDir = await tempDataDir('flood-e2e-');
const adminUrl = process.env.TEST_DATABASE_URL;
const scratch = adminUrl ? await createScratchDatabase(adminUrl, { prefix: 'flood_e2e' }) : undefined;
const url = scratch?.url;

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: url ?? '',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: 'warn',
  // The browser tests make their own data; the demo banner is tested in the web's unit tests.
  DEMO: '0',
  // A light proof of work keeps the widget real but quick on CI.
  ALTCHA_COST: '50',
  ALTCHA_MAX_COUNTER: '40',
  // The web push test's fake push service (tests/subscriptions.spec.ts).
  PUSH_EXTRA_ORIGINS: `http://127.0.0.1:${E2E_PUSH_PORT}`,
});
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await runMigrations(database);
await ensureSystemAccount(database.db, config);
await insertUser(database.db, {
  ...STAFF.signOut,
  passwordHash: await hashPassword(STAFF.signOut.password),
  functions: ['system'],
});
await insertUser(database.db, {
  ...STAFF.usersOnly,
  passwordHash: await hashPassword(STAFF.usersOnly.password),
  functions: ['system', 'user'],
});
const app = await buildApp({ config, database });
await app.listen({ port: config.PORT, host: config.HOST });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close().catch(() => {});
  await database.close().catch(() => {});
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('SIGHUP', stop);
process.stdin.on('close', stop);

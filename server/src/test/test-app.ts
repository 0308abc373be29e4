import type { LoginResponse } from '@flood/domain';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Database, Db } from '../db/client';
import { createMemoryEventBus, type EventBus } from '../lib/events';
import { createMemoryStorage } from '../lib/storage';

export interface TestContext {
  app: FastifyInstance;
  /** The app's event bus: a factory that writes rows the app caches announces them on it (factories.ts). */
  bus: EventBus;
  db: Db;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database, with a cheap proof of work so tests solve it in milliseconds. */
export async function createTestApp(
  env: Record<string, string> = {},
  database?: Database,
  deps: Partial<
    Pick<AppDeps, 'now' | 'bus' | 'sms' | 'email' | 'push' | 'zalo' | 'dispatch' | 'storage' | 'rateLimitRedis'>
  > = {},
): Promise<TestContext> {
  const { openTestDatabase } = await import('./test-db');
  const db = database ?? (await openTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ALTCHA_COST: '1',
    ALTCHA_MAX_COUNTER: '4',
    PHONE_CODE_RESEND_SECONDS: '0',
    WEB_DIST: '/nonexistent-web-dist',
    ...env,
  });
  const bus = deps.bus ?? createMemoryEventBus();
  // Files stay in memory: a test never writes into DATA_DIR.
  const app = await buildApp({ config, database: db, logger: false, storage: createMemoryStorage(), ...deps, bus });
  return {
    app,
    bus,
    db: db.db,
    database: db,
    config,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** Solves a real challenge of the app, as the login widget does. */
export async function solveHumanCheck(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/altcha-challenge' });
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no ALTCHA solution');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Users are made by the factories (one place); re-exported because most test files take it from here. */
export { createUser } from './factories';

/** Signs in through the real login call and returns the stored current user. */
export async function login(app: FastifyInstance, email: string, password: string): Promise<LoginResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user-login',
    payload: { email, password, altcha: await solveHumanCheck(app) },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** One call of the API as the holder of `token` (none: anonymous), with a JSON body when given. */
export function apiCall(app: FastifyInstance, method: string, url: string, token?: string, payload?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

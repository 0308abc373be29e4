import { ERROR_MESSAGES, PERMISSIONS } from '@flood/domain';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login } from '../test-app';
import { type JsonSchema, schemaResolver } from './arbitraries';
import { type FuzzCase, type OpenApiOperation, routeCases } from './route-cases';

/**
 * Issue #11 "bad input": every API route, found from the running app (so a new route is fuzzed without
 * touching this file), gets malformed bodies, queries and path parameters generated from its OpenAPI
 * schema, as the system administrator (so permission checks hide nothing) and anonymously. No answer may
 * be a 5xx; every 4xx is `{ code, message, requestId }`; a validation failure names the broken field.
 * Replay a failure with FUZZ_SEED=<seed printed by fast-check>; FUZZ_RUNS raises the number of runs.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_111);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

/** Routes where generated input means nothing, with the reason. */
const SKIPPED: Record<string, string> = {
  'GET /api/events':
    'Server-Sent Events: the reply is hijacked and stays open, so inject never returns; its one input ' +
    '(Last-Event-ID) goes through Number(…) || 0 (events.routes.test.ts).',
};
/** Served by plugins rather than feature routes, so not in apiRoutes: named here so the list is complete. */
const NOT_API = {
  '/api/docs/*': 'OpenAPI UI (@fastify/swagger-ui static files), no input',
  '/*': 'the built web app (static files and index.html fallback); unknown /api paths answer the JSON 404 tested below',
};

const ctx = await createTestApp({
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
  SUBSCRIBE_RATE_LIMIT_PER_MINUTE: '1000000',
  FEEDBACK_RATE_LIMIT: '1000000',
  FLOOD_PHOTO_RATE_LIMIT: '1000000',
  ROUTE_RATE_LIMIT_PER_MINUTE: '1000000',
});
afterAll(() => ctx.close());
await ctx.app.ready();
const spec = ctx.app.swagger() as {
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
const resolve = schemaResolver(spec.components?.schemas ?? {});

/** A fresh administrator holding every permission (a fuzzed call may end or alter the previous one). */
async function signInAdmin(): Promise<string> {
  const { user, password } = await createUser(ctx.db, { functions: [...PERMISSIONS], name: 'Quản trị fuzz' });
  return (await login(ctx.app, user.email, password)).token;
}
let adminToken = await signInAdmin();
async function ensureAdmin(): Promise<void> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/user-info', headers: bearer(adminToken) });
  if (res.statusCode !== 200) adminToken = await signInAdmin();
}

const exercised = new Set<string>();
const namedFields = new Map<string, number>();

function send(method: string, c: FuzzCase): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = c.caller === 'admin' ? bearer(adminToken) : {};
  if (c.contentType) headers['content-type'] = c.contentType;
  return ctx.app.inject({
    method: method as 'GET',
    url: c.url,
    headers,
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
  });
}

/** The contract of issue #11 for one answer (throws with the case described). */
function check(key: string, c: FuzzCase, res: LightMyRequestResponse): void {
  const where = `${key} — ${c.caller}, ${c.what} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  // A value the schema refuses, sent by the administrator, is a 400: never accepted, never another error.
  if (c.expectField && c.caller === 'admin') expect(res.statusCode, where).toBe(400);
  if (res.statusCode < 400) return;
  expect(res.headers['content-type'], where).toMatch(/^application\/json/);
  const body = res.json() as { code?: unknown; message?: unknown; fields?: { field: string; message: string }[] };
  expect(typeof body.code, where).toBe('string');
  expect(typeof body.message === 'string' && body.message.trim().length > 0, where).toBe(true);
  if (body.code !== 'VALIDATION_FAILED') return;
  // A validation failure says what is wrong: fields, or more than the generic sentence.
  const fields = body.fields ?? [];
  expect(fields.length > 0 || body.message !== ERROR_MESSAGES.VALIDATION_FAILED, where).toBe(true);
  for (const f of fields) expect(f.field && f.message, where).toBeTruthy();
  if (!c.expectField || res.statusCode !== 400) return;
  const related = (f: string) =>
    f === c.expectField || c.expectField!.startsWith(`${f}.`) || f.startsWith(`${c.expectField}.`);
  const named = fields.some((f) => related(f.field)) || String(body.message).includes(c.expectField);
  expect(named, `${where}\nexpected the field ${c.expectField} to be named`).toBe(true);
  namedFields.set(key, (namedFields.get(key) ?? 0) + 1);
}

const routes = [...ctx.app.apiRoutes].sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));

describe(`every API route refuses malformed input without a 5xx (seed ${SEED}, ${RUNS} runs each)`, () => {
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    if (SKIPPED[key]) {
      it.skip(`${key}: ${SKIPPED[key]}`, () => {});
      continue;
    }
    it(key, async () => {
      await ensureAdmin();
      const op = spec.paths?.[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const { random, fixed } = routeCases(route, op, resolve);
      for (const c of fixed) check(key, c, await send(route.method, c));
      await fc.assert(
        fc.asyncProperty(random, async (c) => {
          check(key, c, await send(route.method, c));
        }),
        { seed: SEED, numRuns: RUNS },
      );
      exercised.add(key);
    });
  }

  for (const [path, reason] of Object.entries(NOT_API)) it.skip(`${path}: ${reason}`, () => {});

  it('answers unknown /api paths with the JSON 404', async () => {
    for (const url of ['/api/nope', '/api/..%2F..%2Fetc%2Fpasswd', '/api/%00', '/api/group/1/2/3']) {
      const res = await ctx.app.inject({ method: 'DELETE', url, headers: bearer(adminToken) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
    }
  });

  it('exercised every API route but the listed ones, and field naming was seen on each validated route', () => {
    const all = routes.map((r) => `${r.method} ${r.url}`);
    expect(
      Object.keys(SKIPPED).filter((k) => !all.includes(k)),
      'stale SKIPPED entries',
    ).toEqual([]);
    expect(
      all.filter((k) => !exercised.has(k) && !SKIPPED[k]),
      'routes not exercised',
    ).toEqual([]);
    // Every route with a body or query schema must have answered at least one 400 that named the field.
    const validated = routes.filter((r) => {
      const op = spec.paths?.[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      return op?.requestBody?.content?.['application/json'] || op?.parameters?.length;
    });
    const silent = validated.map((r) => `${r.method} ${r.url}`).filter((k) => !SKIPPED[k] && !namedFields.get(k));
    expect(silent, 'routes whose 400s never named a field').toEqual([]);
  });
});

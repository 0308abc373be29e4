import { PERMISSIONS, type Permission } from '@flood/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from './test/test-app';

/**
 * Walks every registered API route and proves the server enforces its declared access: anonymous → 401,
 * a user with no extra permission → 403, a user with exactly the needed one → neither.
 * Public routes must be listed here on purpose (DECISIONS.md: anonymous callers get the public reads and
 * the public posts only).
 */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/app-info',
  // The area the portal serves (#26): its names, units and map view, for every page.
  'GET /api/area',
  'GET /api/cap',
  'GET /api/cap/:file',
  'GET /api/altcha-challenge',
  'POST /api/user-login',
  'GET /api/web-parameters',
  'GET /api/station',
  'GET /api/water',
  'GET /api/events',
  'GET /api/water/export',
  'GET /api/water/export-moment',
  'GET /api/station/export',
  'GET /api/alerts/active',
  // Officers' warnings in force (#23: banner and map) and the communes of the area.
  'GET /api/warnings/active',
  'GET /api/communes',
  // The public map shows the data layers that are listed and on.
  'GET /api/data-layer',
  'GET /api/data-layer/:id',
  // The map's geodata lists and files (flood extents, rain grids, base layers).
  'GET /api/geojson',
  'GET /api/geojson/:ref',
  // Flood photos of the public map, and the anonymous 'Đăng ảnh' post (rate-limited).
  'GET /api/flood',
  'GET /api/flood/:id/image',
  'GET /api/flood/:id/thumbnail',
  'POST /api/flood',
  // News, the about page, view counts, uploaded files and the feedback form (issue #9).
  'GET /api/news',
  'GET /api/news/about',
  'GET /api/news/:id',
  'GET /api/document',
  'GET /api/document/:id',
  'POST /api/view',
  'GET /api/view',
  'GET /api/files/:id',
  'GET /api/files/:id/thumbnail',
  'POST /api/feedback',
  // Route planning and place search of the public map, and the saved routes it draws (issue #8).
  'POST /api/route',
  'GET /api/route/saved',
  'GET /api/search',
  // Open data for other systems (issue #7).
  'GET /api/open/stations',
  'GET /api/open/readings',
  // Flood analysis data of the (public) flood layers: the public map's flood modal (issue #10).
  'GET /api/flood-analysis',
  'GET /api/flood-analysis/:geodataId',
  // Residents' subscriptions (#24): signed up without an account, managed through the signed token of their link;
  // the SMS provider's delivery receipts carry SMS_RECEIPT_TOKEN in the address.
  'GET /api/push/public-key',
  'POST /api/subscriptions',
  'POST /api/subscriptions/confirm-email',
  'GET /api/subscriptions/:token',
  'PUT /api/subscriptions/:token',
  'DELETE /api/subscriptions/:token',
  'POST /api/subscriptions/:token/phone-code',
  'POST /api/subscriptions/:token/confirm-phone',
  'DELETE /api/subscriptions/:token/channels/:channel',
  'POST /api/delivery-receipts/sms/:token',
  // Stations authenticate with their own key instead of a session.
  'GET /api/receive-water-level',
  'GET /api/receive-rain',
]);

let ctx: TestContext;
const tokens = new Map<string, string>();
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '10000' });
  // `system` is the "no extra permission" baseline: every account holds it.
  for (const p of PERMISSIONS) {
    const { user, password } = await createUser(ctx.db, { functions: p === 'system' ? ['system'] : ['system', p] });
    tokens.set(p, (await login(ctx.app, user.email, password)).token);
  }
});
afterAll(() => ctx?.close());

const concrete = (url: string) => url.replace(/:(\w+)/g, '999999');
const call = (method: string, url: string, token?: string) =>
  ctx.app.inject({
    method: method as 'GET',
    url: concrete(url),
    headers: token ? bearer(token) : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });

describe('every API route enforces its access', () => {
  it('registers the expected routes', () => {
    const keys = ctx.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(expect.arrayContaining(['GET /api/group', 'DELETE /api/user/:id', 'GET /api/audit']));
    const publicOnes = ctx.app.apiRoutes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(new Set(publicOnes)).toEqual(PUBLIC);
  });

  it('keeps the SMS back office and the staff feedback list behind sms and feedback, never system (#18)', () => {
    const accessOf = (prefix: string) =>
      ctx.app.apiRoutes.filter((r) => r.url.startsWith(prefix)).map((r) => [`${r.method} ${r.url}`, r.access]);
    const sms = accessOf('/api/sms-');
    expect(sms.length).toBeGreaterThanOrEqual(7);
    for (const [key, access] of sms) expect(access, String(key)).toEqual({ anyOf: ['sms'] });
    const staffFeedback = accessOf('/api/feedback').filter(([key]) => key !== 'POST /api/feedback');
    expect(staffFeedback).toHaveLength(3);
    for (const [key, access] of staffFeedback) expect(access, String(key)).toEqual({ anyOf: ['feedback'] });
    // Officers' warnings (#23): every staff call behind `warning` alone.
    const officers = accessOf('/api/warnings').filter(([key]) => key !== 'GET /api/warnings/active');
    expect(officers).toHaveLength(9);
    for (const [key, access] of officers) expect(access, String(key)).toEqual({ anyOf: ['warning'] });
    // `system` (held by every account) guards no route at all.
    const bySystem = ctx.app.apiRoutes.filter((r) => typeof r.access !== 'string' && r.access.anyOf.includes('system'));
    expect(bySystem.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('refuses anonymous callers with 401 on every non-public route', async () => {
    for (const r of ctx.app.apiRoutes.filter((x) => x.access !== 'public')) {
      const res = await call(r.method, r.url);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('refuses a user without the permission (403) and admits one with exactly it', async () => {
    for (const r of ctx.app.apiRoutes) {
      if (typeof r.access === 'string') continue;
      const needed = r.access.anyOf;
      const lacking = await call(r.method, r.url, tokens.get('system'));
      if (!needed.includes('system')) expect(lacking.statusCode, `${r.method} ${r.url} without`).toBe(403);
      for (const p of needed as Permission[]) {
        const res = await call(r.method, r.url, tokens.get(p));
        expect([401, 403], `${r.method} ${r.url} with ${p}: ${res.body}`).not.toContain(res.statusCode);
      }
    }
  });

  it('admits any signed-in user on the "authenticated" routes', async () => {
    for (const r of ctx.app.apiRoutes.filter((x) => x.access === 'authenticated')) {
      if (r.url === '/api/user-logout') continue; // would end the session the other checks use
      const res = await call(r.method, r.url, tokens.get('system'));
      expect([401, 403], `${r.method} ${r.url}: ${res.body}`).not.toContain(res.statusCode);
    }
  });
});

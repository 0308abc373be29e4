import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from './test/test-app';
import { openTestDatabase } from './test/test-db';

let ctx: TestContext;
let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'flood-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><html lang="vi"><div id="root"></div></html>');
  await writeFile(path.join(webDir, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  ctx = await createTestApp({ WEB_DIST: webDir });
});
afterAll(async () => {
  await ctx?.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers ok after a database round-trip', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { ok: true, driver: 'postgres' },
    });
  });

  it('answers 503 degraded when the database is gone', async () => {
    const broken = await createTestApp({}, await openTestDatabase());
    await broken.database.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    await broken.app.close();
  });
});

describe('serving the web app', () => {
  it('gives unknown API paths a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/khong-co' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Không tìm thấy đường dẫn GET /api/khong-co' });
  });

  it('gives every other unknown path the web app, which shows its own 404 page', async () => {
    for (const url of ['/khong-co-trang-nay', '/user/group', '/news/12?x=1']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache, compressed', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sets security headers and a request id', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });
});

describe('OpenAPI', () => {
  it('is generated from the zod schemas at /api/docs', async () => {
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = json.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/user-login', '/api/health', '/api/user-info']),
    );
    const loginBody = spec.paths['/api/user-login'].post.requestBody.content['application/json'].schema;
    expect(loginBody.$ref).toBe('#/components/schemas/LoginBodyInput');
    expect(Object.keys(spec.components.schemas.LoginBodyInput.properties)).toEqual(['email', 'password', 'altcha']);
  });
});

describe('access control', () => {
  it('refuses to register an API route that does not declare who may call it', async () => {
    const t = await createTestApp();
    try {
      expect(() => t.app.get('/api/undeclared', async () => ({}))).toThrow(/does not declare config.access/);
    } finally {
      await t.close();
    }
  });

  it('answers 401 to anonymous callers and 403 to callers without the permission', async () => {
    const t = await createTestApp();
    try {
      t.app.get('/api/only-users', { config: { access: { anyOf: ['user'] } } }, async () => ({ ok: true }));
      const plain = await createUser(t.db, { functions: ['system'] });
      const admin = await createUser(t.db, { functions: ['system', 'user'] });
      const plainToken = (await login(t.app, plain.user.email, plain.password)).token;
      const adminToken = (await login(t.app, admin.user.email, admin.password)).token;
      expect((await t.app.inject({ method: 'GET', url: '/api/only-users' })).statusCode).toBe(401);
      const forbidden = await t.app.inject({ method: 'GET', url: '/api/only-users', headers: bearer(plainToken) });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Bạn không có quyền thực hiện thao tác này',
      });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/only-users', headers: bearer(adminToken) })).statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('hides internals of unexpected errors', async () => {
    const t = await createTestApp();
    try {
      t.app.get('/api/boom', { config: { access: 'public' } }, async () => {
        throw new Error('secret internal detail');
      });
      const res = await t.app.inject({ method: 'GET', url: '/api/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 'INTERNAL', message: 'Xảy ra lỗi, vui lòng thử lại!' });
      expect(res.body).not.toContain('secret');
    } finally {
      await t.close();
    }
  });

  it('answers malformed JSON with a 400 error body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

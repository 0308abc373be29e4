import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../test/multipart';
import { bearer, createTestApp, createUser, login, type TestContext } from '../test/test-app';
import { DOCUMENT_ONLY_HEADERS } from './security-headers';

/**
 * ASVS 4.0.3 level 2, V14.4 (HTTP security headers), V14.5 (CORS, methods) and the request limits of V13/V5:
 * the headers every answer carries, on the web page, API data and API errors alike.
 */
let ctx: TestContext;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'flood-sec-web-'));
  await writeFile(path.join(dir, 'index.html'), '<html><body><div id="root"></div></body></html>');
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'assets', 'app-abc12345.js'), 'console.log(1)');
  await writeFile(path.join(dir, 'assets', 'app-abc12345.css'), 'body{margin:0}');
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestApp({ WEB_DIST: dir });
});
afterAll(async () => {
  await ctx?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A CSP header as a map of directive → sources. */
const cspOf = (header: string | undefined) =>
  new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

const answers = () =>
  Promise.all([
    ctx.app.inject({ method: 'GET', url: '/dashboard' }),
    ctx.app.inject({ method: 'GET', url: '/api/web-parameters' }),
    ctx.app.inject({ method: 'GET', url: '/api/user-info' }),
    ctx.app.inject({ method: 'GET', url: '/api/khong-co' }),
  ]);

describe('V14.4 HTTP security headers', () => {
  it('a CSP without inline or eval scripts, plugins, foreign frames or base/form hijack (14.4.3, 14.4.7)', async () => {
    for (const res of await answers()) {
      const csp = cspOf(res.headers['content-security-policy'] as string);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(res.headers['content-security-policy']).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('nosniff, HSTS, no referrer, cross-origin isolation headers, and no X-Powered-By (14.4.4–14.4.6, 14.3.3)', async () => {
    for (const res of await answers()) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers.server).toBeUndefined();
    }
  });

  it("a built script or style sheet carries the headers a subresource reads, not a document's; the rest all", async () => {
    const s = await createUser(ctx.db, { functions: ['news'] });
    const staff = bearer((await login(ctx.app, s.user.email, s.password)).token);
    const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
    // Anonymous: the fast lane of hot reads; signed in: the static plugin. Both answer alike.
    for (const headers of [{}, staff]) {
      for (const url of ['/assets/app-abc12345.js', '/assets/app-abc12345.css']) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        for (const name of DOCUMENT_ONLY_HEADERS) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      }
      // What can be a document keeps them all: a page, an SVG (opened by itself it is one).
      for (const url of ['/dashboard', '/favicon.svg']) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(200);
        for (const name of DOCUMENT_ONLY_HEADERS) expect(res.headers[name], `${url} ${name}`).toBeTruthy();
      }
    }
  });

  it('every answer names its content type and character set (14.4.1)', async () => {
    const [page, data, refused, missing] = await answers();
    expect(page!.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const res of [data!, refused!, missing!])
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});

describe('V12.5 uploaded files as they are served back', () => {
  it('carry nosniff and a sandboxing CSP, so a file can never run as a page of this origin (12.5.2, 14.4.4)', async () => {
    const s = await createUser(ctx.db, { functions: ['system', 'news'] });
    const staff = bearer((await login(ctx.app, s.user.email, s.password)).token);
    const form = multipartFile('file', 'van-ban.pdf', '%PDF-1.4\n<script>alert(1)</script>\n%%EOF\n', 'text/html');
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...staff, ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const got = await ctx.app.inject({ method: 'GET', url: up.json().url });
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(got.headers['cross-origin-resource-policy']).toBe('same-site');
  });
});

describe('V14.5 cross-origin requests and methods', () => {
  it('grants no other origin access: no CORS headers on simple or preflight requests (14.5.3)', async () => {
    const origin = { origin: 'https://ke-gian.example' };
    const simple = await ctx.app.inject({ method: 'GET', url: '/api/web-parameters', headers: origin });
    expect(simple.statusCode).toBe(200);
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/user-login',
      headers: {
        ...origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    for (const res of [simple, preflight]) {
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
    expect(preflight.statusCode).toBe(404);
  });

  it('answers methods a route does not have with a JSON 404, never echoing the request (TRACE)', async () => {
    for (const method of ['TRACE', 'PATCH', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/web-parameters', headers: { authorization: 'Bearer x' } });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(res.body).not.toContain('Bearer');
    }
  });
});

describe('request size limits (13.1.x / 5.1)', () => {
  it('refuses a JSON body past 1 MiB with 413 and an error body, before any handler', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Dữ liệu gửi lên quá lớn' });
    expect(res.body).not.toMatch(/at \w+ \(|node_modules|FST_/);
  });
});

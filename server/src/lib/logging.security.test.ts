import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-db';
import { loggerOptionsOf, redactUrl } from './logging';
import { createMemoryStorage } from './storage';

/** ASVS 4.0.3 7.1.1 / 3.1.1: the server's own request log (info level, as in production) holds no secret. */
let app: FastifyInstance;
let database: Database;
const lines: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent-web-dist', ALTCHA_COST: '1' });
  app = await buildApp({
    config,
    database,
    storage: createMemoryStorage(),
    logger: loggerOptionsOf('info', { write: (line) => void lines.push(line) }),
  });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('request logs', () => {
  it('keep the method and path but not a station’s push key, a bearer token or a password', async () => {
    const key = 'khoa-bi-mat-cua-tram-9f3a7c';
    const token = 'T0k3n-phien-dang-nhap-khong-duoc-ghi-log-abc';
    await app.inject({
      method: 'GET',
      url: `/api/receive-water-level?stationCode=F01024&date=23/11/2026&hour=8&minute=0&value=12&key=${key}`,
    });
    await app.inject({ method: 'GET', url: '/api/user-info', headers: { authorization: `Bearer ${token}` } });
    await app.inject({
      method: 'POST',
      url: '/api/user-login',
      payload: { email: 'a@bache.local', password: 'mat-khau-trong-log', altcha: 'x' },
    });
    const log = lines.join('');
    expect(log).toContain('/api/receive-water-level?stationCode=F01024');
    expect(log).toContain('key=***');
    expect(log).toContain('/api/user-info');
    for (const secret of [key, token, 'mat-khau-trong-log']) expect(log).not.toContain(secret);
  });

  it('redactUrl hides every secret parameter and leaves other URLs as they are', () => {
    expect(redactUrl('/api/x?a=1&key=abc&token=def#h')).toBe('/api/x?a=1&key=***&token=***#h');
    expect(redactUrl('/api/x?KEY=abc')).toBe('/api/x?KEY=***');
    expect(redactUrl('/api/monkey=1')).toBe('/api/monkey=1');
    expect(redactUrl('/api/x?monkey=1')).toBe('/api/x?monkey=1');
    // A subscription's signed token (#24) and the receipt address's token are credentials too.
    expect(redactUrl('/h/7ps.AbCdEfGhIj')).toBe('/h/***');
    expect(redactUrl('/api/subscriptions/7ps.AbCdEfGhIj/confirm-phone')).toBe('/api/subscriptions/***/confirm-phone');
    expect(redactUrl('/api/subscriptions/confirm-email')).toBe('/api/subscriptions/confirm-email');
    expect(redactUrl('/api/subscriptions')).toBe('/api/subscriptions');
    expect(redactUrl('/api/delivery-receipts/sms/secret-0123456789')).toBe('/api/delivery-receipts/sms/***');
  });
});

import { ERROR_MESSAGES } from '@flood/domain';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, registerErrorHandler } from './errors';

/** A driver error as `pg` makes them: a message and a code (network errno or PostgreSQL SQLSTATE). */
function driverError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}
/** The query builder's wrapper around the driver's error. */
const wrapped = (cause: Error) => new Error('Failed query: insert into "readings" …', { cause });

describe('isDatabaseUnavailable', () => {
  it('knows a refused, reset or shut-down connection, also inside the query wrapper', () => {
    expect(isDatabaseUnavailable(driverError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(driverError('terminating connection due to administrator command', '57P01'))),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(driverError('the database system is starting up', '57P03')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(driverError('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(driverError('connection failure', '08006'))).toBe(true);
  });

  it('leaves query mistakes and other failures alone', () => {
    expect(isDatabaseUnavailable(wrapped(driverError('duplicate key value violates unique constraint', '23505')))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(wrapped(driverError('syntax error at or near "FROM"', '42601')))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('the error handler', () => {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/down', async () => {
    throw wrapped(driverError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'));
  });
  app.get('/bug', async () => {
    throw new TypeError('x is not a function');
  });
  afterAll(() => app.close());

  it('answers 503 with Retry-After while the database cannot be reached, internals hidden', async () => {
    const res = await app.inject({ method: 'GET', url: '/down' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      code: 'UNAVAILABLE',
      message: ERROR_MESSAGES.UNAVAILABLE,
      requestId: expect.any(String),
    });
    expect(res.body).not.toContain('5432');
  });

  it('answers 500 for a programming error, internals hidden', async () => {
    const res = await app.inject({ method: 'GET', url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL, requestId: expect.any(String) });
  });
});

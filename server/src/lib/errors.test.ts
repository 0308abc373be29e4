import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_MESSAGES } from '@flood/domain';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE, isDatabaseUnavailable, registerErrorHandler } from './errors';

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

  it('knows every database failure that is not the request: disk, memory, files, restarts, conflicts', () => {
    const failures: [string, string][] = [
      ['could not extend file "base/5/16420": No space left on device', '53100'],
      ['out of memory', '53200'],
      ['sorry, too many clients already', '53300'],
      ['too many range table entries', '53400'],
      ['could not write block 7 of relation base/5/16420: Input/output error', '58030'],
      ['could not open file "base/5/16420": No such file or directory', '58P01'],
      ['terminating connection because of crash of another server process', '57P02'],
      ['the database system is in recovery mode', '57P03'],
      ['terminating connection due to idle-session timeout', '57P05'],
      ['database "flood" does not exist any more', '57P04'],
      ['could not serialize access due to concurrent update', '40001'],
      ['deadlock detected', '40P01'],
      ['SSL connection has been closed unexpectedly', '08003'],
    ];
    for (const [message, code] of failures) {
      expect([code, isDatabaseUnavailable(wrapped(driverError(message, code)))]).toEqual([code, true]);
    }
    expect(isDatabaseUnavailable(new Error('database ping timed out'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(driverError('timeout exceeded when trying to connect')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(driverError('Connection terminated due to connection timeout')))).toBe(true);
  });

  it("knows the stopped embedded server's Unix socket, but not a missing file", async () => {
    const socket = path.join(tmpdir(), `no-such-dir-${process.pid}`, '.s.PGSQL.5432');
    const refused = await new Promise<Error>((resolve) => connect(socket).once('error', resolve));
    expect((refused as NodeJS.ErrnoException).code).toBe('ENOENT');
    expect(isDatabaseUnavailable(wrapped(refused))).toBe(true);
    const missingFile = await readFile(path.join(tmpdir(), `no-such-file-${process.pid}`)).catch((e: Error) => e);
    expect(isDatabaseUnavailable(missingFile)).toBe(false);
  });

  it('leaves query mistakes and other failures alone', () => {
    expect(isDatabaseUnavailable(wrapped(driverError('duplicate key value violates unique constraint', '23505')))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(wrapped(driverError('syntax error at or near "FROM"', '42601')))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(driverError('permission denied for table readings', '42501')))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(driverError('value too long for type character varying(20)', '22001')))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(wrapped(driverError('canceling statement due to statement timeout', '57014')))).toBe(
      false,
    );
    // internal_error: a check that "cannot fail" or a damaged page fails again on every retry (a 500, logged).
    expect(isDatabaseUnavailable(wrapped(driverError('could not read block 3 in file "base/5/1"', 'XX000')))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(wrapped(driverError('invalid page in block 3 of relation base/5/1', 'XX001')))).toBe(
      false,
    );
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
  app.get('/disk-full', async () => {
    throw wrapped(driverError('could not extend file "base/5/16420": No space left on device', '53100'));
  });
  app.get('/upload-on-full-disk', async () => {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
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

  it('answers 503 with Retry-After when the database is out of disk', async () => {
    const res = await app.inject({ method: 'GET', url: '/disk-full' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: 'UNAVAILABLE' });
    expect(res.body).not.toContain('No space');
  });

  it('answers 503 with Retry-After when a file cannot be stored for lack of space', async () => {
    const res = await app.inject({ method: 'GET', url: '/upload-on-full-disk' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ code: 'UNAVAILABLE', message: DISK_FULL_MESSAGE, requestId: expect.any(String) });
  });

  it('answers 500 for a programming error, internals hidden', async () => {
    const res = await app.inject({ method: 'GET', url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL, requestId: expect.any(String) });
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-db';

/**
 * The SQL of every query the test suite made on the embedded PostgreSQL 18 (recorded by test/sql-recorder.ts
 * into FLOOD_SQL_REPLAY) is prepared here on the database of this run — in CI the PostgreSQL 15 server,
 * the oldest version the product supports. PREPARE parses, resolves every table, column, function and
 * operator and infers the parameters' types exactly as the driver's own Parse does, without running it:
 * a statement that uses what PostgreSQL 15 lacks fails here. Statements that cannot be prepared
 * (transaction control, SET, DDL of the migrations, which run on this database anyway) are counted, not
 * checked. Runs only when FLOOD_SQL_REPLAY is set (CI's second pass; docs/testing.md).
 */
const replay = process.env.FLOOD_SQL_REPLAY;

/** The statement's first keyword, after comments and blanks. */
export function leadingKeyword(text: string): string {
  const stripped = text.replace(/^(\s+|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, '');
  return (/^[a-z]+/i.exec(stripped)?.[0] ?? '').toLowerCase();
}
const PREPARABLE = new Set(['select', 'insert', 'update', 'delete', 'with', 'values', 'merge', 'table']);

function recorded(folder: string): string[] {
  const all = new Set<string>();
  for (const f of readdirSync(folder).filter((n) => n.endsWith('.sql'))) {
    for (const line of readFileSync(path.join(folder, f), 'utf8').split('\n')) if (line) all.add(JSON.parse(line));
  }
  return [...all];
}

describe.skipIf(!replay)('every statement of the suite on this PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('prepares without error', async () => {
    const statements = recorded(replay!);
    const preparable = statements.filter((s) => PREPARABLE.has(leadingKeyword(s)));
    // A recorder that recorded nothing must not pass for a check: the suite makes hundreds of distinct queries.
    expect(preparable.length).toBeGreaterThan(300);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const failures: string[] = [];
    let server = '';
    try {
      for (const [i, text] of preparable.entries()) {
        try {
          await client.query(`PREPARE compat_${i} AS ${text}`);
          await client.query(`DEALLOCATE compat_${i}`);
        } catch (e) {
          failures.push(`${(e as Error).message}\n    ${text.slice(0, 400)}`);
        }
      }
      server = (await client.query('show server_version')).rows[0].server_version;
    } finally {
      await client.end();
    }
    console.info(
      `[sql-compat] PostgreSQL ${server}: ${preparable.length} statements prepared, ` +
        `${statements.length - preparable.length} not preparable (transaction control, SET, DDL) not checked`,
    );
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('fails on what this version lacks: uuidv7() of PostgreSQL 18 on an older server', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const version = Number((await client.query('show server_version_num')).rows[0].server_version_num);
      const prepared = await client.query('PREPARE compat_v18 AS select uuidv7()').then(
        () => true,
        () => false,
      );
      expect(prepared).toBe(version >= 180_000);
    } finally {
      await client.end();
    }
  });
});

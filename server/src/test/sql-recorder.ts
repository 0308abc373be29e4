import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * With FLOOD_SQL_RECORD=<folder>, every distinct statement text the tests ran successfully through node-postgres
 * in this process is appended to <folder>/<pid>.sql (one JSON string per line). CI records the pass on the embedded
 * PostgreSQL 18 and prepares every recorded statement on the PostgreSQL server in the next pass
 * (db/sql-compat.test.ts), so each query the product makes is checked on both versions (docs/testing.md).
 * Registered as a set-up file of the server project; it patches `pg.Client` once per process.
 */
const folder = process.env.FLOOD_SQL_RECORD;
const PATCHED = Symbol.for('flood.sqlRecorder');
const proto = pg.Client.prototype as unknown as Record<symbol, unknown> & { query: (...args: unknown[]) => unknown };
if (folder && !proto[PATCHED]) {
  proto[PATCHED] = true;
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${process.pid}.sql`);
  const seen = new Set<string>();
  const original = proto.query;
  proto.query = function recordedQuery(this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text =
      typeof first === 'string'
        ? first
        : first && typeof first === 'object' && typeof (first as { text?: unknown }).text === 'string'
          ? (first as { text: string }).text
          : undefined;
    if (!text || seen.has(text)) return original.apply(this, args);
    // Recorded once it succeeded: statements a test makes fail on purpose are not the product's SQL.
    const record = () => {
      if (seen.has(text)) return;
      seen.add(text);
      appendFileSync(file, `${JSON.stringify(text)}\n`);
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, ...rest: unknown[]) => {
        if (!err) record();
        return (callback as (...a: unknown[]) => unknown)(err, ...rest);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      return (result as Promise<unknown>).then((r) => {
        record();
        return r;
      });
    }
    return result;
  };
}

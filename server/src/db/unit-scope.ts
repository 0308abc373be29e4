import type { AnyColumn, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';

/**
 * A `text[]` column of unit codes naming some units, all of them among `scope` (#26 point 3: what a commune officer
 * reaches — an SMS recipient's or a subscriber's communes, a news item's units). Empty arrays are nobody's but the
 * unscoped staff's, so they never match.
 */
export function unitsWithinScope(column: SQL | AnyColumn, scope: readonly string[]): SQL {
  const units = sql`array[${sql.join(
    scope.map((u) => sql`${u}`),
    sql`, `,
  )}]::text[]`;
  return sql`(cardinality(${column}) > 0 and ${column} <@ ${units})`;
}

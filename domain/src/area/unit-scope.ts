import '../common/zod-messages';
import { z } from 'zod';
import { UNIT_CODE_PATTERN } from './area.schemas';

/**
 * The units a staff member may see and change (#26 point 3): a commune officer's commune, a provincial user's
 * every unit. Empty means every unit. A user's own list wins over its group's; both empty: every unit.
 */
export type UnitScope = readonly string[];

/** A scope as a form sends it: unit codes, each once. */
export const UnitScopeSchema = z
  .array(z.string().trim().regex(UNIT_CODE_PATTERN, 'Mã đơn vị không hợp lệ'))
  .max(200)
  .default([])
  .transform((codes) => [...new Set(codes)]);

/** What a refused call on another unit's station, recipient, subscriber or warning says (403). */
export const OUT_OF_SCOPE = 'Ngoài địa bàn được giao cho tài khoản này';

/** The scope a user acts with: its own units, else its group's, else every unit (empty). */
export function effectiveScope(own: UnitScope | null | undefined, group: UnitScope | null | undefined): string[] {
  return own?.length ? [...own] : [...(group ?? [])];
}

/** Whether a scope reaches a thing of one unit (a thing of no unit is only for those who see every unit). */
export function scopeAllowsUnit(scope: UnitScope | undefined, unit: string | null | undefined): boolean {
  return !scope?.length || (!!unit && scope.includes(unit));
}

/**
 * Whether a scope reaches a thing of several units (a warning's communes, a recipient's): every one of them in
 * the scope. A thing of no unit listed means every unit: only for those who see every unit.
 */
export function scopeCoversUnits(scope: UnitScope | undefined, units: readonly string[]): boolean {
  return !scope?.length || (units.length > 0 && units.every((u) => scope.includes(u)));
}

/** What a manager may give (#18's rule for permissions, for units): nothing beyond its own scope. */
export function isScopeSubset(wanted: UnitScope, held: UnitScope | undefined): boolean {
  return !held?.length || (wanted.length > 0 && wanted.every((u) => held.includes(u)));
}

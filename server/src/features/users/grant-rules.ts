import {
  ACCOUNT_ABOVE_ACTOR,
  isPermissionSubset,
  isScopeSubset,
  PERMISSION_LABELS,
  PERMISSION_NOT_HELD,
  type Permission,
} from '@flood/domain';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';

/**
 * A user manager grants, changes or takes away only what it holds itself (#18), so holding `user` is no
 * way to more rights; the refusal names the permissions it lacks.
 */
export function assertMayGrant(actor: Actor, permissions: readonly Permission[]): void {
  if (isPermissionSubset(permissions, actor.functions)) return;
  const lacking = permissions.filter((p) => !actor.functions.includes(p)).map((p) => PERMISSION_LABELS[p].vi);
  const message = `${PERMISSION_NOT_HELD}: ${lacking.join(', ')}`;
  throw new AppError('FORBIDDEN', message, [{ field: 'functions', message }]);
}

/** An account or group holding a permission the actor lacks is out of its reach: no edit, reset or delete (#18). */
export function assertWithinReach(actor: Actor, held: readonly Permission[]): void {
  if (!isPermissionSubset(held, actor.functions)) throw new AppError('FORBIDDEN', ACCOUNT_ABOVE_ACTOR);
}

/** What a scoped manager may give (#26 point 3): units of its own scope only, and never every unit. */
export const UNITS_NOT_HELD = 'Chỉ giao được các đơn vị thuộc địa bàn của tài khoản đang đăng nhập';

export function assertMayGiveUnits(actor: Actor, units: readonly string[]): void {
  if (isScopeSubset(units, actor.units)) return;
  throw new AppError('FORBIDDEN', UNITS_NOT_HELD, [{ field: 'units', message: UNITS_NOT_HELD }]);
}

/** An account or group that reaches units beyond the actor's (or every unit) is out of its reach (#26 point 3). */
export function assertUnitsWithinReach(actor: Actor, held: readonly string[]): void {
  if (!isScopeSubset(held, actor.units)) throw new AppError('FORBIDDEN', ACCOUNT_ABOVE_ACTOR);
}

/** A check that every unit given is one of the area's (#26), naming the unknown ones on `units`. */
export function unitsChecker(unitCodes: (() => Promise<readonly string[]>) | undefined) {
  return async (units: readonly string[]): Promise<void> => {
    if (!unitCodes || units.length === 0) return;
    const known = new Set(await unitCodes());
    const unknown = units.filter((u) => !known.has(u));
    if (unknown.length === 0) return;
    const message = `Đơn vị không thuộc khu vực của cổng: ${unknown.join(', ')}`;
    throw new AppError('VALIDATION_FAILED', message, [{ field: 'units', message }]);
  };
}

import {
  ACCOUNT_ABOVE_ACTOR,
  isPermissionSubset,
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

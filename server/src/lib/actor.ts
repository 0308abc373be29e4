import { hasAnyPermission, OUT_OF_SCOPE, type Permission, scopeAllowsUnit, scopeCoversUnits } from '@flood/domain';
import { AppError } from './errors';

/** The signed-in caller of a request, resolved from its bearer token. */
export interface Actor {
  userId: number;
  sessionId: number;
  name: string;
  email: string;
  functions: Permission[];
  isSystem: boolean;
  /** The units this user may see and change (#26 point 3); empty or absent: every unit. */
  units?: readonly string[];
}

/** Who may call a route: everyone, any signed-in user, or a holder of one of the permissions. */
export type Access = 'public' | 'authenticated' | { anyOf: Permission[] };

/** Refuses anonymous callers (401); services call it before any work. */
export function requireActor(actor: Actor | undefined): Actor {
  if (!actor) throw new AppError('UNAUTHENTICATED');
  return actor;
}

/** Refuses callers without one of the permissions (403), after refusing anonymous ones (401). */
export function requirePermission(actor: Actor | undefined, ...anyOf: Permission[]): Actor {
  const a = requireActor(actor);
  if (!hasAnyPermission(a.functions, anyOf)) throw new AppError('FORBIDDEN');
  return a;
}

/** Applies a route's declared access to the caller. */
export function enforceAccess(access: Access, actor: Actor | undefined): void {
  if (access === 'public') return;
  if (access === 'authenticated') requireActor(actor);
  else requirePermission(actor, ...access.anyOf);
}

/** Refuses (403) a thing of a unit outside the caller's scope (#26 point 3). */
export function requireUnit(actor: Actor, unit: string | null | undefined): void {
  if (!scopeAllowsUnit(actor.units, unit)) throw new AppError('FORBIDDEN', OUT_OF_SCOPE);
}

/** Refuses (403) a thing of several units unless every one is in the caller's scope (#26 point 3). */
export function requireUnits(actor: Actor, units: readonly string[]): void {
  if (!scopeCoversUnits(actor.units, units)) throw new AppError('FORBIDDEN', OUT_OF_SCOPE);
}

import type { RouteDef } from '@flood/domain';
import { useMatches } from 'react-router';

/** Every page route carries its row of the domain route table as `handle`. */
export interface RouteHandle {
  route: RouteDef;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The domain route definition of the deepest of `matches` that has one, or undefined (redirects, 404). */
export function routeDefOf(matches: readonly { handle?: unknown }[]): RouteDef | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return undefined;
}

/** The domain route definition of the current page, or undefined (redirects, 404). */
export function useCurrentRouteDef(): RouteDef | undefined {
  return routeDefOf(useMatches());
}

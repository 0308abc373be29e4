import { hasAnyPermission } from '@flood/domain';
import { Navigate, Outlet } from 'react-router';
import { isAuthenticated, useSession } from '../lib/session/session-store';
import { useCurrentRouteDef } from './route-handle';

/**
 * Route access per the domain table: pages flagged `auth` send visitors to `/home`, and so
 * does a signed-in user lacking every permission of the page (spec §6).
 */
export function AccessGuard() {
  const route = useCurrentRouteDef();
  const session = useSession();
  if (route?.auth) {
    if (!isAuthenticated(session)) return <Navigate to="/home" replace />;
    if (!hasAnyPermission(session.userDetail.functions, route.permissions)) return <Navigate to="/home" replace />;
  }
  return <Outlet />;
}

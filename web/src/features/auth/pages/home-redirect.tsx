import { homeTarget } from '@flood/domain';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { isAuthenticated, useSession } from '../../../lib/session/session-store';

/** `/home`: the signed-in user's chosen (or first permitted) view, the dashboard for visitors. */
export function HomeRedirect() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const target = isAuthenticated(session)
    ? homeTarget(session.userDetail.functions, searchParams.get('view') ?? session.selectedView)
    : '/dashboard';
  // Keyed by the visit: several calls failing with 401 at once each send the app to /home, and a second
  // visit while this is still mounted must redirect again instead of staying on /home.
  return <Navigate key={location.key} to={target} replace />;
}

import { homeTarget } from '@flood/domain';
import { Navigate, useSearchParams } from 'react-router';
import { isAuthenticated, useSession } from '../../../lib/session/session-store';

/** `/home`: the signed-in user's chosen (or first permitted) view, the dashboard for visitors. */
export function HomeRedirect() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  const target = isAuthenticated(session)
    ? homeTarget(session.userDetail.functions, searchParams.get('view') ?? session.selectedView)
    : '/dashboard';
  return <Navigate to={target} replace />;
}

import { PlaceholderPage } from '../../components/placeholder-page';
import { NotFoundPage } from '../../features/errors/pages/not-found-page';
import { useCurrentRouteDef } from '../route-handle';

/** Back-office pages (already behind the access guard and inside the side-menu layout). */
export function BackOfficePage() {
  const route = useCurrentRouteDef();
  if (!route) return <NotFoundPage />;
  return <PlaceholderPage titleKey={route.title} />;
}

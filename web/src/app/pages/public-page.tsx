import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';
import { NotFoundPage } from '../../features/errors/pages/not-found-page';
import { useCurrentRouteDef } from '../route-handle';

/** Public pages: path parameters (`/news/:id`) must be numeric ids, otherwise the page does not exist. */
export function PublicPage() {
  const route = useCurrentRouteDef();
  const params = useParams();
  if (!route) return <NotFoundPage />;
  if (Object.values(params).some((value) => value !== undefined && !/^\d+$/.test(value))) return <NotFoundPage />;
  return <PlaceholderPage titleKey={route.title} />;
}

import { PUBLIC_ROUTES, type RouteDef } from '@flood/domain';
import { CONFIRM_EMAIL_PATH, MANAGE_PATH, SUBSCRIBE_PATH } from '../features/subscriptions';

/**
 * The residents' subscription pages (#24), rows of the same shape as the domain's route table. They belong in
 * `PUBLIC_ROUTES` (domain/src/views/routes.ts), where the server would also learn of them (their preloads); until
 * they are moved there, the web adds them here. A row the domain table has already is not added twice.
 */
const SUBSCRIPTION_ROUTES: RouteDef[] = [
  { path: SUBSCRIBE_PATH, title: 'page.subscribe', footer: true, nav: true },
  { path: MANAGE_PATH, title: 'page.subscriptionManage', footer: true },
  { path: CONFIRM_EMAIL_PATH, title: 'page.subscriptionConfirm', footer: true },
];

/** The web's public pages: the domain's table and the rows it does not have yet. */
export const WEB_PUBLIC_ROUTES: RouteDef[] = [
  ...PUBLIC_ROUTES,
  ...SUBSCRIPTION_ROUTES.filter((row) => !PUBLIC_ROUTES.some((r) => r.path === row.path)),
];

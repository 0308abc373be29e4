import type { Permission } from '../auth/permissions';
import { DASHBOARD_DOCUMENTS, NEWS_HOME_SIZE } from '../news/news.rules';
import { SUBSCRIPTION_PATHS } from '../subscriptions/subscription-paths';
import type { ViewKey } from './views';

/** One row per screen of the specification; the web's router and menus are built from this table. */
export interface RouteDef {
  path: string;
  /** i18n key of the page title (web/src/lib/i18n). */
  title: string;
  /** Sign-in required; anonymous visitors are sent to /home. */
  auth?: boolean;
  /** Any one of these is needed (empty = any signed-in user). */
  permissions?: Permission[];
  /** The back-office view the page belongs to (its side menu). */
  view?: ViewKey;
  /** The footer shows only on these pages (spec §2). */
  footer?: boolean;
  /** `/maps-mobile` hides the header. */
  noHeader?: boolean;
  /** Shown in the public header navigation. */
  nav?: boolean;
  /**
   * The API reads the page makes as it opens, exactly as the web asks for them: the server names them in the
   * page's HTML (`<link rel="preload" as="fetch">`) so a phone fetches them while the scripts download.
   * The web's tests check that the pages ask for exactly these URLs.
   */
  firstReads?: readonly string[];
}

/** `/api/news` first page of one type, as the public news page asks for it. */
const newsHomeRead = (type: 'WARNING' | 'NORMAL') => `/api/news?page=1&pageSize=${NEWS_HOME_SIZE}&type=${type}`;

export const PUBLIC_ROUTES: RouteDef[] = [
  {
    path: '/dashboard',
    title: 'page.dashboard',
    footer: true,
    nav: true,
    firstReads: [
      '/api/water?type=CURRENT_RAIN',
      '/api/water?type=CURRENT_HIGH',
      `/api/document?page=1&pageSize=${DASHBOARD_DOCUMENTS}`,
    ],
  },
  { path: '/maps', title: 'page.maps', nav: true },
  { path: '/maps-mobile', title: 'page.maps', noHeader: true },
  {
    path: '/news',
    title: 'page.news',
    footer: true,
    nav: true,
    firstReads: [newsHomeRead('WARNING'), newsHomeRead('NORMAL')],
  },
  { path: '/all-news', title: 'page.allNews' },
  { path: '/news/:id', title: 'page.newsDetail' },
  { path: '/document', title: 'page.document', footer: true, nav: true },
  { path: '/about', title: 'page.about', footer: true, nav: true },
  { path: '/feedback', title: 'page.feedback', footer: true, nav: true },
  // Residents' subscriptions to warnings (#24).
  { path: SUBSCRIPTION_PATHS.subscribe, title: 'page.subscribe', nav: true },
  { path: SUBSCRIPTION_PATHS.manage, title: 'page.subscriptionManage' },
  { path: SUBSCRIPTION_PATHS.confirmEmail, title: 'page.subscriptionConfirm' },
];

export const BACK_OFFICE_ROUTES: RouteDef[] = [
  // Their own permissions, not `system` which every account holds (#18).
  { path: '/system/sms', title: 'page.sms', auth: true, permissions: ['sms'], view: 'administration' },
  // Every alert with its timeline and acknowledgement (#22): the people who manage the warnings' recipients.
  { path: '/system/alerts', title: 'page.alerts', auth: true, permissions: ['sms'], view: 'administration' },
  // The warnings officers compose, approve, update and cancel (#23).
  {
    path: '/system/warnings',
    title: 'page.warnings',
    auth: true,
    permissions: ['warning'],
    view: 'administration',
  },
  // The area the portal serves (#26): its administrators (`user`), not `system`, which every account holds.
  { path: '/system/area', title: 'page.area', auth: true, permissions: ['user'], view: 'administration' },
  {
    path: '/system/feedback',
    title: 'page.feedbackList',
    auth: true,
    permissions: ['feedback'],
    view: 'administration',
  },
  { path: '/user/group', title: 'page.groups', auth: true, permissions: ['user'], view: 'users' },
  { path: '/user/user', title: 'page.users', auth: true, permissions: ['user'], view: 'users' },
  { path: '/user/logs', title: 'page.logs', auth: true, permissions: ['user'], view: 'users' },
  { path: '/database/stations', title: 'page.stations', auth: true, permissions: ['database'], view: 'database' },
  {
    path: '/database/station-readings',
    title: 'page.stationReadings',
    auth: true,
    permissions: ['database'],
    view: 'database',
  },
  {
    path: '/database/configurations',
    title: 'page.configurations',
    auth: true,
    permissions: ['database'],
    view: 'database',
  },
  { path: '/database/categories', title: 'page.categories', auth: true, permissions: ['database'], view: 'database' },
  { path: '/database/layers', title: 'page.layers', auth: true, permissions: ['data-layer'], view: 'database' },
  { path: '/database/files', title: 'page.files', auth: true, permissions: ['database'], view: 'database' },
  { path: '/analyze/flood', title: 'page.analyzeFlood', auth: true, permissions: ['analyze'], view: 'analysis' },
  { path: '/analyze/rain', title: 'page.analyzeRain', auth: true, permissions: ['analyze'], view: 'analysis' },
  { path: '/analyze/report', title: 'page.report', auth: true, permissions: ['analyze'], view: 'analysis' },
  { path: '/analyze/report-data', title: 'page.reportData', auth: true, permissions: ['analyze'], view: 'analysis' },
  { path: '/analyze/flood-image', title: 'page.floodImage', auth: true, permissions: ['analyze'], view: 'analysis' },
  {
    path: '/analyze/sensing-image',
    title: 'page.sensingImage',
    auth: true,
    permissions: ['analyze'],
    view: 'analysis',
  },
  { path: '/news/manage-news', title: 'page.manageNews', auth: true, permissions: ['news'], view: 'news' },
];

/** Section roots that redirect to their first page (spec §2 and DECISIONS "Screens and routes"). */
export const ROUTE_REDIRECTS: Record<string, string> = {
  '/': '/home',
  '/system': '/system/sms',
  '/user': '/user/group',
  '/database': '/database/stations',
  '/analyze': '/analyze/flood',
};

export const ALL_ROUTES: RouteDef[] = [...PUBLIC_ROUTES, ...BACK_OFFICE_ROUTES];

/** The back-office pages of one view, as its side menu lists them. */
export function routesOfView(view: ViewKey): RouteDef[] {
  return BACK_OFFICE_ROUTES.filter((r) => r.view === view);
}

/** The map's address for a phone or a wider screen, opening `stationCode` when given. */
export function mapPath(phone: boolean, stationCode?: string): string {
  const path = phone ? '/maps-mobile' : '/maps';
  return stationCode ? `${path}?station=${encodeURIComponent(stationCode)}` : path;
}

/** Spec §9: "Mobile is detected when the browser agent contains 'Mobi'" (the web's pages, the server's first views). */
export function isMobileAgent(userAgent: string): boolean {
  return userAgent.includes('Mobi');
}

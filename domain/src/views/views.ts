import '../common/zod-messages';
import { z } from 'zod';
import { hasAnyPermission, type Permission } from '../auth/permissions';
import { routesOfView } from './routes';

/** The back-office views of the view switch, in the order the header lists them (spec §2 Header). */
export const VIEWS = [
  // Every account holds `system`, so the administration view opens with one of its pages' own permissions (#18).
  {
    key: 'administration',
    permissions: ['sms', 'feedback', 'warning'],
    defaultRoute: '/system/sms',
    vi: 'Quản trị hệ thống',
    en: 'Administration',
  },
  { key: 'users', permissions: ['user'], defaultRoute: '/user/group', vi: 'Người dùng', en: 'Users' },
  {
    key: 'database',
    permissions: ['database'],
    defaultRoute: '/database/stations',
    vi: 'Cơ sở dữ liệu',
    en: 'Database',
  },
  { key: 'analysis', permissions: ['analyze'], defaultRoute: '/analyze/flood', vi: 'Phân tích', en: 'Analysis' },
  { key: 'news', permissions: ['news'], defaultRoute: '/news/manage-news', vi: 'Tin tức', en: 'News' },
] as const satisfies readonly {
  key: string;
  permissions: readonly Permission[];
  defaultRoute: string;
  vi: string;
  en: string;
}[];

export type View = (typeof VIEWS)[number];
export type ViewKey = View['key'];
export const ViewKeySchema = z.enum(VIEWS.map((v) => v.key) as [ViewKey, ...ViewKey[]]);

/** Views a user may open, in header order. */
export function permittedViews(functions: readonly string[] | undefined): View[] {
  return VIEWS.filter((v) => hasAnyPermission(functions, v.permissions));
}

/**
 * Where `/home` sends a visitor: the chosen view, else the first permitted one, else the dashboard; within the
 * view, its first page the visitor may open (a feedback-only account lands on the feedback list, not on a page
 * the guard would send back to `/home`).
 */
export function homeTarget(functions: readonly string[] | undefined, view?: string | null): string {
  const allowed = permittedViews(functions);
  const chosen = (view ? allowed.find((v) => v.key === view) : undefined) ?? allowed[0];
  if (!chosen) return '/dashboard';
  const page = routesOfView(chosen.key).find((r) => hasAnyPermission(functions, r.permissions));
  return page?.path ?? chosen.defaultRoute;
}

import '../common/zod-messages';
import { z } from 'zod';
import { hasAnyPermission, type Permission } from '../auth/permissions';

/** The back-office views of the view switch, in the order the header lists them (spec §2 Header). */
export const VIEWS = [
  {
    key: 'administration',
    permission: 'system',
    defaultRoute: '/system/sms',
    vi: 'Quản trị hệ thống',
    en: 'Administration',
  },
  { key: 'users', permission: 'user', defaultRoute: '/user/group', vi: 'Người dùng', en: 'Users' },
  { key: 'database', permission: 'database', defaultRoute: '/database/stations', vi: 'Cơ sở dữ liệu', en: 'Database' },
  { key: 'analysis', permission: 'analyze', defaultRoute: '/analyze/flood', vi: 'Phân tích', en: 'Analysis' },
  { key: 'news', permission: 'news', defaultRoute: '/news/manage-news', vi: 'Tin tức', en: 'News' },
] as const satisfies readonly { key: string; permission: Permission; defaultRoute: string; vi: string; en: string }[];

export type View = (typeof VIEWS)[number];
export type ViewKey = View['key'];
export const ViewKeySchema = z.enum(VIEWS.map((v) => v.key) as [ViewKey, ...ViewKey[]]);

/** Views a user may open, in header order. */
export function permittedViews(functions: readonly string[] | undefined): View[] {
  return VIEWS.filter((v) => hasAnyPermission(functions, [v.permission]));
}

/** Where `/home` sends a visitor: the chosen view, else the first permitted one, else the dashboard. */
export function homeTarget(functions: readonly string[] | undefined, view?: string | null): string {
  const allowed = permittedViews(functions);
  const chosen = view ? allowed.find((v) => v.key === view) : undefined;
  return (chosen ?? allowed[0])?.defaultRoute ?? '/dashboard';
}

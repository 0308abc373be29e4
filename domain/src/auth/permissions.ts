import '../common/zod-messages';
import { z } from 'zod';

/** The six permissions ("functions") of the portal; order is the order of the user form's checkboxes. */
export const PERMISSIONS = ['analyze', 'system', 'user', 'news', 'data-layer', 'database'] as const;
export const PermissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof PermissionSchema>;

/** Every account holds `system` (spec §4: the form keeps it checked and disabled). */
export const ALWAYS_GRANTED: Permission = 'system';

export const PERMISSION_LABELS: Record<Permission, { vi: string; en: string }> = {
  analyze: { vi: 'Phân tích', en: 'Analysis' },
  system: { vi: 'Hệ thống', en: 'System' },
  user: { vi: 'Người dùng', en: 'Users' },
  news: { vi: 'Tin tức', en: 'News' },
  'data-layer': { vi: 'Lớp dữ liệu', en: 'Data layer' },
  database: { vi: 'Cơ sở dữ liệu', en: 'Database' },
};

/** A requirement list is met by holding any one of it; an empty list means public (spec §6). */
export function hasAnyPermission(
  held: readonly string[] | undefined,
  required: readonly Permission[] | undefined,
): boolean {
  if (!required || required.length === 0) return true;
  if (!held) return false;
  return required.some((p) => held.includes(p));
}

/** Normalises a permission list: known values only, no duplicates, `system` always present. */
export function normalisePermissions(list: readonly string[]): Permission[] {
  const set = new Set<Permission>([ALWAYS_GRANTED]);
  for (const p of list) if ((PERMISSIONS as readonly string[]).includes(p)) set.add(p as Permission);
  return PERMISSIONS.filter((p) => set.has(p));
}

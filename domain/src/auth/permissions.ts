import '../common/zod-messages';
import { z } from 'zod';

/**
 * The permissions ("functions") of the portal; order is the order of the user form's checkboxes. The six of the
 * specification, then `sms` (SMS templates, recipients, send history) and `feedback` (the visitors' feedback
 * list), which #18 moved out of `system` because every account holds `system` (docs/decisions.md), and `warning`
 * (#23: compose, approve, update and cancel the warnings officers issue).
 */
export const PERMISSIONS = [
  'analyze',
  'system',
  'user',
  'news',
  'data-layer',
  'database',
  'sms',
  'feedback',
  'warning',
] as const;
export const PermissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof PermissionSchema>;

/** Every account holds `system` (spec §4: the form keeps it checked and disabled): the signed-in basics only. */
export const ALWAYS_GRANTED: Permission = 'system';

export const PERMISSION_LABELS: Record<Permission, { vi: string; en: string }> = {
  analyze: { vi: 'Phân tích', en: 'Analysis' },
  system: { vi: 'Hệ thống', en: 'System' },
  user: { vi: 'Người dùng', en: 'Users' },
  news: { vi: 'Tin tức', en: 'News' },
  'data-layer': { vi: 'Lớp dữ liệu', en: 'Data layer' },
  database: { vi: 'Cơ sở dữ liệu', en: 'Database' },
  sms: { vi: 'Cảnh báo SMS', en: 'SMS alerts' },
  feedback: { vi: 'Góp ý', en: 'Feedback' },
  warning: { vi: 'Phát cảnh báo', en: 'Issue warnings' },
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

/**
 * What a user manager may grant, change or take away: only permissions it holds itself (#18), so holding
 * `user` is no way to more rights. `system` is everyone's and always allowed.
 */
export function isPermissionSubset(wanted: readonly string[], held: readonly string[]): boolean {
  return wanted.every((p) => p === ALWAYS_GRANTED || held.includes(p));
}

/**
 * A member's permissions after its group's change (#18): what the group lost is taken from the member, what it
 * gained is given; what the member holds apart from the group is kept (the user form may add more).
 */
export function applyGroupChange(
  member: readonly string[],
  before: readonly string[],
  after: readonly string[],
): Permission[] {
  const removed = before.filter((p) => !after.includes(p));
  const added = after.filter((p) => !before.includes(p));
  return normalisePermissions([...member.filter((p) => !removed.includes(p)), ...added]);
}

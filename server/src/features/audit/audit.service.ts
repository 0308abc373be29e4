import type { AuditListQuery, AuditPage } from '@flood/domain';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { insertAuditEntry, listAuditEntries } from './audit.repository';

/** Audit texts of the account actions (Vietnamese, as the audit log page shows them). */
export const AUDIT = {
  login: 'Đăng nhập hệ thống',
  logout: 'Đăng xuất khỏi hệ thống',
  changePassword: 'Đổi mật khẩu',
  updateProfile: 'Cập nhật thông tin cá nhân',
  verifyPhone: 'Xác thực số điện thoại',
} as const;

/** Records what an actor did, inside the caller's transaction. */
export function recordAudit(tx: Db, actor: Pick<Actor, 'userId' | 'name'>, content: string): Promise<void> {
  return insertAuditEntry(tx, { userId: actor.userId, userName: actor.name, content });
}

/** The audit log page (permission `user`). */
export async function listAudit(db: Db, actor: Actor | undefined, query: AuditListQuery): Promise<AuditPage> {
  requirePermission(actor, 'user');
  const { items, total } = await listAuditEntries(db, query);
  return { items: items.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total };
}

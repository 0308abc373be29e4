import type { AuditEntry, AuditListQuery, AuditPage } from '@flood/domain';
import type { Db } from '../../db/client';
import { type Actor, requireActor, requirePermission } from '../../lib/actor';
import { type AuditRow, insertAuditEntry, listAuditEntries } from './audit.repository';

/** Audit texts of the account actions (Vietnamese, as the audit log page shows them). */
export const AUDIT = {
  login: 'Đăng nhập hệ thống',
  logout: 'Đăng xuất khỏi hệ thống',
  changePassword: 'Đổi mật khẩu',
  updateProfile: 'Cập nhật thông tin cá nhân',
  verifyPhone: 'Xác thực số điện thoại',
} as const;

/**
 * An audit text that says which record: the specification's text, then the code and name (#18: 'Xoá trạm' alone
 * does not tell which station went), e.g. `Xoá trạm F01024 (Cầu Ba Chẽ)`.
 */
export function auditOf(text: string, code: string, name: string): string {
  return `${text} ${code} (${name})`;
}

/** Records what an actor did, inside the caller's transaction. */
export async function recordAudit(tx: Db, actor: Pick<Actor, 'userId' | 'name'>, content: string): Promise<void> {
  await insertAuditEntry(tx, { userId: actor.userId, userName: actor.name, content });
}

/** The audit log page (permission `user`). */
export async function listAudit(db: Db, actor: Actor | undefined, query: AuditListQuery): Promise<AuditPage> {
  requirePermission(actor, 'user');
  const { items, total } = await listAuditEntries(db, query);
  return { items: items.map(toAuditEntry), total };
}

function toAuditEntry(r: Omit<AuditRow, 'userName'> & { userName: string | null }): AuditEntry {
  return { ...r, createdAt: r.createdAt.toISOString() };
}

/**
 * An entry written by the web itself (spec §7 "POST audit"): any signed-in user, as themselves — the user is the
 * session's, never one the client names — and marked `client` (#18), so the log never passes a text a browser
 * chose for one the server wrote.
 */
export async function createAuditEntry(db: Db, actor: Actor | undefined, content: string): Promise<AuditEntry> {
  const a = requireActor(actor);
  return toAuditEntry(await insertAuditEntry(db, { userId: a.userId, userName: a.name, content, source: 'client' }));
}

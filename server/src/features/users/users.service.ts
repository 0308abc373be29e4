import type { User, UserCreateBodySchema, UserListQuery, UserPage, UserUpdateBodySchema } from '@flood/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { hashPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { assertPasswordNotCommon } from '../../lib/password-policy';
import { isUniqueViolation } from '../../lib/sql';
import { recordAudit } from '../audit/audit.service';
import { deleteOtherSessions, deleteUserSessions } from '../auth/auth.repository';
import { findGroup } from '../groups/groups.repository';
import {
  assertMayGiveUnits,
  assertMayGrant,
  assertUnitsWithinReach,
  assertWithinReach,
  unitsChecker,
} from './grant-rules';
import { deleteUser, findStaffUser, findUserByEmail, insertUser, listUsers, updateUser } from './users.repository';

type CreateBody = z.output<typeof UserCreateBodySchema>;
type UpdateBody = z.output<typeof UserUpdateBodySchema>;

const notFound = () => new AppError('NOT_FOUND', 'Không tìm thấy người dùng');
const emailTaken = () =>
  new AppError('CONFLICT', 'Email đã được sử dụng', [{ field: 'email', message: 'Email đã được sử dụng' }]);

/**
 * Staff accounts (users view, permission `user`). The system account is invisible here; an account holding a
 * permission the actor lacks can be read but not changed, and the actor grants only what it holds (#18).
 */
export function createUsersService({
  db,
  unitCodes,
}: {
  db: Db;
  /** The area's unit codes (#26): the units a user may be given. */
  unitCodes?: () => Promise<readonly string[]>;
}) {
  const assertUnitsExist = unitsChecker(unitCodes);
  async function assertGroup(tx: Db, groupId: number): Promise<void> {
    if (!(await findGroup(tx, groupId))) {
      throw new AppError('VALIDATION_FAILED', 'Dữ liệu không hợp lệ: groupId', [
        { field: 'groupId', message: 'Nhóm không tồn tại' },
      ]);
    }
  }

  async function loadStaff(id: number): Promise<User> {
    const user = await findStaffUser(db, id);
    if (!user) throw notFound();
    return user;
  }

  return {
    list(actor: Actor | undefined, q: UserListQuery): Promise<UserPage> {
      requirePermission(actor, 'user');
      return listUsers(db, q);
    },

    get(actor: Actor | undefined, id: number): Promise<User> {
      requirePermission(actor, 'user');
      return loadStaff(id);
    },

    async create(actor: Actor | undefined, body: CreateBody): Promise<User> {
      const a = requirePermission(actor, 'user');
      assertMayGrant(a, body.functions);
      assertMayGiveUnits(a, body.units);
      await assertUnitsExist(body.units);
      if (await findUserByEmail(db, body.email)) throw emailTaken();
      assertPasswordNotCommon(body.password, 'password');
      const passwordHash = await hashPassword(body.password);
      try {
        const id = await db.transaction(async (tx) => {
          await assertGroup(tx, body.groupId);
          const row = await insertUser(tx, {
            name: body.name,
            email: body.email,
            phone: body.phone,
            groupId: body.groupId,
            functions: body.functions,
            units: body.units,
            passwordHash,
          });
          await recordAudit(tx, a, `Tạo người dùng ${body.email}`);
          return row.id;
        });
        return loadStaff(id);
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    /** A new password ends the user's sessions (all of them, or the others when editing oneself). */
    async update(actor: Actor | undefined, id: number, body: UpdateBody): Promise<User> {
      const a = requirePermission(actor, 'user');
      const current = await loadStaff(id);
      assertWithinReach(a, current.functions);
      assertUnitsWithinReach(a, current.units);
      assertMayGrant(a, body.functions);
      assertMayGiveUnits(a, body.units);
      await assertUnitsExist(body.units);
      if (body.password) assertPasswordNotCommon(body.password, 'password');
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      await db.transaction(async (tx) => {
        await assertGroup(tx, body.groupId);
        await updateUser(tx, id, {
          name: body.name,
          groupId: body.groupId,
          phone: body.phone,
          functions: body.functions,
          units: body.units,
          ...(body.phone !== current.phone ? { phoneVerified: false } : {}),
          ...(passwordHash ? { passwordHash } : {}),
        });
        if (passwordHash) {
          if (id === a.userId) await deleteOtherSessions(tx, id, a.sessionId);
          else await deleteUserSessions(tx, id);
        }
        await recordAudit(tx, a, `Sửa thông tin người dùng ${current.email}`);
      });
      return loadStaff(id);
    },

    /** Deleting a user ends their sessions at once (cascade); nobody deletes their own account. */
    async remove(actor: Actor | undefined, id: number): Promise<void> {
      const a = requirePermission(actor, 'user');
      const user = await loadStaff(id);
      assertWithinReach(a, user.functions);
      assertUnitsWithinReach(a, user.units);
      if (id === a.userId) throw new AppError('CONFLICT', 'Không thể xoá tài khoản đang đăng nhập');
      await db.transaction(async (tx) => {
        await deleteUser(tx, id);
        await recordAudit(tx, a, `Xoá người dùng ${user.email}`);
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

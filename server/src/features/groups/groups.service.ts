import {
  applyGroupChange,
  GROUP_HAS_MEMBERS,
  type Group,
  type GroupBodySchema,
  type GroupListQuery,
  type GroupPage,
} from '@flood/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import {
  assertMayGiveUnits,
  assertMayGrant,
  assertUnitsWithinReach,
  assertWithinReach,
  unitsChecker,
} from '../users/grant-rules';
import {
  countMembers,
  deleteGroup,
  findGroup,
  insertGroup,
  listGroups,
  listMemberPermissions,
  lockGroup,
  setMemberPermissions,
  updateGroup,
} from './groups.repository';

type GroupBody = z.output<typeof GroupBodySchema>;

const notFound = () => new AppError('NOT_FOUND', 'Không tìm thấy nhóm người dùng');

/**
 * User groups (users view, permission `user`); every change is audited in its transaction. A group's
 * permissions reach its members (#18): on save, what the group lost is taken from each member and what it
 * gained is given, in the same transaction; sessions read the account's permissions on every request, so the
 * members' open sessions follow at once. The actor grants or takes away only what it holds.
 */
export function createGroupsService({
  db,
  unitCodes,
}: {
  db: Db;
  /** The area's unit codes (#26): the units a group may be given. */
  unitCodes?: () => Promise<readonly string[]>;
}) {
  const assertUnitsExist = unitsChecker(unitCodes);
  return {
    list(actor: Actor | undefined, q: GroupListQuery): Promise<GroupPage> {
      requirePermission(actor, 'user');
      return listGroups(db, q);
    },

    async get(actor: Actor | undefined, id: number): Promise<Group> {
      requirePermission(actor, 'user');
      const group = await findGroup(db, id);
      if (!group) throw notFound();
      return group;
    },

    async create(actor: Actor | undefined, body: GroupBody): Promise<Group> {
      const a = requirePermission(actor, 'user');
      assertMayGrant(a, body.functions);
      assertMayGiveUnits(a, body.units ?? []);
      await assertUnitsExist(body.units ?? []);
      const id = await db.transaction(async (tx) => {
        const newId = await insertGroup(tx, {
          name: body.name,
          description: body.desc,
          functions: body.functions,
          units: body.units ?? [],
        });
        await recordAudit(tx, a, `Tạo nhóm người dùng ${body.name}`);
        return newId;
      });
      return (await findGroup(db, id))!;
    },

    async update(actor: Actor | undefined, id: number, body: GroupBody): Promise<Group> {
      const a = requirePermission(actor, 'user');
      assertMayGrant(a, body.functions);
      assertMayGiveUnits(a, body.units ?? []);
      await assertUnitsExist(body.units ?? []);
      await db.transaction(async (tx) => {
        if (!(await lockGroup(tx, id))) throw notFound();
        const before = (await findGroup(tx, id))!;
        assertWithinReach(a, before.functions);
        assertUnitsWithinReach(a, before.units);
        await updateGroup(tx, id, {
          name: body.name,
          description: body.desc,
          functions: body.functions,
          units: body.units ?? [],
        });
        let changed = 0;
        for (const member of await listMemberPermissions(tx, id)) {
          const next = applyGroupChange(member.functions, before.functions, body.functions);
          if (next.join() === member.functions.join()) continue;
          await setMemberPermissions(tx, member.id, next);
          changed += 1;
        }
        const members = changed > 0 ? ` (cập nhật quyền của ${changed} thành viên)` : '';
        await recordAudit(tx, a, `Sửa nhóm người dùng ${body.name}${members}`);
      });
      return (await findGroup(db, id))!;
    },

    /** Refused (409) while the group has members, checked under a row lock. */
    async remove(actor: Actor | undefined, id: number): Promise<void> {
      const a = requirePermission(actor, 'user');
      await db.transaction(async (tx) => {
        const group = await findGroup(tx, id);
        if (!group || !(await lockGroup(tx, id))) throw notFound();
        assertWithinReach(a, group.functions);
        assertUnitsWithinReach(a, group.units);
        if ((await countMembers(tx, id)) > 0) throw new AppError('CONFLICT', GROUP_HAS_MEMBERS);
        await deleteGroup(tx, id);
        await recordAudit(tx, a, `Xoá nhóm người dùng ${group.name}`);
      });
    },
  };
}
export type GroupsService = ReturnType<typeof createGroupsService>;

import {
  DAMAGE_FIELDS,
  DAMAGE_NOT_FOUND,
  type Damage,
  type DamageBodySchema,
  type DamageListQuery,
  type DamagePage,
  type DamageType,
  floodEventDefaultName,
  parseDateVi,
} from '@flood/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import {
  type DamageListed,
  deleteDamage,
  findDamage,
  insertDamage,
  listDamages,
  updateDamage,
} from './damage.repository';

type Body = z.output<typeof DamageBodySchema>;

/** Damage records belong to the analysis view (DECISIONS.md: analyze → damage). */
const STAFF = 'analyze' as const;

const notFound = () => new AppError('NOT_FOUND', DAMAGE_NOT_FOUND);
const TYPE_TEXT: Record<DamageType, string> = { ASSET: 'thiệt hại tài sản', PERSON: 'thiệt hại về người' };

const pad = (n: number) => String(n).padStart(2, '0');
/** DD/MM/YYYY → YYYY-MM-DD (the body schema has checked it is a real date). */
function isoDay(dateVi: string): string {
  const d = parseDateVi(dateVi)!;
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}
const viDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Every field of the type, null where not given (a type change drops the other type's fields). */
function dataOf(type: DamageType, data: Record<string, string | null | undefined>): Record<string, string | null> {
  return Object.fromEntries(DAMAGE_FIELDS[type].map((f) => [f.key, data[f.key] ?? null]));
}

/** Damage records of floods (asset and person lists of /analyze/flood), each linked to its flood event by date. */
export function createDamageService(deps: { db: Db; timeZone: string }) {
  const { db, timeZone } = deps;

  function toDamage(r: DamageListed): Damage {
    return {
      id: r.id,
      type: r.type,
      date: viDay(r.date),
      data: dataOf(r.type, r.data),
      floodEventId: r.floodEventId,
      floodEventName:
        r.floodEventId === null ? null : (r.floodEventName ?? floodEventDefaultName(r.floodEventStart!, timeZone)),
      userId: r.userId,
      userName: r.userName,
      demo: r.demo,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  async function read(id: number): Promise<Damage> {
    const row = await findDamage(db, id, timeZone);
    if (!row) throw notFound();
    return toDamage(row);
  }

  return {
    async list(actor: Actor | undefined, q: DamageListQuery): Promise<DamagePage> {
      requirePermission(actor, STAFF);
      const { items, total } = await listDamages(db, { ...q, timeZone });
      return { items: items.map(toDamage), total };
    },

    async get(actor: Actor | undefined, id: number): Promise<Damage> {
      requirePermission(actor, STAFF);
      return read(id);
    },

    async create(actor: Actor | undefined, body: Body, extra: { demo?: boolean } = {}): Promise<Damage> {
      const a = requirePermission(actor, STAFF);
      const row = await db.transaction(async (tx) => {
        const created = await insertDamage(tx, {
          type: body.type,
          date: isoDay(body.date),
          data: dataOf(body.type, body.data),
          demo: extra.demo ?? false,
          userId: a.userId,
        });
        await recordAudit(tx, a, `Thêm ${TYPE_TEXT[body.type]} ngày ${body.date}`);
        return created;
      });
      return read(row.id);
    },

    async update(actor: Actor | undefined, id: number, body: Body): Promise<Damage> {
      const a = requirePermission(actor, STAFF);
      await db.transaction(async (tx) => {
        const updated = await updateDamage(tx, id, {
          type: body.type,
          date: isoDay(body.date),
          data: dataOf(body.type, body.data),
        });
        if (!updated) throw notFound();
        await recordAudit(tx, a, `Sửa ${TYPE_TEXT[body.type]} ngày ${body.date}`);
      });
      return read(id);
    },

    async remove(actor: Actor | undefined, id: number): Promise<void> {
      const a = requirePermission(actor, STAFF);
      await db.transaction(async (tx) => {
        const deleted = await deleteDamage(tx, id);
        if (!deleted) throw notFound();
        await recordAudit(tx, a, `Xoá ${TYPE_TEXT[deleted.type]} ngày ${viDay(deleted.date)}`);
      });
    },
  };
}
export type DamageService = ReturnType<typeof createDamageService>;

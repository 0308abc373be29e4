import {
  CHANGED,
  type DataLayer,
  type DataLayerBodySchema,
  type DataLayerListQuery,
  type DataLayerPage,
} from '@flood/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { recordAudit } from '../audit/audit.service';
import {
  type DataLayerValues,
  deleteDataLayer,
  findDataLayer,
  insertDataLayer,
  listDataLayers,
  updateDataLayer,
} from './data-layers.repository';

type DataLayerBody = z.output<typeof DataLayerBodySchema>;

/** Bus event of any layer change: every process drops its cached layer list. */
export const DATA_LAYERS_CHANGED = 'data-layers-changed';

const notFound = () => new AppError('NOT_FOUND', 'Không tìm thấy lớp dữ liệu');

function valuesOf(body: DataLayerBody): DataLayerValues {
  return { name: body.name, enabled: body.enabled, symbolIcon: body.symbol.icon, symbolColor: body.symbol.color };
}

/**
 * The map's data layers: anyone reads them (the public map shows a layer only when it is listed and on);
 * staff with `data-layer` change them, each change audited in its transaction.
 */
export function createDataLayersService({ db, bus }: { db: Db; bus: EventBus }) {
  const changed = () => bus.publish(DATA_LAYERS_CHANGED, CHANGED);
  return {
    list: (q: DataLayerListQuery): Promise<DataLayerPage> => listDataLayers(db, q),

    async get(id: number): Promise<DataLayer> {
      const layer = await findDataLayer(db, id);
      if (!layer) throw notFound();
      return layer;
    },

    async create(actor: Actor | undefined, body: DataLayerBody): Promise<DataLayer> {
      const a = requirePermission(actor, 'data-layer');
      const id = await db.transaction(async (tx) => {
        const newId = await insertDataLayer(tx, { ...valuesOf(body), userId: a.userId });
        await recordAudit(tx, a, `Tạo lớp dữ liệu ${body.name}`);
        return newId;
      });
      changed();
      return (await findDataLayer(db, id))!;
    },

    async update(actor: Actor | undefined, id: number, body: DataLayerBody): Promise<DataLayer> {
      const a = requirePermission(actor, 'data-layer');
      await db.transaction(async (tx) => {
        if (!(await updateDataLayer(tx, id, valuesOf(body)))) throw notFound();
        await recordAudit(tx, a, `Sửa lớp dữ liệu ${body.name}`);
      });
      changed();
      return (await findDataLayer(db, id))!;
    },

    async remove(actor: Actor | undefined, id: number): Promise<void> {
      const a = requirePermission(actor, 'data-layer');
      await db.transaction(async (tx) => {
        const name = await deleteDataLayer(tx, id);
        if (name === undefined) throw notFound();
        await recordAudit(tx, a, `Xoá lớp dữ liệu ${name}`);
      });
      changed();
    },
  };
}
export type DataLayersService = ReturnType<typeof createDataLayersService>;

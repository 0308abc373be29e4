import {
  type BBox,
  bboxContains,
  lineLengthMetres,
  ROUTE_TEXT,
  type SavedRoute,
  type SavedRouteBodySchema,
  type SavedRoutes,
} from '@flood/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { deleteSavedRoute, insertSavedRoute, listSavedRoutes, toSavedRoute } from './saved-routes.repository';

type SavedRouteBody = z.output<typeof SavedRouteBodySchema>;

/** Saving and deleting routes is staff work on the map's data: the permission of the geodata files. */
export const SAVED_ROUTES_PERMISSION = 'database' as const;

const notFound = () => new AppError('NOT_FOUND', 'Không tìm thấy tuyến đường');

/** Routes saved from the map's route-planning mode: listed publicly, saved and deleted by staff, audited. */
export function createSavedRoutesService({ db, bounds }: { db: Db; bounds: () => Promise<BBox | null> }) {
  return {
    async list(): Promise<SavedRoutes> {
      return { type: 'FeatureCollection', features: (await listSavedRoutes(db)).map(toSavedRoute) };
    },

    async create(actor: Actor | undefined, body: SavedRouteBody): Promise<SavedRoute> {
      const a = requirePermission(actor, SAVED_ROUTES_PERMISSION);
      const box = await bounds();
      const outside = box ? body.geometry.coordinates.findIndex((p) => !bboxContains(box, p)) : -1;
      if (outside >= 0) {
        const field = `geometry.coordinates.${outside}`;
        throw new AppError('VALIDATION_FAILED', `${ROUTE_TEXT.outside} (${field})`, [
          { field, message: ROUTE_TEXT.outside },
        ]);
      }
      const row = await db.transaction(async (tx) => {
        const created = await insertSavedRoute(tx, {
          name: body.name,
          coordinates: body.geometry.coordinates,
          // Measured here: a client's figure is not trusted.
          lengthM: Math.round(lineLengthMetres(body.geometry.coordinates) * 10) / 10,
          userId: a.userId,
        });
        await recordAudit(tx, a, `Lưu tuyến đường ${body.name}`);
        return created;
      });
      return toSavedRoute(row);
    },

    async remove(actor: Actor | undefined, id: number): Promise<void> {
      const a = requirePermission(actor, SAVED_ROUTES_PERMISSION);
      await db.transaction(async (tx) => {
        const name = await deleteSavedRoute(tx, id);
        if (name === undefined) throw notFound();
        await recordAudit(tx, a, `Xoá tuyến đường ${name}`);
      });
    },
  };
}
export type SavedRoutesService = ReturnType<typeof createSavedRoutesService>;

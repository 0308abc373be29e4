import type { SavedRoute } from '@flood/domain';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type SavedRouteRow, savedRoutes } from './saved-routes.table';

/** The most routes the public list returns (a district saves tens). */
export const SAVED_ROUTES_LIST_LIMIT = 1000;

/** A row as the map draws it: a GeoJSON feature whose id and properties name the route. */
export function toSavedRoute(r: SavedRouteRow): SavedRoute {
  return {
    type: 'Feature',
    id: r.id,
    properties: { id: r.id, name: r.name, lengthM: r.lengthM, createdAt: r.createdAt.toISOString() },
    geometry: { type: 'LineString', coordinates: r.coordinates },
  };
}

/** Saved routes, newest first. */
export async function listSavedRoutes(db: Db): Promise<SavedRouteRow[]> {
  return db
    .select()
    .from(savedRoutes)
    .orderBy(desc(savedRoutes.createdAt), desc(savedRoutes.id))
    .limit(SAVED_ROUTES_LIST_LIMIT);
}

export async function insertSavedRoute(db: Db, values: typeof savedRoutes.$inferInsert): Promise<SavedRouteRow> {
  const [row] = await db.insert(savedRoutes).values(values).returning();
  if (!row) throw new Error('insert saved_routes returned nothing');
  return row;
}

/** Deletes a route and returns its name, or undefined when it did not exist. */
export async function deleteSavedRoute(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.delete(savedRoutes).where(eq(savedRoutes.id, id)).returning({ name: savedRoutes.name });
  return row?.name;
}

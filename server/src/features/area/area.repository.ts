import type { AreaSettings } from '@flood/domain';
import type { Db } from '../../db/client';
import { type PortalAreaRow, portalArea } from './area.table';

export async function findArea(db: Db): Promise<PortalAreaRow | undefined> {
  const [row] = await db.select().from(portalArea).limit(1);
  return row;
}

/** Writes the one row of the area's settings. */
export async function saveArea(db: Db, settings: AreaSettings, userId: number, at: Date): Promise<PortalAreaRow> {
  const [row] = await db
    .insert(portalArea)
    .values({ id: 1, settings, updatedAt: at, updatedBy: userId })
    .onConflictDoUpdate({ target: portalArea.id, set: { settings, updatedAt: at, updatedBy: userId } })
    .returning();
  return row!;
}

/** Removes the saved area: the built-in default is in force again. */
export async function deleteArea(db: Db): Promise<boolean> {
  const rows = await db.delete(portalArea).returning({ id: portalArea.id });
  return rows.length > 0;
}

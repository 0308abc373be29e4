import { and, between, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type FloodPhotoRow, floodPhotos, type NewFloodPhotoRow } from './flood-photos.table';

export interface FloodPhotoBounds {
  minLong: number;
  minLat: number;
  maxLong: number;
  maxLat: number;
}

const within = (b: FloodPhotoBounds | undefined): SQL | undefined =>
  b
    ? and(between(floodPhotos.latitude, b.minLat, b.maxLat), between(floodPhotos.longitude, b.minLong, b.maxLong))
    : undefined;

/** One page of photos, newest first, optionally inside a bounding box. */
export async function listFloodPhotos(
  db: Db,
  q: { page: number; pageSize: number; bbox?: FloodPhotoBounds | undefined },
): Promise<{ items: FloodPhotoRow[]; total: number }> {
  const where = within(q.bbox);
  const [items, [totalRow]] = await Promise.all([
    db
      .select()
      .from(floodPhotos)
      .where(where)
      .orderBy(desc(floodPhotos.createdAt), desc(floodPhotos.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(floodPhotos).where(where),
  ]);
  return { items, total: Number(totalRow?.total ?? 0) };
}

export async function findFloodPhoto(db: Db, id: number): Promise<FloodPhotoRow | undefined> {
  const [row] = await db.select().from(floodPhotos).where(eq(floodPhotos.id, id)).limit(1);
  return row;
}

export async function insertFloodPhoto(db: Db, values: NewFloodPhotoRow): Promise<FloodPhotoRow> {
  const [row] = await db.insert(floodPhotos).values(values).returning();
  if (!row) throw new Error('insert flood_photos returned nothing');
  return row;
}

/** Changes the text and the position; the photo itself stays. Undefined when the photo does not exist. */
export async function updateFloodPhoto(
  db: Db,
  id: number,
  values: Pick<NewFloodPhotoRow, 'description' | 'location' | 'latitude' | 'longitude'>,
): Promise<FloodPhotoRow | undefined> {
  const [row] = await db
    .update(floodPhotos)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(floodPhotos.id, id))
    .returning();
  return row;
}

/** Deletes the row and returns it (for its storage keys), or undefined when it did not exist. */
export async function deleteFloodPhoto(db: Db, id: number): Promise<FloodPhotoRow | undefined> {
  const [row] = await db.delete(floodPhotos).where(eq(floodPhotos.id, id)).returning();
  return row;
}

/** Whether any photo exists (the demo seed runs only on an empty table). */
export async function hasFloodPhotos(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: floodPhotos.id }).from(floodPhotos).limit(1);
  return row !== undefined;
}

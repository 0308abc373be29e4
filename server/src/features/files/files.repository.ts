import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type UploadedFileRow, uploadedFiles } from './files.table';

export async function insertUploadedFile(db: Db, values: typeof uploadedFiles.$inferInsert): Promise<UploadedFileRow> {
  const [row] = await db.insert(uploadedFiles).values(values).returning();
  if (!row) throw new Error('insert uploaded_files returned nothing');
  return row;
}

export async function findUploadedFile(db: Db, id: string): Promise<UploadedFileRow | undefined> {
  const [row] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.id, id)).limit(1);
  return row;
}

/** The files with these ids (unknown ids are simply missing from the answer). */
export async function findUploadedFiles(db: Db, ids: string[]): Promise<UploadedFileRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(uploadedFiles).where(inArray(uploadedFiles.id, ids));
}

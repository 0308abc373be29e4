import { FLOOD_ANALYSIS_TYPES, type FloodAreaResult } from '@flood/domain';
import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { geodataItems } from '../geodata/geodata.table';
import { type FloodAnalysisRow, floodAnalyses } from './flood-analysis.table';

/** An analysis with the layer it measures. */
export interface FloodAnalysisListed extends FloodAnalysisRow {
  name: string;
  type: string;
  time: Date | null;
  demo: boolean;
}

const listedColumns = {
  geodataId: floodAnalyses.geodataId,
  status: floodAnalyses.status,
  error: floodAnalyses.error,
  regionLayerId: floodAnalyses.regionLayerId,
  result: floodAnalyses.result,
  durationMs: floodAnalyses.durationMs,
  computedAt: floodAnalyses.computedAt,
  createdAt: floodAnalyses.createdAt,
  updatedAt: floodAnalyses.updatedAt,
  name: geodataItems.name,
  type: geodataItems.type,
  time: geodataItems.time,
  demo: geodataItems.demo,
};

/** One page of analyses, newest layer time first. */
export async function listFloodAnalyses(
  db: Db,
  q: { page: number; pageSize: number; geodataId?: number | undefined; type?: string | undefined },
): Promise<{ items: FloodAnalysisListed[]; total: number }> {
  const where = and(
    q.geodataId ? eq(floodAnalyses.geodataId, q.geodataId) : undefined,
    q.type ? eq(geodataItems.type, q.type) : undefined,
  );
  const [items, [totalRow]] = await Promise.all([
    db
      .select(listedColumns)
      .from(floodAnalyses)
      .innerJoin(geodataItems, eq(geodataItems.id, floodAnalyses.geodataId))
      .where(where)
      .orderBy(sql`${geodataItems.time} desc nulls last`, desc(geodataItems.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ total: count() })
      .from(floodAnalyses)
      .innerJoin(geodataItems, eq(geodataItems.id, floodAnalyses.geodataId))
      .where(where),
  ]);
  return { items, total: Number(totalRow?.total ?? 0) };
}

export async function findFloodAnalysis(db: Db, geodataId: number): Promise<FloodAnalysisListed | undefined> {
  const [row] = await db
    .select(listedColumns)
    .from(floodAnalyses)
    .innerJoin(geodataItems, eq(geodataItems.id, floodAnalyses.geodataId))
    .where(eq(floodAnalyses.geodataId, geodataId))
    .limit(1);
  return row;
}

/** Marks a layer's analysis as waiting (a new upload, or measured again); throws when the layer is gone. */
export async function markPending(db: Db, geodataId: number): Promise<void> {
  await db
    .insert(floodAnalyses)
    .values({ geodataId, status: 'PENDING' })
    .onConflictDoUpdate({
      target: floodAnalyses.geodataId,
      set: { status: 'PENDING', error: null, updatedAt: new Date() },
    });
}

export async function markRunning(db: Db, geodataId: number): Promise<void> {
  await db
    .update(floodAnalyses)
    .set({ status: 'RUNNING', updatedAt: new Date() })
    .where(eq(floodAnalyses.geodataId, geodataId));
}

export async function saveResult(
  db: Db,
  geodataId: number,
  values: { result: FloodAreaResult; regionLayerId: number; durationMs: number; computedAt: Date },
): Promise<void> {
  await db
    .update(floodAnalyses)
    .set({ ...values, status: 'DONE', error: null, updatedAt: new Date() })
    .where(eq(floodAnalyses.geodataId, geodataId));
}

export async function saveFailure(db: Db, geodataId: number, error: string, regionLayerId: number | null) {
  await db
    .update(floodAnalyses)
    .set({ status: 'FAILED', error, regionLayerId, result: null, computedAt: new Date(), updatedAt: new Date() })
    .where(eq(floodAnalyses.geodataId, geodataId));
}

/** Flood layers with no finished analysis (never analysed, or cut off by a restart). */
export async function floodLayersToAnalyse(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: geodataItems.id })
    .from(geodataItems)
    .leftJoin(floodAnalyses, eq(floodAnalyses.geodataId, geodataItems.id))
    .where(
      and(
        inArray(geodataItems.type, [...FLOOD_ANALYSIS_TYPES]),
        or(isNull(floodAnalyses.geodataId), inArray(floodAnalyses.status, ['PENDING', 'RUNNING'])),
      ),
    )
    .orderBy(desc(geodataItems.id));
  return rows.map((r) => r.id);
}

/** Every flood layer (measured again when the communes layer changes). */
export async function allFloodLayers(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: geodataItems.id })
    .from(geodataItems)
    .where(inArray(geodataItems.type, [...FLOOD_ANALYSIS_TYPES]))
    .orderBy(desc(geodataItems.id));
  return rows.map((r) => r.id);
}

import {
  type AnalysisZone,
  createFloodAreaAccumulator,
  DEPTH_CLASSES,
  FLOOD_ANALYSIS_NOT_FOUND,
  type FloodAnalysis,
  type FloodAnalysisArea,
  type FloodAnalysisListQuery,
  type FloodAnalysisPage,
  type FloodAnalysisType,
  type FloodAreaResult,
  isFloodAnalysisType,
  squareMetresToHectares,
  zonesOfRegionLayer,
} from '@flood/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { recordAudit } from '../audit/audit.service';
import { findItem, newestOfType } from '../geodata/geodata.repository';
import type { GeodataRow } from '../geodata/geodata.table';
import {
  allFloodLayers,
  type FloodAnalysisListed,
  findFloodAnalysis,
  floodLayersToAnalyse,
  listFloodAnalyses,
  markPending,
  markRunning,
  saveFailure,
  saveResult,
} from './flood-analysis.repository';

const notFound = () => new AppError('NOT_FOUND', FLOOD_ANALYSIS_NOT_FOUND);
const NO_REGIONS = 'Chưa có lớp «Ranh giới xã» (các xã có NAME_3) để đối chiếu';

const round1 = (n: number) => Math.round(n * 10) / 10;

function areaOf(
  z: { id: string; code: string | null; name: string; fullName: string; areaM2: number; floodedM2: number },
  byClass: Record<string, number>,
  keys: string[],
): FloodAnalysisArea {
  return {
    id: z.id,
    code: z.code,
    name: z.name,
    fullName: z.fullName,
    areaHa: squareMetresToHectares(z.areaM2),
    floodedM2: Math.round(z.floodedM2),
    floodedHa: squareMetresToHectares(z.floodedM2),
    sharePercent: z.areaM2 > 0 ? round1((100 * z.floodedM2) / z.areaM2) : 0,
    byClass: keys.map((key) => ({
      key,
      floodedM2: Math.round(byClass[key] ?? 0),
      floodedHa: squareMetresToHectares(byClass[key] ?? 0),
    })),
  };
}

/** The analysis as the API shows it: areas in m² and ha, shares in %, the depth classes present. */
export function toFloodAnalysis(r: FloodAnalysisListed): FloodAnalysis {
  const res: FloodAreaResult | null = r.status === 'DONE' ? r.result : null;
  const classes = res ? DEPTH_CLASSES.filter((c) => (res.total.byClass[c.key] ?? 0) > 0) : [];
  const keys = classes.map((c) => c.key);
  return {
    geodataId: r.geodataId,
    name: r.name,
    type: r.type as FloodAnalysisType,
    time: r.time?.toISOString() ?? null,
    demo: r.demo,
    status: r.status as FloodAnalysis['status'],
    error: r.error,
    regionLayerId: r.regionLayerId,
    computedAt: r.computedAt?.toISOString() ?? null,
    durationMs: r.durationMs,
    classes: [...classes],
    total: res
      ? areaOf({ id: 'TOTAL', code: null, name: 'Tổng', fullName: 'Tổng', ...res.total }, res.total.byClass, keys)
      : null,
    communes: res ? res.zones.map((z) => areaOf(z, z.byClass, keys)) : [],
    outsideHa: res ? squareMetresToHectares(res.outsideM2) : 0,
    features: res?.features ?? 0,
    skipped: res?.skipped ?? 0,
  };
}

export interface FloodAnalysisDeps {
  db: Db;
  storage: FileStorage;
  logger: FastifyBaseLogger;
  /** How long an upload waits for its analysis before answering (the rest runs after the response). */
  waitMs?: number;
  /** The measuring yields to other requests this often (ms of work). */
  sliceMs?: number;
  /**
   * The area's units as zones (#26) once staff have set an area; null while the built-in default is in force (the
   * region layer's communes by their GADM properties, as before).
   */
  units?: () => Promise<AnalysisZone[] | null>;
}

/**
 * Flood analysis data (back-office §3, public-portal §2): when a flood extent is stored, its flooded area per
 * commune (the newest 'Ranh giới xã' file) and the Total are measured and kept with the layer. Analyses run
 * one at a time per process, in slices that yield to other requests, so a large layer never stalls the
 * station pushes; an upload waits up to `waitMs` for its analysis and otherwise answers with it under way.
 */
export function createFloodAnalysisService(deps: FloodAnalysisDeps) {
  const { db, storage, logger } = deps;
  const waitMs = deps.waitMs ?? 1500;
  const sliceMs = deps.sliceMs ?? 10;
  const jobs = new Map<number, Promise<void>>();
  let chain: Promise<void> = Promise.resolve();
  let zonesCache: { key: string; zones: Promise<AnalysisZone[]> } | undefined;

  async function zonesOf(region: GeodataRow): Promise<AnalysisZone[]> {
    const key = `${region.id}:${region.sha256}`;
    if (zonesCache?.key !== key) {
      const zones = storage.read(region.path!).then((bytes) => {
        if (!bytes) return [];
        return zonesOfRegionLayer(JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, '')));
      });
      zonesCache = { key, zones };
      zones.catch(() => {
        if (zonesCache?.zones === zones) zonesCache = undefined;
      });
    }
    return zonesCache.zones;
  }

  async function measure(geodataId: number): Promise<void> {
    const started = performance.now();
    const item = await findItem(db, geodataId);
    if (!item?.path) return;
    await markRunning(db, geodataId);
    const region = await newestOfType(db, 'REGION');
    const units = deps.units ? await deps.units() : null;
    const zones = units ?? (region?.path ? await zonesOf(region) : []);
    if (!region || zones.length === 0) {
      await saveFailure(db, geodataId, NO_REGIONS, region?.id ?? null);
      return;
    }
    const bytes = await storage.read(item.path);
    if (!bytes) throw new Error('the layer file is missing from the storage');
    const layer = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, '')) as { features?: unknown[] };
    const acc = createFloodAreaAccumulator(zones);
    let slice = performance.now();
    for (const f of layer.features ?? []) {
      acc.add(f);
      if (performance.now() - slice > sliceMs) {
        await new Promise((resolve) => setImmediate(resolve));
        slice = performance.now();
      }
    }
    const durationMs = Math.round(performance.now() - started);
    await saveResult(db, geodataId, {
      result: acc.result(),
      regionLayerId: region.id,
      durationMs,
      computedAt: new Date(),
    });
    logger.info({ geodataId, durationMs, features: layer.features?.length ?? 0 }, 'flood analysis done');
  }

  /** Queues a layer's analysis (once while one is waiting) and resolves when it is stored. */
  function schedule(geodataId: number): Promise<void> {
    const queued = jobs.get(geodataId);
    if (queued) return queued;
    // Marked waiting at once (the map shows 'Chờ phân tích'); measured when the ones before it are done.
    const job = Promise.all([markPending(db, geodataId), chain])
      .then(() => measure(geodataId))
      .catch(async (err) => {
        logger.warn({ err, geodataId }, 'flood analysis failed');
        const message = err instanceof SyntaxError ? 'Tệp GeoJSON không đọc được' : 'Không phân tích được lớp ngập lụt';
        await saveFailure(db, geodataId, message, null).catch(() => {});
      })
      .finally(() => {
        if (jobs.get(geodataId) === job) jobs.delete(geodataId);
      });
    jobs.set(geodataId, job);
    chain = job;
    return job;
  }

  const waitAtMost = (job: Promise<void>) =>
    Promise.race([job, new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref())]);

  return {
    /**
     * Called after a geodata file is stored: a flood extent is measured (the upload waits a little for it);
     * a new communes layer has every flood layer measured again. Never throws into the upload.
     */
    /** The area's units changed (#26): every flood layer is measured again against them. */
    async remeasureAll(): Promise<void> {
      for (const id of await allFloodLayers(db)) void schedule(id).catch(() => {});
    },

    async afterStore(row: Pick<GeodataRow, 'id' | 'type'>): Promise<void> {
      try {
        if (row.type === 'REGION') {
          for (const id of await allFloodLayers(db)) void schedule(id).catch(() => {});
        } else if (isFloodAnalysisType(row.type)) {
          await waitAtMost(schedule(row.id));
        }
      } catch (err) {
        logger.warn({ err, geodataId: row.id }, 'flood analysis could not be queued');
      }
    },

    /** Measures the flood layers left without a finished analysis (seeded layers, a restart mid-way). */
    async resume(): Promise<number> {
      const ids = await floodLayersToAnalyse(db);
      for (const id of ids) void schedule(id).catch(() => {});
      return ids.length;
    },

    /** `GET /api/flood-analysis` (public: the flood layers themselves are public). */
    async list(q: FloodAnalysisListQuery): Promise<FloodAnalysisPage> {
      const { items, total } = await listFloodAnalyses(db, q);
      return { items: items.map(toFloodAnalysis), total };
    },

    async get(geodataId: number): Promise<FloodAnalysis> {
      const row = await findFloodAnalysis(db, geodataId);
      if (!row) throw notFound();
      return toFloodAnalysis(row);
    },

    /** Measures a layer again (staff, `analyze`), e.g. after correcting the communes layer. */
    async recompute(actor: Actor | undefined, geodataId: number): Promise<FloodAnalysis> {
      const a = requirePermission(actor, 'analyze');
      const item = await findItem(db, geodataId);
      if (!item?.path || !isFloodAnalysisType(item.type)) throw notFound();
      await db.transaction(async (tx) => {
        await markPending(tx, geodataId);
        await recordAudit(tx, a, `Phân tích lại diện tích ngập của lớp ${item.name}`);
      });
      await waitAtMost(schedule(geodataId));
      return this.get(geodataId);
    },

    /** Waits for every queued analysis (tests, shutdown). */
    async idle(): Promise<void> {
      while (jobs.size) await Promise.all([...jobs.values()]);
    },
  };
}
export type FloodAnalysisService = ReturnType<typeof createFloodAnalysisService>;

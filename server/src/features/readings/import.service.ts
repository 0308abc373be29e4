import {
  type FieldError,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_REPORTED,
  type ImportJob,
  type ImportReject,
  ImportRowSchema,
  importEvent,
  OUT_OF_SCOPE,
  type PolygonalGeometry,
  readingEvent,
  scopeAllowsUnit,
  stationUnitCode,
  type WebParameters,
} from '@flood/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { safeDisplayName } from '../../lib/file-type';
import { recordAudit } from '../audit/audit.service';
import { allStations } from '../stations/stations.repository';
import type { StationRow } from '../stations/stations.table';
import type { ImportJobRow } from './import-jobs.table';
import { detectFileKind, type FileKind, openRows } from './import-parse';
import { assessBatch, type KindedReading } from './quality-check';
import { checkReadingValue, liveSince, observedAtOf } from './reading-rules';
import {
  failUnfinishedImportJobs,
  findImportJob,
  insertImportJob,
  insertReadingsBatch,
  raiseImportProgress,
  readingKey,
  updateImportJob,
} from './readings.repository';

/** Readings per insert statement: large enough for throughput, small enough for steady progress. */
export const IMPORT_BATCH = 5000;
/** Imported readings this recent are also announced one by one on the event stream (live pages). */
const LIVE_WINDOW_MS = 24 * 3_600_000;

const toApi = (r: ImportJobRow): ImportJob => ({
  id: r.id,
  fileName: r.fileName,
  status: r.status as ImportJob['status'],
  total: r.total,
  processed: r.processed,
  stored: r.stored,
  duplicates: r.duplicates,
  rejectedCount: r.rejectedCount,
  rejected: r.rejected,
  error: r.error,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

export interface ImportServiceDeps {
  db: Db;
  bus: EventBus;
  timeZone: string;
  now: () => Date;
  logger: FastifyBaseLogger;
  /** The quality rules' parameters (#22). */
  webParameters: () => Promise<WebParameters>;
  /** False: no quality rules (the bench's baseline; README `READING_QUALITY_RULES`). */
  qualityRules?: boolean;
  /** The area's units with their boundaries (#26): a scoped officer imports its own units' stations only. */
  units?: () => Promise<readonly { code: string; geometry: PolygonalGeometry }[]>;
}

/** Bulk import of historical readings from CSV or Excel (staff with `database`), idempotent like the push. */
export function createImportService({
  db,
  bus,
  timeZone,
  now,
  logger,
  webParameters,
  qualityRules = true,
  units = async () => [],
}: ImportServiceDeps) {
  const running = new Set<Promise<void>>();

  const update = (id: string, values: Parameters<typeof updateImportJob>[2]) => updateImportJob(db, id, values);

  /** Checks one row like the push does; the reading, or why it is rejected. */
  function checkRow(
    cells: Record<string, string>,
    byCode: Map<string, StationRow>,
    outOfScope: ReadonlySet<string>,
  ): KindedReading | FieldError {
    const parsed = ImportRowSchema.safeParse(cells);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { field: issue.path.join('.') || 'row', message: issue.message };
    }
    const q = parsed.data;
    const station = byCode.get(q.stationCode.toUpperCase());
    if (!station) return { field: 'stationCode', message: 'Không tìm thấy trạm' };
    // A commune officer's file (#26 point 3): another unit's station is not its to change.
    if (outOfScope.has(station.code)) return { field: 'stationCode', message: OUT_OF_SCOPE };
    const valueError = checkReadingValue(station.kind, q.value);
    if (valueError) return valueError;
    const at = observedAtOf(q, timeZone, now());
    if (!(at instanceof Date)) return at;
    return { stationId: station.id, observedAt: at, value: q.value, kind: station.kind };
  }

  /**
   * Reads, checks and stores the file as a pipeline: while one batch is written the next rows are parsed
   * (two batches in flight at most), and the job's progress follows each stored batch.
   */
  async function run(job: ImportJobRow, buf: Buffer, kind: FileKind, actor: Actor): Promise<void> {
    const byCode = new Map((await allStations(db)).map((s) => [s.code, s]));
    const outOfScope = new Set<string>();
    if (actor.units?.length) {
      const areaUnits = await units();
      for (const s of byCode.values()) {
        const unit = stationUnitCode(areaUnits, { unitCode: s.unitCode, lat: s.latitude, long: s.longitude });
        if (!scopeAllowsUnit(actor.units, unit)) outOfScope.add(s.code);
      }
    }
    const codeOf = new Map([...byCode.values()].map((s) => [s.id, s]));
    const { total, rows } = await openRows(buf, kind);
    await update(job.id, { status: 'running', total });
    const rejected: ImportReject[] = [];
    const announceSince = now().getTime() - LIVE_WINDOW_MS;
    let rejectedCount = 0;
    let written = 0;
    let stored = 0;
    // The period of the stored water readings, so that flood events can be recomputed over it.
    let firstAt = Number.POSITIVE_INFINITY;
    let lastAt = Number.NEGATIVE_INFINITY;
    const inFlight = new Set<Promise<void>>();

    const write = async (batch: KindedReading[]) => {
      // A file is history: the value rules run, not those about a logger's clock (#22).
      if (qualityRules) await assessBatch(db, batch, await webParameters(), { live: false, now: now() });
      // The live rows queue their stations' alert evaluation with them (#19); older ones are history.
      const keys = await insertReadingsBatch(db, batch, { evaluateSince: liveSince(now()) });
      stored += keys.size;
      written += batch.length;
      for (const r of batch) {
        if (!keys.has(readingKey(r.stationId, r.observedAt))) continue;
        if (codeOf.get(r.stationId)?.kind === 'water') {
          firstAt = Math.min(firstAt, r.observedAt.getTime());
          lastAt = Math.max(lastAt, r.observedAt.getTime());
        }
        if (r.observedAt.getTime() < announceSince) continue;
        const s = codeOf.get(r.stationId)!;
        bus.publish('reading', readingEvent(s, r.observedAt, r.value, r.quality));
      }
      const processed = written + rejectedCount;
      await raiseImportProgress(db, job.id, processed, stored);
    };
    const dispatch = async (batch: KindedReading[]) => {
      const p: Promise<void> = write(batch).finally(() => inFlight.delete(p));
      inFlight.add(p);
      if (inFlight.size >= 2) await Promise.race(inFlight);
    };

    let batch: KindedReading[] = [];
    try {
      for await (const r of rows) {
        if ('headerError' in r) throw new AppError('VALIDATION_FAILED', r.headerError);
        const checked = checkRow(r.cells, byCode, outOfScope);
        if ('field' in checked) {
          rejectedCount++;
          if (rejected.length < IMPORT_MAX_REPORTED) rejected.push({ row: r.row, ...checked });
          continue;
        }
        batch.push(checked);
        if (batch.length >= IMPORT_BATCH) {
          await dispatch(batch);
          batch = [];
        }
      }
      if (batch.length) await dispatch(batch);
    } finally {
      await Promise.allSettled(inFlight);
    }
    await Promise.all(inFlight);
    await db.transaction(async (tx) => {
      await updateImportJob(tx, job.id, {
        status: 'done',
        finishedAt: now(),
        total: written + rejectedCount,
        processed: written + rejectedCount,
        stored,
        duplicates: written - stored,
        rejectedCount,
        rejected,
      });
      await recordAudit(tx, actor, `Nhập số liệu quan trắc từ tệp ${job.fileName}: ${stored} bản ghi mới`);
    });
    bus.publish('import', importEvent(job.id, stored, { first: firstAt, last: lastAt }));
  }

  return {
    /** Checks the file (size, content), records the job and processes it in the background. */
    async start(actor: Actor | undefined, fileName: string, buf: Buffer, truncated: boolean): Promise<ImportJob> {
      const a = requirePermission(actor, 'database');
      if (truncated || buf.length > IMPORT_MAX_BYTES) {
        throw new AppError('TOO_LARGE', 'Tệp quá lớn (tối đa 20 MB)', [
          { field: 'file', message: 'Tệp quá lớn (tối đa 20 MB)' },
        ]);
      }
      // The name is kept for display (job list, audit): no control characters (NUL fails in PostgreSQL).
      const name = safeDisplayName(fileName);
      if (!name) {
        throw new AppError('VALIDATION_FAILED', 'Tên tệp không hợp lệ', [
          { field: 'file', message: 'Tên tệp không hợp lệ' },
        ]);
      }
      const kind = detectFileKind(buf);
      const ext = name.toLowerCase().split('.').pop();
      if (!kind || (kind === 'xlsx' && ext !== 'xlsx') || (kind === 'csv' && ext !== 'csv' && ext !== 'txt')) {
        throw new AppError('VALIDATION_FAILED', 'Chỉ nhận tệp CSV hoặc Excel (.xlsx)', [
          { field: 'file', message: 'Chỉ nhận tệp CSV hoặc Excel (.xlsx)' },
        ]);
      }
      const job = await insertImportJob(db, a.userId, name);
      const p = run(job, buf, kind, a)
        .catch(async (e) => {
          const message = e instanceof AppError ? e.message : 'Xảy ra lỗi khi nhập dữ liệu';
          if (!(e instanceof AppError)) logger.error({ err: e, jobId: job.id }, 'import failed');
          await update(job.id, { status: 'failed', error: message, finishedAt: now() }).catch(() => {});
        })
        .finally(() => running.delete(p));
      running.add(p);
      return toApi(job);
    },

    async get(actor: Actor | undefined, id: string): Promise<ImportJob> {
      requirePermission(actor, 'database');
      const row = await findImportJob(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy lượt nhập dữ liệu');
      return toApi(row);
    },

    /** Waits for running imports (shutdown, tests). */
    async drain(): Promise<void> {
      await Promise.all([...running]);
    },
  };
}
export type ImportService = ReturnType<typeof createImportService>;

/** Jobs cut off by a restart are marked failed (main.ts, single-process deployments). */
export async function failInterruptedImports(db: Db, now: Date): Promise<void> {
  await failUnfinishedImportJobs(db, now, 'Máy chủ khởi động lại khi đang nhập');
}

import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zc } from 'node:zlib';
import {
  acceptedExtensions,
  DB_ID_MAX,
  formatNumber,
  GEODATA_IMAGE_MAX_PIXELS,
  GEODATA_IMAGE_MAX_SIDE,
  GEODATA_TYPE_INFO,
  type GeodataFileType,
  type GeodataFolderBodySchema,
  type GeodataItem,
  type GeodataListQuerySchema,
  type GeodataPage,
  GeodataUploadFieldsSchema,
  IMAGE_MAX_BYTES,
  type Position,
  WORKBOOK_MAX_BYTES,
} from '@flood/domain';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { isZip, safeDisplayName, sniffImage } from '../../lib/file-type';
import { type FileStorage, newStorageKey } from '../../lib/storage';
import { ZipLimitError } from '../../lib/zip-guard';
import { recordAudit } from '../audit/audit.service';
import { prepareGeoJson, type UploadCoordinates } from './geo-upload';
import {
  deleteTree,
  findByPath,
  findItem,
  type GeodataListRow,
  insertItem,
  listByType,
  listFolder,
} from './geodata.repository';
import type { GeodataRow } from './geodata.table';
import { checkGeoJsonBytes, JsonSyntaxError } from './geojson-bytes';
import { readWorkbookSheets } from './workbook';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

type FolderBody = z.output<typeof GeodataFolderBodySchema>;

/** The layers checked against the communes for VN-2000 degrees presented as WGS84 (#26 point 5). */
const BOUNDARY_TYPES: ReadonlySet<GeodataFileType> = new Set(['REGION', 'DISTRICT']);

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ field, message }]);
const notFound = () => new AppError('NOT_FOUND', 'Không tìm thấy tệp dữ liệu');

/** The item as the API shows it. */
export function toGeodataItem(r: GeodataRow & Partial<Pick<GeodataListRow, 'userName' | 'childCount'>>): GeodataItem {
  return {
    id: r.id,
    name: r.name,
    type: r.type as GeodataItem['type'],
    path: r.path,
    url: r.path ? `/api/geojson/${r.path}` : null,
    parentId: r.parentId,
    time: r.time?.toISOString() ?? null,
    size: r.size,
    contentType: r.contentType,
    demo: r.demo,
    childCount: r.childCount ?? 0,
    userId: r.userId,
    userName: r.userName ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

export interface CheckedFile {
  data: Buffer;
  ext: string;
  contentType: string;
  /** GeoJSON is stored with pre-compressed variants, so a 20 MB layer is served without compressing it. */
  compress: boolean;
}

/**
 * Checks the bytes of an upload against what its type must hold (by content, never by name): GeoJSON in
 * WGS84, a real PNG/JPEG/WebP image, an Excel workbook. The error names the field and what is wrong.
 */
export async function checkGeodataContent(
  type: GeodataFileType,
  fileName: string,
  data: Buffer,
  geojsonMaxBytes: number,
  coords: UploadCoordinates = { choice: 'auto', repair: false },
  unitCorners: readonly Position[] | null = null,
): Promise<CheckedFile> {
  const info = GEODATA_TYPE_INFO[type];
  const ext = fileName.includes('.') ? `.${fileName.split('.').pop()!.toLowerCase()}` : '';
  const allowed = acceptedExtensions(type);
  if (!allowed.includes(ext)) {
    throw invalid('file', `Loại dữ liệu «${info.vi}» cần tệp ${allowed.join(', ')} (đã chọn: ${fileName})`);
  }
  const limit = uploadLimit(type, geojsonMaxBytes);
  if (data.length > limit) throw tooLarge(limit);
  if (data.length === 0) throw invalid('file', 'Tệp rỗng');
  if (info.content === 'image') {
    const img = sniffImage(data);
    if (!img) throw invalid('file', 'Tệp không phải là ảnh PNG, JPEG hoặc WebP (kiểm tra theo nội dung tệp)');
    await checkImagePixels(data);
    return { data, ext: img.ext, contentType: img.mime, compress: false };
  }
  if (info.content === 'workbook') {
    if (!isZip(data)) throw invalid('file', 'Tệp không phải là bảng tính Excel (.xlsx)');
    try {
      const sheets = await readWorkbookSheets(data, 1);
      if (sheets.length === 0) throw new Error('no sheet');
    } catch (e) {
      // A zip bomb is named as such (lib/zip-guard.ts); anything else is a broken workbook.
      if (e instanceof ZipLimitError) throw e;
      throw invalid('file', 'Không đọc được bảng tính Excel (.xlsx): tệp hỏng hoặc không có trang tính nào');
    }
    return {
      data,
      ext: 'xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      compress: false,
    };
  }
  // Feature by feature from the bytes: never the whole file as one string and one object tree (#18).
  const checkBytes = (bytes: Buffer, visit: (feature: unknown, index: number) => void) => {
    let check: ReturnType<typeof checkGeoJsonBytes>;
    try {
      check = checkGeoJsonBytes(bytes, visit);
    } catch (e) {
      if (!(e instanceof JsonSyntaxError)) throw e;
      throw invalid('file', `Tệp không phải là JSON hợp lệ (UTF-8): ${e.message}`);
    }
    if (!check.ok) throw invalid('file', `GeoJSON không hợp lệ tại ${check.path}: ${check.message}`);
  };
  // A shapefile or VN-2000 converted to WGS84, polygons checked (#26 point 5).
  const prepared = prepareGeoJson(data, coords, unitCorners, checkBytes);
  return { data: prepared.data, ext: 'geojson', contentType: 'application/geo+json', compress: true };
}

/**
 * The image's size from its header (sharp reads the header only, nothing is decoded): at most
 * GEODATA_IMAGE_MAX_PIXELS and GEODATA_IMAGE_MAX_SIDE, so the gallery and the map never get a bitmap a phone
 * cannot hold. A header sharp cannot read is a broken image.
 */
async function checkImagePixels(data: Buffer): Promise<void> {
  let width = 0;
  let height = 0;
  try {
    ({ width = 0, height = 0 } = await sharp(data, { limitInputPixels: false, pages: 1 }).metadata());
  } catch {
    throw invalid('file', 'Không đọc được ảnh: tệp hỏng hoặc không đúng định dạng');
  }
  if (width === 0 || height === 0) throw invalid('file', 'Không đọc được ảnh: tệp hỏng hoặc không đúng định dạng');
  if (width * height > GEODATA_IMAGE_MAX_PIXELS || Math.max(width, height) > GEODATA_IMAGE_MAX_SIDE) {
    throw invalid(
      'file',
      `Ảnh quá lớn: ${formatNumber(width, 0)} × ${formatNumber(height, 0)} điểm ảnh (tối đa ${formatNumber(GEODATA_IMAGE_MAX_PIXELS / 1_000_000, 0)} triệu điểm ảnh, mỗi cạnh ${formatNumber(GEODATA_IMAGE_MAX_SIDE, 0)} điểm)`,
    );
  }
}

/** The largest upload a type accepts: images and workbooks fixed, GeoJSON configurable (GEODATA_MAX_MB). */
export function uploadLimit(type: GeodataFileType, geojsonMaxBytes: number): number {
  const content = GEODATA_TYPE_INFO[type].content;
  return content === 'image' ? IMAGE_MAX_BYTES : content === 'workbook' ? WORKBOOK_MAX_BYTES : geojsonMaxBytes;
}

export function tooLarge(limit: number): AppError {
  const mb = Math.round(limit / 1024 / 1024);
  const message = `Tệp vượt quá dung lượng cho phép (${mb} MB)`;
  return new AppError('TOO_LARGE', message, [{ field: 'file', message }]);
}

export interface UploadInput {
  fields: Record<string, string>;
  fileName: string | undefined;
  /** The bytes, or null when the upload passed the size limit and was cut off. */
  data: Buffer | null;
}

/** Published after every stored or deleted geodata item (internal; lib/hot-reads.ts drops the kept reads). */
export const GEODATA_CHANGED = 'geodata-changed';

/** The geodata file manager (permission `database`) and the public reads of its files. */
export function createGeodataService(deps: {
  db: Db;
  storage: FileStorage;
  geojsonMaxBytes: number;
  /** Runs after a file is stored (the flood analysis of a flood extent); awaited, must not throw. */
  onStored?: (row: GeodataRow) => Promise<void>;
  /** Told of every stored or deleted item after the commit (`geodata-changed`: the kept public reads drop). */
  bus?: EventBus;
  /** Corners of the unit layer (the communes, WGS84): VN-2000 degrees presented as WGS84 are found against them. */
  unitCorners?: () => Promise<readonly Position[] | null>;
}) {
  const { db, storage } = deps;
  const changed = () => deps.bus?.publish(GEODATA_CHANGED, {});

  async function requireFolder(id: number | null, field: string): Promise<GeodataListRow | null> {
    if (id === null) return null;
    const f = await findItem(db, id);
    if (f?.type !== 'FOLDER') throw invalid(field, 'Thư mục không tồn tại');
    return f;
  }

  /**
   * Stores the bytes (and compressed variants) first, then the row; removes the bytes if the row fails.
   * `actor` null = the portal itself (seed data): no audit entry.
   */
  async function store(
    actor: Actor | null,
    checked: CheckedFile,
    row: { name: string; type: GeodataFileType; time: Date | null; parentId: number | null; demo?: boolean },
  ): Promise<GeodataRow> {
    const path = newStorageKey(checked.ext);
    const written: string[] = [path];
    const sha256 = createHash('sha256').update(checked.data).digest('hex');
    try {
      await storage.put(path, checked.data);
      let encodings = '';
      if (checked.compress && checked.data.length > 1024) {
        const [gz, br] = await Promise.all([
          gzipAsync(checked.data, { level: 6 }),
          brotliAsync(checked.data, {
            params: { [zc.BROTLI_PARAM_QUALITY]: 5, [zc.BROTLI_PARAM_SIZE_HINT]: checked.data.length },
          }),
        ]);
        await storage.put(`${path}.gz`, gz);
        written.push(`${path}.gz`);
        await storage.put(`${path}.br`, br);
        written.push(`${path}.br`);
        encodings = 'br,gzip';
      }
      const stored = await db.transaction(async (tx) => {
        const created = await insertItem(tx, {
          name: row.name,
          type: row.type,
          path,
          parentId: row.parentId,
          time: row.time,
          size: checked.data.length,
          contentType: checked.contentType,
          sha256,
          encodings,
          demo: row.demo ?? false,
          userId: actor?.userId ?? null,
        });
        if (actor) await recordAudit(tx, actor, `Tải lên tệp dữ liệu ${row.name} (${GEODATA_TYPE_INFO[row.type].vi})`);
        return created;
      });
      changed();
      // After the commit; a failing hook cannot undo the stored row and bytes.
      await deps.onStored?.(stored).catch(() => {});
      return stored;
    } catch (e) {
      await Promise.all(written.map((k) => storage.remove(k).catch(() => {})));
      throw e;
    }
  }

  return {
    store,

    async list(q: z.output<typeof GeodataListQuerySchema>): Promise<GeodataPage> {
      if (q.type) {
        const { items, total } = await listByType(db, q.type, q.page, q.pageSize);
        return { items: items.map(toGeodataItem), total, folder: null };
      }
      const parentId = q.parentId ?? null;
      const folder = parentId === null ? null : await findItem(db, parentId);
      if (parentId !== null && folder?.type !== 'FOLDER') throw notFound();
      const { items, total } = await listFolder(db, parentId, q.page, q.pageSize);
      return {
        items: items.map(toGeodataItem),
        total,
        folder: folder ? { id: folder.id, name: folder.name, parentId: folder.parentId } : null,
      };
    },

    async createFolder(actor: Actor | undefined, body: FolderBody): Promise<GeodataItem> {
      const a = requirePermission(actor, 'database');
      await requireFolder(body.parentId, 'parentId');
      const row = await db.transaction(async (tx) => {
        const created = await insertItem(tx, {
          name: body.name,
          type: 'FOLDER',
          parentId: body.parentId,
          userId: a.userId,
        });
        await recordAudit(tx, a, `Tạo thư mục dữ liệu ${body.name}`);
        return created;
      });
      changed();
      return toGeodataItem({ ...row, userName: a.name, childCount: 0 });
    },

    async upload(actor: Actor | undefined, input: UploadInput): Promise<GeodataItem> {
      const a = requirePermission(actor, 'database');
      const parsed = GeodataUploadFieldsSchema.safeParse(input.fields);
      if (!parsed.success) {
        const fields = parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? 'type'), message: i.message }));
        throw new AppError(
          'VALIDATION_FAILED',
          `Dữ liệu không hợp lệ: ${fields.map((f) => f.field).join(', ')}`,
          fields,
        );
      }
      const { type, time, parentId, crs, meridian, repair } = parsed.data;
      if (GEODATA_TYPE_INFO[type].timed && !time) throw invalid('time', 'Vui lòng chọn thời gian của dữ liệu');
      await requireFolder(parentId ?? null, 'parentId');
      if (input.fileName === undefined) throw invalid('file', 'Vui lòng chọn tệp');
      const name = safeDisplayName(input.fileName);
      if (!name) throw invalid('file', 'Tên tệp không hợp lệ (không được chứa đường dẫn hoặc ký tự điều khiển)');
      if (input.data === null) {
        throw tooLarge(uploadLimit(type, deps.geojsonMaxBytes));
      }
      const coords: UploadCoordinates = { choice: crs ?? 'auto', meridian, repair: repair === 'true' };
      // Boundaries only: their corners meet the communes' where both are right; a flood extent or a point
      // layer has no corner in common with them, so no distance says anything of its datum.
      const units = BOUNDARY_TYPES.has(type) ? ((await deps.unitCorners?.()) ?? null) : null;
      const checked = await checkGeodataContent(type, name, input.data, deps.geojsonMaxBytes, coords, units);
      const row = await store(a, checked, {
        name,
        type,
        time: time ? new Date(time) : null,
        parentId: parentId ?? null,
      });
      return toGeodataItem({ ...row, userName: a.name, childCount: 0 });
    },

    /** Deletes a file, or a folder with everything in it; the bytes go once the rows are gone. */
    async remove(actor: Actor | undefined, id: number): Promise<void> {
      const a = requirePermission(actor, 'database');
      const keys = await db.transaction(async (tx) => {
        const item = await findItem(tx, id);
        if (!item) throw notFound();
        const removed = await deleteTree(tx, id);
        await recordAudit(
          tx,
          a,
          item.type === 'FOLDER' ? `Xoá thư mục dữ liệu ${item.name}` : `Xoá tệp dữ liệu ${item.name}`,
        );
        return removed;
      });
      changed();
      await Promise.all(keys.map((k) => storage.remove(k).catch(() => {})));
    },

    /** An item's row by id or storage path (public reads of the map). */
    async findFile(ref: string): Promise<GeodataRow> {
      // An id past the integer column names nothing (and would fail in the database): 404 like any other.
      const id = /^\d+$/.test(ref) ? Number(ref) : null;
      const row = id === null ? await findByPath(db, ref) : id <= DB_ID_MAX ? await findItem(db, id) : null;
      if (!row?.path) throw notFound();
      return row;
    },
  };
}
export type GeodataService = ReturnType<typeof createGeodataService>;

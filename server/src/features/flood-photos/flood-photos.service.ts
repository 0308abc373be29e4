import {
  FLOOD_PHOTO_REQUIRED,
  type FloodPhoto,
  FloodPhotoFieldsSchema,
  type FloodPhotoListQuerySchema,
  type FloodPhotoPage,
} from '@flood/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { findNul } from '../../lib/nul-guard';
import { type FileStorage, newStorageKey } from '../../lib/storage';
import { recordAudit } from '../audit/audit.service';
import { type ProcessedPhoto, processFloodPhoto } from './flood-photos.image';
import {
  deleteFloodPhoto,
  findFloodPhoto,
  insertFloodPhoto,
  listFloodPhotos,
  updateFloodPhoto,
} from './flood-photos.repository';
import type { FloodPhotoRow } from './flood-photos.table';

type Fields = z.output<typeof FloodPhotoFieldsSchema>;
type ListQuery = z.output<typeof FloodPhotoListQuerySchema>;

/** Staff moderate the photos from the analysis view (DECISIONS.md: analyze → flood photo list). */
const STAFF = 'analyze' as const;

const notFound = () => new AppError('NOT_FOUND', 'Không tìm thấy ảnh ngập lụt');

/** A version of the bytes in the URLs: a photo never changes under its URL, so browsers keep it for a year. */
const versionOf = (key: string) => key.slice(0, 12);

/** The photo as the API shows it. */
export function toFloodPhoto(r: FloodPhotoRow): FloodPhoto {
  return {
    id: r.id,
    desc: r.description,
    location: r.location,
    lat: r.latitude,
    long: r.longitude,
    image: `/api/flood/${r.id}/image?v=${versionOf(r.imageKey)}`,
    thumbnail: `/api/flood/${r.id}/thumbnail?v=${versionOf(r.thumbnailKey)}`,
    width: r.width,
    height: r.height,
    demo: r.demo,
    createdAt: r.createdAt.toISOString(),
  };
}

export interface FloodPhotoInput {
  /** The multipart text fields as sent. */
  fields: Record<string, string>;
  /** The file field `image`: absent, its bytes, or null when it passed the size limit and was cut off. */
  image: Buffer | null | undefined;
}

const auditText = (verb: string, r: Pick<FloodPhotoRow, 'id' | 'location'>) =>
  `${verb} ảnh ngập lụt #${r.id} (${r.location})`;

/** Flood photos: posted by anyone from the public map, moderated by staff with `analyze`. */
export function createFloodPhotosService(deps: { db: Db; storage: FileStorage; maxBytes: number }) {
  const { db, storage, maxBytes } = deps;

  function tooLarge(): AppError {
    const message = `Ảnh vượt quá dung lượng cho phép (${Math.round(maxBytes / 1024 / 1024)} MB)`;
    return new AppError('TOO_LARGE', message, [{ field: 'image', message }]);
  }

  /**
   * Stores the bytes first, then the row (with the audit entry of a signed-in poster in its transaction);
   * removes the bytes if the row fails. `actor` null = the portal itself (demo seed).
   */
  async function store(
    actor: Actor | null,
    photo: ProcessedPhoto,
    fields: Fields,
    extra: { demo?: boolean; createdAt?: Date } = {},
  ): Promise<FloodPhotoRow> {
    const imageKey = newStorageKey(photo.ext);
    const thumbnailKey = newStorageKey('jpg');
    try {
      await storage.put(imageKey, photo.image);
      await storage.put(thumbnailKey, photo.thumbnail);
      return await db.transaction(async (tx) => {
        const row = await insertFloodPhoto(tx, {
          description: fields.desc,
          location: fields.location,
          latitude: fields.lat,
          longitude: fields.long,
          imageKey,
          thumbnailKey,
          mime: photo.mime,
          width: photo.width,
          height: photo.height,
          size: photo.image.length,
          demo: extra.demo ?? false,
          createdBy: actor?.userId ?? null,
          ...(extra.createdAt ? { createdAt: extra.createdAt, updatedAt: extra.createdAt } : {}),
        });
        if (actor) await recordAudit(tx, actor, auditText('Đăng', row));
        return row;
      });
    } catch (e) {
      await Promise.all([imageKey, thumbnailKey].map((k) => storage.remove(k).catch(() => {})));
      throw e;
    }
  }

  return {
    store,

    async list(q: ListQuery): Promise<FloodPhotoPage> {
      const { items, total } = await listFloodPhotos(db, q);
      return { items: items.map(toFloodPhoto), total };
    },

    /**
     * 'Đăng ảnh' (public-portal §2, §5): anyone may post. Location and image are required — one 400 names
     * every missing field; the image is checked by content and size, then stripped of its metadata.
     */
    async create(actor: Actor | undefined, input: FloodPhotoInput): Promise<FloodPhoto> {
      // Multipart text skips the JSON NUL guard (lib/nul-guard.ts); PostgreSQL text cannot hold NUL.
      const nul = findNul(input.fields);
      if (nul !== null) {
        const message = 'Không được chứa ký tự NUL (\\u0000)';
        throw new AppError('VALIDATION_FAILED', `Dữ liệu không hợp lệ: ${nul}`, [{ field: nul, message }]);
      }
      const parsed = FloodPhotoFieldsSchema.safeParse(input.fields);
      const issues = parsed.success
        ? []
        : parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? 'location'), message: i.message }));
      if (input.image === undefined) issues.push({ field: 'image', message: FLOOD_PHOTO_REQUIRED });
      if (!parsed.success || input.image === undefined) {
        const onlyMissing = issues.every((i) => i.message === FLOOD_PHOTO_REQUIRED);
        const names = [...new Set(issues.map((i) => i.field))].join(', ');
        throw new AppError(
          'VALIDATION_FAILED',
          onlyMissing ? FLOOD_PHOTO_REQUIRED : `Dữ liệu không hợp lệ: ${names}`,
          issues,
        );
      }
      if (input.image === null || input.image.length > maxBytes) throw tooLarge();
      const photo = await processFloodPhoto(input.image);
      return toFloodPhoto(await store(actor ?? null, photo, parsed.data));
    },

    /** Staff correct the text or the position; the photo itself is replaced by deleting and posting again. */
    async update(actor: Actor | undefined, id: number, body: Fields): Promise<FloodPhoto> {
      const a = requirePermission(actor, STAFF);
      const row = await db.transaction(async (tx) => {
        const updated = await updateFloodPhoto(tx, id, {
          description: body.desc,
          location: body.location,
          latitude: body.lat,
          longitude: body.long,
        });
        if (!updated) throw notFound();
        await recordAudit(tx, a, auditText('Sửa', updated));
        return updated;
      });
      return toFloodPhoto(row);
    },

    /** Deletes the photo; its files go once the row is gone. */
    async remove(actor: Actor | undefined, id: number): Promise<void> {
      const a = requirePermission(actor, STAFF);
      const row = await db.transaction(async (tx) => {
        const deleted = await deleteFloodPhoto(tx, id);
        if (!deleted) throw notFound();
        await recordAudit(tx, a, auditText('Xoá', deleted));
        return deleted;
      });
      await Promise.all([row.imageKey, row.thumbnailKey].map((k) => storage.remove(k).catch(() => {})));
    },

    /** Which stored file holds a photo or its thumbnail (public); the route answers 304 without opening it. */
    async findFile(id: number, which: 'image' | 'thumbnail'): Promise<{ key: string; mime: string }> {
      const row = await findFloodPhoto(db, id);
      if (!row) throw notFound();
      return which === 'image' ? { key: row.imageKey, mime: row.mime } : { key: row.thumbnailKey, mime: 'image/jpeg' };
    },

    async openFile(key: string) {
      const opened = await storage.open(key);
      if (!opened) throw notFound();
      return opened;
    },
  };
}
export type FloodPhotosService = ReturnType<typeof createFloodPhotosService>;

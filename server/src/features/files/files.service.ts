import { randomBytes } from 'node:crypto';
import type { UploadedFile } from '@flood/domain';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { safeDisplayName } from '../../lib/file-type';
import { type FileStorage, newStorageKey } from '../../lib/storage';
import { recordAudit } from '../audit/audit.service';
import { checkUpload } from './files.content';
import { findUploadedFile, insertUploadedFile } from './files.repository';
import type { UploadedFileRow } from './files.table';

const notFound = () => new AppError('NOT_FOUND', 'Không tìm thấy tệp');

export function toUploadedFile(r: UploadedFileRow): UploadedFile {
  return {
    id: r.id,
    url: `/api/files/${r.id}`,
    thumbnail: r.thumbnailKey ? `/api/files/${r.id}/thumbnail` : null,
    name: r.name,
    mime: r.mime,
    size: r.size,
    createdAt: r.createdAt.toISOString(),
  };
}

export interface UploadInput {
  /** The file field: absent, its bytes, or null when it passed the size limit. */
  data: Buffer | null | undefined;
  fileName: string | undefined;
}

/** Uploads of the news editor and forms (permission `news`, DECISIONS.md: news → news and documents), and the official bulletin PDF of an officer's warning (`warning`, #23). */
export function createFilesService(deps: { db: Db; storage: FileStorage; maxBytes: number }) {
  const { db, storage, maxBytes } = deps;
  const tooLarge = () => {
    const message = `Tệp vượt quá dung lượng cho phép (${Math.round(maxBytes / 1024 / 1024)} MB)`;
    return new AppError('TOO_LARGE', message, [{ field: 'file', message }]);
  };

  return {
    /** Stores the checked bytes under random keys, then the row with its audit entry; removes bytes on failure. */
    async upload(actor: Actor | undefined, input: UploadInput): Promise<UploadedFile> {
      const a = requirePermission(actor, 'news', 'warning');
      if (input.data === undefined || input.data?.length === 0) {
        throw new AppError('VALIDATION_FAILED', 'Chưa chọn tệp', [{ field: 'file', message: 'Chưa chọn tệp' }]);
      }
      if (input.data === null || input.data.length > maxBytes) throw tooLarge();
      const name = safeDisplayName(input.fileName);
      if (!name) {
        const message = 'Tên tệp không hợp lệ';
        throw new AppError('VALIDATION_FAILED', message, [{ field: 'file', message }]);
      }
      const checked = await checkUpload(input.data);
      const storageKey = newStorageKey(checked.ext);
      const thumbnailKey = checked.thumbnail ? newStorageKey('jpg') : null;
      try {
        await storage.put(storageKey, checked.data);
        if (thumbnailKey && checked.thumbnail) await storage.put(thumbnailKey, checked.thumbnail);
        const row = await db.transaction(async (tx) => {
          const inserted = await insertUploadedFile(tx, {
            id: randomBytes(16).toString('hex'),
            storageKey,
            thumbnailKey,
            name,
            mime: checked.mime,
            size: checked.data.length,
            userId: a.userId,
          });
          await recordAudit(tx, a, `Tải lên tệp ${name}`);
          return inserted;
        });
        return toUploadedFile(row);
      } catch (e) {
        await Promise.all(
          [storageKey, thumbnailKey].filter((k): k is string => !!k).map((k) => storage.remove(k).catch(() => {})),
        );
        throw e;
      }
    },

    /** Which stored bytes serve a file or its thumbnail (public: news attachments are read by anyone). */
    async find(id: string, which: 'file' | 'thumbnail'): Promise<{ key: string; mime: string; name: string }> {
      const row = await findUploadedFile(db, id);
      if (!row) throw notFound();
      if (which === 'thumbnail') {
        if (!row.thumbnailKey) throw notFound();
        return { key: row.thumbnailKey, mime: 'image/jpeg', name: `${row.name.replace(/\.[^.]*$/, '')}.jpg` };
      }
      return { key: row.storageKey, mime: row.mime, name: row.name };
    },

    async open(key: string) {
      const opened = await storage.open(key);
      if (!opened) throw notFound();
      return opened;
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;

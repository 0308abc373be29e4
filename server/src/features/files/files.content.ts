import sharp from 'sharp';
import { AppError } from '../../lib/errors';
import { isPdf, isZip, sniffImage } from '../../lib/file-type';

/** What an upload is, by content: the stored type, extension and (for images) a re-encoded copy and thumbnail. */
export interface CheckedUpload {
  mime: string;
  ext: string;
  data: Buffer;
  thumbnail: Buffer | null;
}

export const FILE_TYPE_REFUSED = 'Chỉ nhận ảnh JPEG, PNG, WebP, tệp PDF, DOC hoặc DOCX (kiểm tra theo nội dung tệp)';
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** Thumbnails of editor images and avatars: news cards are about this wide. */
const THUMB_WIDTH = 480;
const MAX_INPUT_PIXELS = 50_000_000;

const refused = (message = FILE_TYPE_REFUSED) =>
  new AppError('VALIDATION_FAILED', message, [{ field: 'file', message }]);

/** A Word document: OLE2 (.doc) or a ZIP holding `word/` entries (.docx). */
function wordType(b: Buffer): { mime: string; ext: string } | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(OLE2)) return { mime: 'application/msword', ext: 'doc' };
  if (isZip(b) && b.includes('word/', 0, 'latin1')) return { mime: DOCX, ext: 'docx' };
  return null;
}

/**
 * Checks an upload by its bytes: JPEG/PNG/WebP images (re-encoded upright without metadata, with a
 * thumbnail), PDF, DOC, DOCX. Anything else — HTML or SVG renamed, executables — is refused.
 */
export async function checkUpload(data: Buffer): Promise<CheckedUpload> {
  const image = sniffImage(data);
  if (image) {
    try {
      const base = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 }).rotate();
      const encoded =
        image.mime === 'image/png'
          ? base().png({ compressionLevel: 9 })
          : image.mime === 'image/webp'
            ? base().webp({ quality: 85 })
            : base().jpeg({ quality: 85, mozjpeg: true });
      const thumbnail = await base()
        .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 75, mozjpeg: true })
        .toBuffer();
      return { mime: image.mime, ext: image.ext, data: await encoded.toBuffer(), thumbnail };
    } catch {
      throw refused('Không đọc được ảnh: tệp hỏng hoặc quá lớn');
    }
  }
  if (isPdf(data)) return { mime: 'application/pdf', ext: 'pdf', data, thumbnail: null };
  const word = wordType(data);
  if (word) return { ...word, data, thumbnail: null };
  throw refused();
}

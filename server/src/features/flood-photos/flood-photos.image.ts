import { FLOOD_PHOTO_MAX_SIDE, FLOOD_PHOTO_THUMB_PX } from '@flood/domain';
import sharp from 'sharp';
import { AppError } from '../../lib/errors';
import { type SniffedImage, sniffImage } from '../../lib/file-type';

/** A photo ready to store: re-encoded without metadata, upright, and its thumbnail. */
export interface ProcessedPhoto {
  image: Buffer;
  mime: SniffedImage['mime'];
  ext: SniffedImage['ext'];
  width: number;
  height: number;
  /** 40 × 40 px JPEG (centre crop). */
  thumbnail: Buffer;
}

/** Past this many pixels an image is refused before it is decoded (a small file can hold a huge bitmap). */
const MAX_INPUT_PIXELS = 50_000_000;

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message, [{ field: 'image', message }]);

/**
 * Checks a posted photo by content (PNG, JPEG or WebP only — SVG, HTML or anything renamed is refused) and
 * rewrites it: rotated upright from its EXIF orientation, scaled to at most 2048 px, and re-encoded in its own
 * format, which leaves every metadata block behind (EXIF with GPS and camera serial, XMP, IPTC, comments).
 * The position of a photo is what the poster's device or map click sent, never the EXIF.
 */
export async function processFloodPhoto(data: Buffer): Promise<ProcessedPhoto> {
  const sniffed = sniffImage(data);
  if (!sniffed) throw invalid('Tệp không phải là ảnh JPEG, PNG hoặc WebP (kiểm tra theo nội dung tệp)');
  try {
    // rotate() with no angle applies the EXIF orientation; the output then carries no metadata at all.
    const upright = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 }).rotate();
    const out = upright().resize({
      width: FLOOD_PHOTO_MAX_SIDE,
      height: FLOOD_PHOTO_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded =
      sniffed.mime === 'image/png'
        ? out.png({ compressionLevel: 9 })
        : sniffed.mime === 'image/webp'
          ? out.webp({ quality: 82 })
          : out.jpeg({ quality: 82, mozjpeg: true });
    const { data: image, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumbnail = await upright()
      .resize({ width: FLOOD_PHOTO_THUMB_PX, height: FLOOD_PHOTO_THUMB_PX, fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75, mozjpeg: true })
      .toBuffer();
    return { image, mime: sniffed.mime, ext: sniffed.ext, width: info.width, height: info.height, thumbnail };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (/pixel limit/i.test(message)) {
      throw invalid(`Ảnh quá lớn (tối đa ${MAX_INPUT_PIXELS / 1_000_000} triệu điểm ảnh)`);
    }
    throw invalid('Không đọc được ảnh: tệp hỏng hoặc không đúng định dạng');
  }
}

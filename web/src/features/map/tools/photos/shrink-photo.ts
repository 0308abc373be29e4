import { FLOOD_PHOTO_MAX_SIDE } from '@flood/domain';

/** Past this size a photo is re-encoded before it is sent, even when its sides are small enough. */
const SEND_AS_IS_BYTES = 1_500_000;
const JPEG_QUALITY = 0.85;

export interface PreparedPhoto {
  blob: Blob;
  name: string;
}

/**
 * A phone's photo is often 4000 px and 5–12 MB, and the server keeps at most `FLOOD_PHOTO_MAX_SIDE` anyway:
 * scale it down in the browser first (one district on mobile data in a storm), as JPEG, upright. Anything
 * the browser cannot decode, or that would not get smaller, is sent as chosen; the server checks it.
 */
export async function shrinkPhoto(file: File, maxSide: number = FLOOD_PHOTO_MAX_SIDE): Promise<PreparedPhoto> {
  const asIs = { blob: file, name: file.name || 'anh.jpg' };
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return asIs;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return asIs;
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= SEND_AS_IS_BYTES) return asIs;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return asIs;
    // JPEG has no transparency: a transparent PNG turns white, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    if (!blob || (scale === 1 && blob.size >= file.size)) return asIs;
    return { blob, name: `${(file.name || 'anh').replace(/\.[^.]*$/, '')}.jpg` };
  } catch {
    return asIs;
  } finally {
    bitmap.close();
  }
}

/**
 * What a file is, from its first bytes (never from its name or the browser's Content-Type): an upload is
 * accepted only when its content is what it claims to be.
 */
export interface SniffedImage {
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
  ext: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

/** A PNG, JPEG or WebP image with a plausible header (SVG, HTML or anything else: null). */
export function sniffImage(b: Buffer): SniffedImage | null {
  if (b.length >= 24 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    if (b.toString('latin1', 12, 16) !== 'IHDR') return null;
    const width = b.readUInt32BE(16);
    const height = b.readUInt32BE(20);
    return width > 0 && height > 0 ? { mime: 'image/png', ext: 'png', width, height } : null;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    const size = jpegSize(b);
    return size ? { mime: 'image/jpeg', ext: 'jpg', ...size } : null;
  }
  if (b.length >= 30 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    return { mime: 'image/webp', ext: 'webp', width: 0, height: 0 };
  }
  return null;
}

/** Walks the JPEG segments to the frame header (SOFn) for the image size. */
function jpegSize(b: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    const len = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = b.readUInt16BE(i + 5);
      const width = b.readUInt16BE(i + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    i += 2 + len;
  }
  return null;
}

/** A ZIP container (xlsx, docx): local file header magic. */
export const isZip = (b: Buffer): boolean =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** A PDF document. */
export const isPdf = (b: Buffer): boolean => b.length >= 5 && b.toString('latin1', 0, 5) === '%PDF-';

/**
 * A file name as people see it, when safe: no folders ('/', '\\', '..'), no control characters, at most 255
 * characters. Null means the name is refused (a path-traversal attempt or garbage).
 */
export function safeDisplayName(name: string | undefined): string | null {
  if (!name) return null;
  const n = name.normalize('NFC').trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (!n || n.length > 255 || /[/\\\u0000-\u001f\u007f]/.test(n) || n === '.' || n.includes('..')) return null;
  return n;
}

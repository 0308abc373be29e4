import { inflateRawSync } from 'node:zlib';
import { AppError } from './errors';

export interface ZipLimits {
  /** Most entries (files) in the archive. */
  maxEntries: number;
  /** Most bytes of all entries together once decompressed. */
  maxUncompressedBytes: number;
}

/** An uploaded workbook (.xlsx): a real one of 20 MB holds a few hundred MB of XML at most. */
export const XLSX_LIMITS: ZipLimits = { maxEntries: 5_000, maxUncompressedBytes: 256 * 1024 * 1024 };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** A workbook refused for its size or shape before unpacking; a merely broken archive is a plain Error. */
export class ZipLimitError extends AppError {
  constructor(message: string) {
    super('VALIDATION_FAILED', message, [{ field: 'file', message }]);
  }
}

const refuse = (message: string) => new ZipLimitError(message);
const broken = () => new Error('malformed zip archive');

/** The central directory's place and size, from the end-of-central-directory record. */
function endOfDirectory(b: Buffer): { entries: number; offset: number } | 'zip64' | null {
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65_535); i--) {
    if (b.readUInt32LE(i) !== EOCD) continue;
    const entries = b.readUInt16LE(i + 10);
    const offset = b.readUInt32LE(i + 16);
    // ZIP64 (more than 65,535 entries or 4 GB) is never a workbook of this portal.
    if (entries === 0xffff || offset === 0xffffffff) return 'zip64';
    return offset < b.length ? { entries, offset } : null;
  }
  return null;
}

/**
 * Refuses a ZIP (xlsx) before a library unpacks it in memory when it has too many entries or decompresses past
 * the limit (ASVS 12.1.2, a "zip bomb"). Each entry is really inflated with a ceiling on its output, so sizes
 * the archive declares, which an attacker writes, are not trusted.
 */
export function assertZipWithinLimits(b: Buffer, limits: ZipLimits = XLSX_LIMITS): void {
  const tooLarge = () =>
    refuse(`Tệp nén giải nén ra quá lớn (tối đa ${Math.round(limits.maxUncompressedBytes / 1048576)} MB)`);
  const dir = b.length >= 22 ? endOfDirectory(b) : null;
  if (!dir) throw broken();
  if (dir === 'zip64') throw tooLarge();
  if (dir.entries > limits.maxEntries) throw refuse(`Tệp nén có quá nhiều thành phần (tối đa ${limits.maxEntries})`);
  let total = 0;
  let at = dir.offset;
  for (let n = 0; n < dir.entries; n++) {
    if (at + 46 > b.length || b.readUInt32LE(at) !== CENTRAL) throw broken();
    const method = b.readUInt16LE(at + 10);
    const compressed = b.readUInt32LE(at + 20);
    const declared = b.readUInt32LE(at + 24);
    const local = b.readUInt32LE(at + 42);
    at += 46 + b.readUInt16LE(at + 28) + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
    if (total + declared > limits.maxUncompressedBytes) throw tooLarge();
    if (local + 30 > b.length || b.readUInt32LE(local) !== LOCAL) throw broken();
    const start = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
    const data = b.subarray(start, start + compressed);
    if (method === 0) total += data.length;
    else if (method === 8) {
      try {
        total += inflateRawSync(data, { maxOutputLength: limits.maxUncompressedBytes - total + 1 }).length;
      } catch (e) {
        if (e instanceof RangeError || (e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
        throw broken();
      }
    } else throw broken();
    if (total > limits.maxUncompressedBytes) throw tooLarge();
  }
}

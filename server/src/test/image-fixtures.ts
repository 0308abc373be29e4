import { crc32 } from 'node:zlib';
import sharp from 'sharp';

// Test images built byte by byte, for the upload checks (flood photos): metadata to strip, chunks to drop.

/** A plain JPEG of one colour. */
export const jpeg = (w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();

/** An APP1 Exif block: orientation 6 (turn 90°), camera make and serial, and a GPS position. */
export function exifSegment(): Buffer {
  const entries: { tag: number; type: number; count: number; value: Buffer }[][] = [[], [], []];
  const ascii = (s: string) => Buffer.from(`${s}\0`, 'latin1');
  const short = (n: number) => Buffer.from([n >> 8, n & 0xff, 0, 0]);
  const long = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const rationals = (...v: number[]) => {
    const b = Buffer.alloc(v.length * 8);
    v.forEach((x, i) => {
      b.writeUInt32BE(Math.round(x * 1000), i * 8);
      b.writeUInt32BE(1000, i * 8 + 4);
    });
    return b;
  };
  // IFD0: Make, Orientation, ExifIFD pointer, GPS pointer (pointers patched below).
  entries[0]!.push({ tag: 0x010f, type: 2, count: 12, value: ascii('SpyCam Corp') });
  entries[0]!.push({ tag: 0x0112, type: 3, count: 1, value: short(6) });
  entries[0]!.push({ tag: 0x8769, type: 4, count: 1, value: long(0) });
  entries[0]!.push({ tag: 0x8825, type: 4, count: 1, value: long(0) });
  // Exif IFD: BodySerialNumber.
  entries[1]!.push({ tag: 0xa431, type: 2, count: 11, value: ascii('SN-9876543') });
  // GPS IFD: N 21° 16' 23", E 107° 17' 22".
  entries[2]!.push({ tag: 0x0001, type: 2, count: 2, value: ascii('N') });
  entries[2]!.push({ tag: 0x0002, type: 5, count: 3, value: rationals(21, 16, 23) });
  entries[2]!.push({ tag: 0x0003, type: 2, count: 2, value: ascii('E') });
  entries[2]!.push({ tag: 0x0004, type: 5, count: 3, value: rationals(107, 17, 22) });

  const ifdSize = (e: unknown[]) => 2 + e.length * 12 + 4;
  const offsets = [8];
  offsets.push(offsets[0]! + ifdSize(entries[0]!));
  offsets.push(offsets[1]! + ifdSize(entries[1]!));
  let dataOffset = offsets[2]! + ifdSize(entries[2]!);
  entries[0]![2]!.value = long(offsets[1]!);
  entries[0]![3]!.value = long(offsets[2]!);
  const ifds: Buffer[] = [];
  const extra: Buffer[] = [];
  for (const list of entries) {
    const ifd = Buffer.alloc(ifdSize(list));
    ifd.writeUInt16BE(list.length, 0);
    list.forEach((e, i) => {
      const at = 2 + i * 12;
      ifd.writeUInt16BE(e.tag, at);
      ifd.writeUInt16BE(e.type, at + 2);
      ifd.writeUInt32BE(e.count, at + 4);
      if (e.value.length <= 4) e.value.copy(ifd, at + 8);
      else {
        ifd.writeUInt32BE(dataOffset, at + 8);
        extra.push(e.value);
        dataOffset += e.value.length;
      }
    });
    ifds.push(ifd);
  }
  const tiff = Buffer.concat([Buffer.from('MM\0\x2a\0\0\0\x08', 'latin1'), ...ifds, ...extra]);
  return segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]));
}

/** A JPEG marker segment (length included). */
export function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** The markers of a JPEG up to its scan (APP1 = 0xe1, APP13 = 0xed, COM = 0xfe…). */
export function jpegMarkers(b: Buffer): number[] {
  const markers: number[] = [];
  let i = 2;
  while (i + 4 <= b.length && b[i] === 0xff) {
    const m = b[i + 1]!;
    markers.push(m);
    if (m === 0xda) break;
    i += 2 + b.readUInt16BE(i + 2);
  }
  return markers;
}

/** A JPEG carrying EXIF (orientation, camera serial, GPS), an XMP packet and a comment. */
export async function jpegWithMetadata(): Promise<Buffer> {
  const plainJpeg = await jpeg(64, 48);
  const xmp = segment(
    0xe1,
    Buffer.from(
      'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><exif:GPSLatitude>21,16.38N</exif:GPSLatitude></x:xmpmeta>',
      'latin1',
    ),
  );
  const comment = segment(0xfe, Buffer.from('secret comment: nha ong Nguyen Van A', 'latin1'));
  return Buffer.concat([plainJpeg.subarray(0, 2), exifSegment(), xmp, comment, plainJpeg.subarray(2)]);
}

/** A PNG chunk with its length and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

import { deflateSync } from 'node:zlib';
import { bandColour, type PolygonalGeometry, RAIN_COLOUR_BANDS } from '@flood/domain';
import ExcelJS from 'exceljs';
import { seededRandom } from './demo.model';
import { DEMO_STATIONS } from './demo.stations';
import { metresBetween } from './demo-geodata';
import { bboxOf, stormRain } from './demo-geodata-grids';

/** The demo remote-sensing image and statistics workbook (generated, deterministic; invented figures). */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (ISO 3309, as PNG chunks need it). */
export function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA image (8 bits a channel, `rgba.length` = 4 × width × height) as a PNG file. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type 6 (RGBA), deflate, no filter method, no interlace
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const hex = (c: string): [number, number, number] => [
  Number.parseInt(c.slice(1, 3), 16),
  Number.parseInt(c.slice(3, 5), 16),
  Number.parseInt(c.slice(5, 7), 16),
];

/**
 * A false-colour rain map of the district (`width` pixels wide over its bounding box, the height keeping
 * the ground's proportions), `hour` hours from now: the storm coloured with the §9 rain bands, the
 * district outline dark, outside transparent.
 */
export function rainImage(district: PolygonalGeometry, hour: number, width = 256): Buffer {
  const [w, s, e, n] = bboxOf(district);
  const [east, north] = metresBetween([w, s], [e, n]);
  const height = Math.max(1, Math.round((width * north) / east));
  const lonAt = (x: number) => w + ((x + 0.5) / width) * (e - w);
  const latAt = (y: number) => n - ((y + 0.5) / height) * (n - s);
  const inside = insideMask(district, width, height, lonAt, latAt);
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!inside[i]) continue;
      const edge =
        x === 0 ||
        y === 0 ||
        x === width - 1 ||
        y === height - 1 ||
        !inside[i - 1] ||
        !inside[i + 1] ||
        !inside[i - width] ||
        !inside[i + width];
      const colour = bandColour(stormRain(lonAt(x), latAt(y), hour), RAIN_COLOUR_BANDS);
      const [r, g, b] = edge ? [38, 50, 56] : colour ? hex(colour) : [236, 239, 241];
      rgba.set([r, g, b, edge ? 255 : colour ? 220 : 120], i * 4);
    }
  }
  return encodePng(width, height, rgba);
}

/**
 * Which pixel centres lie inside the district, a scan line at a time: the crossings of each row with the
 * rings, filled between pairs (even-odd, so holes stay out), instead of a polygon test per pixel.
 */
function insideMask(
  g: PolygonalGeometry,
  width: number,
  height: number,
  lonAt: (x: number) => number,
  latAt: (y: number) => number,
): Uint8Array {
  const rings = ((g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as number[][][][]).flat();
  const mask = new Uint8Array(width * height);
  const x0 = lonAt(0);
  const dx = lonAt(1) - x0;
  for (let y = 0; y < height; y++) {
    const lat = latAt(y);
    const cross: number[] = [];
    for (const ring of rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i] as [number, number];
        const [xj, yj] = ring[j] as [number, number];
        if (yi > lat !== yj > lat) cross.push(xi + ((lat - yi) * (xj - xi)) / (yj - yi));
      }
    }
    cross.sort((a, b) => a - b);
    for (let k = 0; k + 1 < cross.length; k += 2) {
      const from = Math.max(0, Math.ceil((cross[k]! - x0) / dx));
      const to = Math.min(width - 1, Math.floor((cross[k + 1]! - x0) / dx));
      for (let x = from; x <= to; x++) mask[y * width + x] = 1;
    }
  }
  return mask;
}

const WATER_STATIONS = ['F01021', 'F01022', 'F01024', 'F01023', 'F01025'];

/**
 * The statistics workbook: one sheet a flood year ('Năm 2008', 'Năm 2020'), a row per water station with
 * its peak, when it came and how many hours the river stayed above each warning level. Row 1 is the
 * header (the statistics page reads it so); the 'Dữ liệu minh hoạ' note is the last row.
 */
export async function statisticsWorkbook(): Promise<Buffer> {
  const rnd = seededRandom(2020);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Cổng cảnh báo lũ Ba Chẽ (dữ liệu minh hoạ)';
  wb.created = wb.modified = new Date(Date.UTC(2021, 0, 1));
  const years = [
    { year: 2008, start: Date.UTC(2008, 7, 7, 18), severe: true },
    { year: 2020, start: Date.UTC(2020, 9, 11, 9), severe: false },
  ];
  for (const { year, start, severe } of years) {
    const ws = wb.addWorksheet(`Năm ${year}`);
    ws.columns = [
      { header: 'Mã trạm', width: 10 },
      { header: 'Tên trạm', width: 26 },
      { header: 'Mực nước lớn nhất (m)', width: 14 },
      { header: 'Ngày xuất hiện đỉnh', width: 14, style: { numFmt: 'dd/mm/yyyy' } },
      { header: 'Giờ xuất hiện đỉnh', width: 12 },
      { header: 'Báo động I (m)', width: 12 },
      { header: 'Báo động II (m)', width: 12 },
      { header: 'Báo động III (m)', width: 12 },
      { header: 'Số giờ trên BĐ I', width: 12 },
      { header: 'Số giờ trên BĐ II', width: 12 },
      { header: 'Số giờ trên BĐ III', width: 12 },
    ];
    ws.getRow(1).font = { bold: true };
    WATER_STATIONS.forEach((code, k) => {
      const st = DEMO_STATIONS.find((d) => d.code === code)!;
      const [l1, l2, l3] = st.levels!.map((v) => v / 100) as [number, number, number];
      const base = (st.base ?? 0) / 100;
      const peak = severe ? l3 + 0.1 + rnd() * 0.6 : l2 + (l3 - l2) * (0.3 + rnd() * 0.6);
      // Upstream stations peak first; a hydrograph rising in ~rise hours and falling twice as slowly.
      const peakAt = start + (k * 3 + Math.floor(rnd() * 3)) * 3_600_000;
      const rise = 8 + rnd() * 6;
      const level = (h: number) => base + (peak - base) * Math.exp(-((h / (h < 0 ? rise : rise * 2)) ** 2));
      const hoursAbove = (l: number) => {
        let count = 0;
        for (let h = -72; h <= 144; h++) if (level(h) > l) count++;
        return count;
      };
      const p = new Date(peakAt + 7 * 3_600_000); // the district's wall clock (UTC+7)
      ws.addRow([
        code,
        st.name,
        Math.round(peak * 100) / 100,
        new Date(Date.UTC(p.getUTCFullYear(), p.getUTCMonth(), p.getUTCDate())),
        `${String(p.getUTCHours()).padStart(2, '0')}:00`,
        l1,
        l2,
        l3,
        hoursAbove(l1),
        hoursAbove(l2),
        hoursAbove(l3),
      ]);
    });
    const note = ws.addRow([
      'Dữ liệu minh hoạ: số liệu do hệ thống tạo ra để trình diễn, không phải số liệu quan trắc thực tế.',
    ]);
    note.font = { italic: true };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

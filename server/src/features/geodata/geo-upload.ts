/// <reference path="./shpjs.d.ts" />
import { inflateRawSync } from 'node:zlib';
import {
  type CrsChoice,
  crsLabel,
  crsOfChoice,
  crsOfGeoJsonMember,
  type FeatureProblem,
  featurePolygonProblem,
  featureProblemText,
  looksProjected,
  mapPositions,
  type Position,
  positionsOf,
  readPrj,
  repairLayerPolygons,
  type SourceCrs,
  toWgs84Converter,
  vn2000ShiftCheck,
} from '@flood/domain';
import { iter } from 'but-unzip';
import { parseDbf, parseShp } from 'shpjs';
import { AppError } from '../../lib/errors';
import { isZip } from '../../lib/file-type';
import { assertZipWithinLimits, type ZipLimits } from '../../lib/zip-guard';

/**
 * Files as staff receive them (#26 point 5): a zipped shapefile or a GeoJSON, in WGS84 or VN-2000 (TM-3 or UTM
 * metres, or latitude/longitude), turned into the WGS84 GeoJSON the portal stores; polygons that cross themselves
 * or overlap refused with the feature named, or repaired when the uploader chooses; VN-2000 degrees presented as
 * WGS84 caught against the unit layer and the uploader asked.
 */

/** A shapefile's archive: a handful of files (.shp .shx .dbf .prj .cpg, maybe a readme), a boundary's megabytes. */
export const SHAPEFILE_LIMITS: ZipLimits = { maxEntries: 50, maxUncompressedBytes: 512 * 1024 * 1024 };

/** The property names that carry a feature's name, tried in order (seeded layers first, then common ones). */
export const FEATURE_NAME_KEYS = ['NAME_3', 'ten_xa', 'ten', 'Ten', 'TEN', 'name', 'Name', 'NAME', 'diachi'];

export interface UploadCoordinates {
  choice: CrsChoice;
  /** TM-3's central meridian when the choice is 'vn2000-tm3' (Quảng Ninh's by default). */
  meridian?: number;
  /** Repair self-crossing or overlapping polygons instead of refusing them. */
  repair: boolean;
}

export interface PreparedGeoJson {
  /** The GeoJSON to store, WGS84 (the input's own bytes when nothing changed). */
  data: Buffer;
  /** The system the file was read in. */
  crs: SourceCrs;
  /** Features whose polygons were repaired. */
  repaired: number;
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ field, message }]);

/** The features of the one shapefile in a zip, in its own coordinates, and its .prj if any. */
export function readShapefileZip(data: Buffer): {
  collection: { type: string; features: unknown[] };
  prj: string | null;
} {
  try {
    assertZipWithinLimits(data, SHAPEFILE_LIMITS);
  } catch (e) {
    // A zip bomb is named as such (lib/zip-guard.ts); anything else is a broken archive.
    if (e instanceof AppError) throw e;
    throw invalid('file', 'Tệp nén (.zip) hỏng: không đọc được');
  }
  const files = new Map<string, Uint8Array>();
  for (const entry of iter(new Uint8Array(data.buffer, data.byteOffset, data.length), (raw) => inflateRawSync(raw))) {
    if (entry.filename.includes('__MACOSX') || entry.filename.endsWith('/')) continue;
    const bytes = entry.read();
    if (bytes instanceof Promise) throw new Error('synchronous inflate expected');
    files.set(entry.filename.toLowerCase(), bytes);
  }
  const shps = [...files.keys()].filter((n) => n.endsWith('.shp'));
  if (shps.length === 0) throw invalid('file', 'Tệp nén không có tệp .shp (shapefile)');
  if (shps.length > 1) {
    throw invalid('file', `Tệp nén có ${shps.length} lớp shapefile (${shps.join(', ')}): hãy tải lên từng lớp một`);
  }
  const base = shps[0]!.slice(0, -4);
  const text = (ext: string) => {
    const b = files.get(`${base}.${ext}`);
    return b ? new TextDecoder().decode(b) : undefined;
  };
  const dbf = files.get(`${base}.dbf`);
  let geometries: unknown[];
  let rows: Record<string, unknown>[] = [];
  try {
    geometries = parseShp(files.get(`${base}.shp`)!);
    if (dbf) rows = parseDbf(dbf, text('cpg'));
  } catch (e) {
    throw invalid('file', `Không đọc được shapefile: ${e instanceof Error ? e.message : String(e)}`);
  }
  return {
    collection: {
      type: 'FeatureCollection',
      features: geometries.map((geometry, i) => ({ type: 'Feature', properties: rows[i] ?? {}, geometry })),
    },
    prj: text('prj') ?? null,
  };
}

/** The first few positions of a value (enough to tell metres from degrees). */
function somePositions(value: unknown, n = 50): Position[] {
  const out: Position[] = [];
  for (const f of (value as { features?: unknown[] }).features ?? [value]) {
    for (const p of positionsOf((f as { geometry?: unknown }).geometry ?? f)) {
      out.push(p);
      if (out.length >= n) return out;
    }
  }
  return out;
}

/** The system of a parsed file: the uploader's choice, else the file's own word (.prj or crs member), else WGS84. */
function systemOf(
  choice: UploadCoordinates,
  declared: SourceCrs | { unsupported: string } | null,
  sample: Position[],
): SourceCrs {
  const crs = chosenSystem(choice, declared, sample);
  // Metres read as degrees (or the reverse) would land anywhere on Earth: the system must fit the numbers.
  const metres = crs.kind === 'vn2000-tm3' || crs.kind === 'vn2000-utm';
  if (sample.length > 0 && metres !== looksProjected(sample)) {
    throw invalid(
      'crs',
      `Toạ độ của tệp là ${metres ? 'độ' : 'mét'} nhưng hệ ${crsLabel(crs)} dùng ${metres ? 'mét' : 'độ'}: hãy chọn đúng hệ toạ độ của dữ liệu`,
    );
  }
  return crs;
}

function chosenSystem(
  choice: UploadCoordinates,
  declared: SourceCrs | { unsupported: string } | null,
  sample: Position[],
): SourceCrs {
  if (choice.choice !== 'auto') return crsOfChoice(choice.choice, choice.meridian);
  if (declared && 'unsupported' in declared) {
    throw invalid(
      'crs',
      `Hệ toạ độ của tệp (${declared.unsupported}) chưa được hỗ trợ: hãy chọn hệ toạ độ của dữ liệu`,
    );
  }
  if (declared) return declared;
  if (looksProjected(sample)) {
    throw invalid(
      'crs',
      'Toạ độ của tệp là mét (hệ chiếu) nhưng tệp không nói hệ nào: hãy chọn hệ toạ độ (ví dụ VN-2000 / TM-3 107°45′)',
    );
  }
  return { kind: 'wgs84' };
}

/** A message naming the features with polygon problems (the first five), and what the uploader can do. */
function polygonRefusal(problems: FeatureProblem[]): AppError {
  const shown = problems.slice(0, 5).map((p) => featureProblemText(p));
  const more = problems.length > 5 ? ` (và ${problems.length - 5} đối tượng khác)` : '';
  return invalid(
    'repair',
    `Vùng không hợp lệ: ${shown.join('; ')}${more}. Hãy sửa tệp, hoặc chọn «Tự sửa vùng tự cắt hoặc chồng nhau» để cổng tách và gộp lại các vùng đó`,
  );
}

/**
 * Prepares an uploaded GeoJSON or zipped shapefile: read in its system, converted to WGS84, polygons checked
 * (or repaired), and — for degrees taken as WGS84 without the uploader saying so — compared with the unit layer's
 * corners (`unitCorners`, WGS84) for VN-2000's ~200 m shift. `check` is the byte-level GeoJSON check (structure,
 * ranges), which calls `visit` for each valid feature.
 */
export function prepareGeoJson(
  data: Buffer,
  coords: UploadCoordinates,
  unitCorners: readonly Position[] | null,
  check: (bytes: Buffer, visit: (feature: unknown, index: number) => void) => void,
): PreparedGeoJson {
  let bytes = data;
  let crs: SourceCrs = { kind: 'wgs84' };
  let parsed: { features?: unknown[]; crs?: unknown } | null = null;
  if (isZip(data)) {
    const { collection, prj } = readShapefileZip(data);
    const declared = prj ? readPrj(prj) : null;
    crs = systemOf(coords, declared && 'crs' in declared ? declared.crs : declared, somePositions(collection));
    parsed = collection;
  } else {
    // A file that declares a system, or a chosen one, or metres: read whole (such files are boundaries, small).
    const head = data.subarray(0, 4096).toString('utf8');
    const declares = /"crs"\s*:/.test(head);
    const metres = /"coordinates"\s*:\s*\[[\s[]*-?\d{4,}/.test(head);
    if (declares || metres || (coords.choice !== 'auto' && coords.choice !== 'wgs84')) {
      try {
        parsed = JSON.parse(data.toString('utf8').replace(/^\uFEFF/, '')) as { features?: unknown[]; crs?: unknown };
      } catch (e) {
        throw invalid('file', `Tệp không phải là JSON hợp lệ (UTF-8): ${e instanceof Error ? e.message : String(e)}`);
      }
      crs = systemOf(coords, crsOfGeoJsonMember(parsed?.crs), somePositions(parsed));
    }
  }
  if (parsed) {
    const { crs: _declared, ...rest } = parsed;
    const converted = crs.kind === 'wgs84' ? rest : mapPositions(rest, toWgs84Converter(crs));
    bytes = Buffer.from(JSON.stringify(converted));
  }

  const problems: FeatureProblem[] = [];
  const sample: Position[] = [];
  let seen = 0;
  const visit = (feature: unknown, index: number) => {
    const problem = featurePolygonProblem(feature, index, FEATURE_NAME_KEYS);
    if (problem) problems.push(problem);
    // Every 7th corner, up to 4,000: enough for the median distance of the shift check.
    for (const p of positionsOf((feature as { geometry?: unknown }).geometry)) {
      if (seen++ % 7 === 0 && sample.length < 4000) sample.push(p);
    }
  };
  check(bytes, visit);

  let repaired = 0;
  if (problems.length > 0) {
    if (!coords.repair) throw polygonRefusal(problems);
    const layer = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, '')) as { features?: unknown[] };
    bytes = Buffer.from(JSON.stringify(repairLayerPolygons(layer)));
    repaired = problems.length;
    const left: FeatureProblem[] = [];
    check(bytes, (f, i) => {
      const p = featurePolygonProblem(f, i, FEATURE_NAME_KEYS);
      if (p) left.push(p);
    });
    if (left.length > 0) throw polygonRefusal(left);
  }

  // Degrees taken as WGS84 because nothing said otherwise: VN-2000's shift is looked for against the units.
  if (coords.choice === 'auto' && crs.kind === 'wgs84' && unitCorners && unitCorners.length > 0 && sample.length) {
    const shift = vn2000ShiftCheck(sample, unitCorners);
    if (shift.suspected) {
      const off = Math.round(shift.asWgs84);
      throw new AppError(
        'VALIDATION_FAILED',
        `Dữ liệu lệch khoảng ${off} m so với ranh giới xã nếu đọc theo WGS84, và khớp (${Math.round(shift.asVn2000)} m) nếu đọc theo VN-2000: hãy chọn hệ toạ độ của tệp (WGS84 hay ${crsLabel({ kind: 'vn2000-geographic' })})`,
        [{ field: 'crs', message: `Có thể là VN-2000 (lệch ${off} m theo WGS84): hãy chọn hệ toạ độ` }],
      );
    }
  }
  return { data: bytes, crs, repaired };
}

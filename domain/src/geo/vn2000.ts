import proj4 from 'proj4';
import type { SourceCrs } from './crs';
import type { Position } from './geometry';

/**
 * VN-2000, the national datum of Vietnam, to WGS84 (#26 point 5): the boundary files that provincial departments
 * hand out are in VN-2000, either projected in the 3° transverse Mercator zones of the provinces (TM-3, scale
 * 0.9999, false easting 500 km) or geographic (latitude/longitude on VN-2000, ~200 m from WGS84 around Ba Chẽ).
 *
 * The transformation is EPSG:6960 "VN-2000 to WGS 84 (2)" (Decision 05/2007/QĐ-BTNMT's seven parameters, accuracy
 * 1 m onshore), as PROJ 9 writes it for EPSG:4756 and EPSG:5899: EPSG gives the rotations in the coordinate-frame
 * convention and `+towgs84` takes them in the position-vector one, hence their signs here (rX, rY, rZ negated).
 * Many published proj strings keep EPSG's signs, which moves points by up to ~1 m.
 */
const TO_WGS84 = '+towgs84=-191.90441429,-39.30318279,-111.45032835,0.00928836,-0.01975479,0.00427372,0.252906278';

/** The PROJ definition of a VN-2000 coordinate system (the same as PROJ's for EPSG:4756 and EPSG:5899). */
export function vn2000Definition(crs: Exclude<SourceCrs, { kind: 'wgs84' }>): string {
  if (crs.kind === 'vn2000-geographic') return `+proj=longlat +ellps=WGS84 ${TO_WGS84} +no_defs`;
  if (crs.kind === 'vn2000-utm') return `+proj=utm +zone=${crs.zone} +ellps=WGS84 ${TO_WGS84} +units=m +no_defs`;
  return `+proj=tmerc +lat_0=0 +lon_0=${crs.meridian} +k=0.9999 +x_0=500000 +y_0=0 +ellps=WGS84 ${TO_WGS84} +units=m +no_defs`;
}

const WGS84 = '+proj=longlat +datum=WGS84 +no_defs';

/** A converter of positions ([x, y] or [lon, lat] in the source system) to WGS84 [lon, lat]. */
export function toWgs84Converter(crs: SourceCrs): (p: Position) => Position {
  if (crs.kind === 'wgs84') return (p) => p;
  const converter = proj4(vn2000Definition(crs), WGS84);
  return (p) => {
    const [lon, lat] = converter.forward([p[0]!, p[1]!]);
    return p.length > 2 ? [lon!, lat!, ...p.slice(2)] : [lon!, lat!];
  };
}

/** The reverse: WGS84 [lon, lat] to the source system (to show a point as the department's file would have it). */
export function fromWgs84Converter(crs: SourceCrs): (p: Position) => Position {
  if (crs.kind === 'wgs84') return (p) => p;
  const converter = proj4(WGS84, vn2000Definition(crs));
  return (p) => {
    const [x, y] = converter.forward([p[0]!, p[1]!]);
    return [x!, y!];
  };
}

/** Applies `convert` to every position of a GeoJSON geometry, feature or collection (a new object; the input is kept). */
export function mapPositions<T>(value: T, convert: (p: Position) => Position): T {
  const walk = (v: unknown, key?: string): unknown => {
    if (key === 'coordinates') return mapCoordinates(v, convert);
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === 'object') {
      // Properties are the file's own data, never coordinates.
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'properties' ? x : walk(x, k)]));
    }
    return v;
  };
  return walk(value) as T;
}

function mapCoordinates(v: unknown, convert: (p: Position) => Position): unknown {
  if (Array.isArray(v) && v.length >= 2 && typeof v[0] === 'number' && typeof v[1] === 'number') {
    return convert(v as Position);
  }
  return Array.isArray(v) ? v.map((x) => mapCoordinates(x, convert)) : v;
}

/**
 * Whether positions are projected metres rather than degrees: any |x| above 180 or |y| above 90. A TM-3 file of
 * Vietnam has eastings of 200–800 km and northings of 900–2,600 km, far outside the degrees' range.
 */
export function looksProjected(positions: Iterable<Position>): boolean {
  for (const p of positions) if (Math.abs(p[0]!) > 180 || Math.abs(p[1]!) > 90) return true;
  return false;
}

/** What a shapefile's .prj (WKT 1, ESRI's or GDAL's) says of its coordinates: a system handled here, or why not. */
export type PrjReading = { crs: SourceCrs } | { unsupported: string };

const squash = (s: string) => s.toUpperCase().replace(/[\s_\-/.]/g, '');

function parameter(wkt: string, name: string): number | null {
  const m = new RegExp(`PARAMETER\\[\\s*"${name}"\\s*,\\s*(-?[\\d.]+)`, 'i').exec(wkt);
  return m ? Number(m[1]) : null;
}

/**
 * Reads a .prj: WGS84 geographic, VN-2000 geographic, VN-2000 / TM-3 (scale 0.9999, false easting 500 km, any
 * central meridian) or VN-2000 / UTM 48N–49N. Anything else (another datum, another projection) is named, not guessed.
 */
export function readPrj(wkt: string): PrjReading {
  const text = wkt.trim();
  const projected = /^\s*PROJCS\s*\[/i.test(text);
  const datum = /DATUM\s*\[\s*"([^"]*)"/i.exec(text)?.[1] ?? '';
  const vn2000 = /VIETNAM2000|VN2000/.test(squash(datum)) || /GEOGCS\[\s*"[^"]*VN[\s_-]?2000/i.test(text);
  const wgs84 = /WGS1984|WGS84/.test(squash(datum));
  if (!projected) {
    if (vn2000) return { crs: { kind: 'vn2000-geographic' } };
    if (wgs84) return { crs: { kind: 'wgs84' } };
    return { unsupported: datum || 'unknown datum' };
  }
  const projection = /PROJECTION\s*\[\s*"([^"]*)"/i.exec(text)?.[1] ?? '';
  if (!vn2000 || squash(projection) !== 'TRANSVERSEMERCATOR') {
    return { unsupported: `${/^\s*PROJCS\s*\[\s*"([^"]*)"/i.exec(text)?.[1] ?? 'PROJCS'} (${datum}, ${projection})` };
  }
  const meridian = parameter(text, 'central_meridian');
  const scale = parameter(text, 'scale_factor');
  const falseEasting = parameter(text, 'false_easting');
  const falseNorthing = parameter(text, 'false_northing') ?? 0;
  const latitude = parameter(text, 'latitude_of_origin') ?? 0;
  if (meridian === null || scale === null || falseEasting !== 500000 || falseNorthing !== 0 || latitude !== 0) {
    return { unsupported: 'VN-2000 transverse Mercator with unusual parameters' };
  }
  if (Math.abs(scale - 0.9999) < 1e-9) return { crs: { kind: 'vn2000-tm3', meridian } };
  if (Math.abs(scale - 0.9996) < 1e-9 && (meridian === 105 || meridian === 111)) {
    return { crs: { kind: 'vn2000-utm', zone: meridian === 105 ? 48 : 49 } };
  }
  return { unsupported: `VN-2000 transverse Mercator, scale ${scale}` };
}

/** How well a file's positions fit a reference layer (the units), read as WGS84 and read as VN-2000 geographic. */
export interface ShiftCheck {
  /** Median distance (m) from the file's corners to the nearest corner of the reference, read as WGS84. */
  asWgs84: number;
  /** The same with the file read as VN-2000 geographic and converted. */
  asVn2000: number;
  /** The file is most likely VN-2000 presented as WGS84: the uploader is asked which it is. */
  suspected: boolean;
}

const SAMPLE = 400;

function evenSample<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  const step = items.length / n;
  return Array.from({ length: n }, (_, i) => items[Math.floor(i * step)]!);
}

/** Median distance (m, equirectangular: fine at these distances) from each of `points` to its nearest reference. */
function medianNearest(points: readonly Position[], reference: readonly Position[]): number {
  const ds = points.map((p) => {
    const k = Math.cos((p[1]! * Math.PI) / 180);
    let best = Number.POSITIVE_INFINITY;
    for (const r of reference) {
      const dx = (r[0]! - p[0]!) * k;
      const dy = r[1]! - p[1]!;
      const d = dx * dx + dy * dy;
      if (d < best) best = d;
    }
    return Math.sqrt(best) * 111_320;
  });
  ds.sort((a, b) => a - b);
  return ds[Math.floor(ds.length / 2)] ?? Number.POSITIVE_INFINITY;
}

/**
 * Whether a geographic file that says (or is taken to be) WGS84 is in fact VN-2000 (#26 point 5): VN-2000
 * latitude/longitude read as WGS84 land ~200 m off around Ba Chẽ, which no check of ranges can see. Compared with
 * the unit layer (the communes' boundaries, WGS84): when the file's corners sit at least 50 m from the units' and
 * converting them as VN-2000 brings them at least twice as close, the file is suspected. A file about other places
 * than the units (no corner within 1 km either way) is not judged.
 */
export function vn2000ShiftCheck(positions: readonly Position[], reference: readonly Position[]): ShiftCheck {
  const points = evenSample(positions, SAMPLE);
  const ref = evenSample(reference, SAMPLE * 10);
  const convert = toWgs84Converter({ kind: 'vn2000-geographic' });
  const asWgs84 = medianNearest(points, ref);
  const asVn2000 = medianNearest(points.map(convert), ref);
  const suspected = asWgs84 >= 50 && asWgs84 <= 1000 && asVn2000 * 2 <= asWgs84;
  return { asWgs84, asVn2000, suspected };
}

/** VN-2000 / TM-3 systems by EPSG code, with their central meridians (PROJ 9's EPSG database). */
const TM3_BY_EPSG: Record<number, number> = {
  5896: 102,
  5897: 105,
  5898: 108,
  5899: 107.75,
  9205: 103,
  9206: 104,
  9207: 104.5,
  9208: 104.75,
  9209: 105.5,
  9210: 105.75,
  9211: 106,
  9212: 106.25,
  9213: 106.5,
  9214: 107,
  9215: 107.25,
  9216: 107.5,
  9217: 108.25,
  9218: 108.5,
};

/**
 * The system a GeoJSON file's old-style `crs` member names (GeoJSON 2008; GDAL still writes it for anything but
 * WGS84: `{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::4756"}}`), or null when it names none
 * handled here. No member means WGS84 (RFC 7946).
 */
export function crsOfGeoJsonMember(member: unknown): SourceCrs | { unsupported: string } | null {
  if (member === undefined || member === null) return null;
  const name = (member as { properties?: { name?: unknown } }).properties?.name;
  if (typeof name !== 'string') return { unsupported: JSON.stringify(member).slice(0, 80) };
  if (/CRS84$/i.test(name)) return { kind: 'wgs84' };
  const code = Number(/EPSG:{1,2}(\d+)$/i.exec(name)?.[1] ?? Number.NaN);
  if (code === 4326) return { kind: 'wgs84' };
  if (code === 4756) return { kind: 'vn2000-geographic' };
  if (code === 3405 || code === 3406) return { kind: 'vn2000-utm', zone: code === 3405 ? 48 : 49 };
  const meridian = TM3_BY_EPSG[code];
  if (meridian !== undefined) return { kind: 'vn2000-tm3', meridian };
  return { unsupported: name };
}

/**
 * Checks that a parsed JSON value is GeoJSON (RFC 7946) in WGS84 longitude/latitude, and says where it
 * is not: an upload of a flood layer must fail with a message a person can act on, never break the map.
 */
export type GeoJsonCheck =
  | { ok: true; featureCount: number; bbox: [number, number, number, number] | null }
  | { ok: false; path: string; message: string };

const GEOMETRY_TYPES = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
]);
const WGS84_NAMES = new Set([
  'urn:ogc:def:crs:OGC:1.3:CRS84',
  'urn:ogc:def:crs:OGC::CRS84',
  'EPSG:4326',
  'urn:ogc:def:crs:EPSG::4326',
]);
/** GeometryCollections inside GeometryCollections: RFC 7946 discourages them; a few levels are plenty. */
const MAX_COLLECTION_DEPTH = 3;
/**
 * Objects and arrays inside one another: GeoJSON itself needs about 15 levels (collections included); the
 * rest is left to properties. Deeper is a nesting bomb for whatever reads the file later (issue #11).
 */
export const GEOJSON_MAX_NESTING = 32;

/** Whether a parsed value nests objects/arrays deeper than `max`; walks without recursion. */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

class Invalid extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The checks of `validateGeoJson` in steps, so that a large FeatureCollection can be checked one feature at a
 * time (the server parses each feature of an upload on its own instead of the whole file at once): `root` takes
 * the top-level object (its `features` may be left out and given to `feature` one by one), `result` ends.
 * `root` and `feature` throw a `GeoJsonInvalid` naming the path.
 */
export function createGeoJsonValidator() {
  const bbox: [number, number, number, number] = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  let featureCount = 0;

  function position(p: unknown, path: string): void {
    if (!Array.isArray(p) || p.length < 2 || p.length > 3)
      throw new Invalid(path, 'Toạ độ phải là mảng [kinh độ, vĩ độ] hoặc [kinh độ, vĩ độ, độ cao]');
    for (let i = 0; i < p.length; i++) {
      if (typeof p[i] !== 'number' || !Number.isFinite(p[i])) throw new Invalid(`${path}[${i}]`, 'Toạ độ phải là số');
    }
    const [lon, lat] = p as number[];
    if (lon! < -180 || lon! > 180)
      throw new Invalid(
        `${path}[0]`,
        `Kinh độ ${lon} nằm ngoài khoảng -180…180: dữ liệu phải theo hệ WGS84 (EPSG:4326)`,
      );
    if (lat! < -90 || lat! > 90)
      throw new Invalid(`${path}[1]`, `Vĩ độ ${lat} nằm ngoài khoảng -90…90: dữ liệu phải theo hệ WGS84 (EPSG:4326)`);
    if (lon! < bbox[0]) bbox[0] = lon!;
    if (lat! < bbox[1]) bbox[1] = lat!;
    if (lon! > bbox[2]) bbox[2] = lon!;
    if (lat! > bbox[3]) bbox[3] = lat!;
  }

  function positions(list: unknown, path: string, min: number, what: string): void {
    if (!Array.isArray(list)) throw new Invalid(path, `${what} phải là một mảng toạ độ`);
    if (list.length < min) throw new Invalid(path, `${what} cần ít nhất ${min} điểm`);
    for (let i = 0; i < list.length; i++) position(list[i], `${path}[${i}]`);
  }

  function ring(list: unknown, path: string): void {
    positions(list, path, 4, 'Vòng đa giác');
    const r = list as number[][];
    const a = r[0]!;
    const b = r[r.length - 1]!;
    if (a[0] !== b[0] || a[1] !== b[1])
      throw new Invalid(path, 'Vòng đa giác phải khép kín (điểm cuối trùng điểm đầu)');
  }

  function arrayOf(list: unknown, path: string, each: (v: unknown, p: string) => void): void {
    if (!Array.isArray(list)) throw new Invalid(path, 'Phải là một mảng');
    for (let i = 0; i < list.length; i++) each(list[i], `${path}[${i}]`);
  }

  function geometry(g: unknown, path: string, depth: number): void {
    if (!isObject(g)) throw new Invalid(path, 'Hình học (geometry) phải là một đối tượng');
    const type = g.type;
    if (typeof type !== 'string' || !GEOMETRY_TYPES.has(type))
      throw new Invalid(`${path}.type`, `Kiểu hình học không hợp lệ: ${String(type)}`);
    const c = g.coordinates;
    const cp = `${path}.coordinates`;
    switch (type) {
      case 'Point':
        position(c, cp);
        return;
      case 'MultiPoint':
        positions(c, cp, 0, 'MultiPoint');
        return;
      case 'LineString':
        positions(c, cp, 2, 'Đường (LineString)');
        return;
      case 'MultiLineString':
        arrayOf(c, cp, (l, p) => positions(l, p, 2, 'Đường (LineString)'));
        return;
      case 'Polygon':
        arrayOf(c, cp, ring);
        return;
      case 'MultiPolygon':
        arrayOf(c, cp, (poly, p) => arrayOf(poly, p, ring));
        return;
      default: {
        if (depth >= MAX_COLLECTION_DEPTH) throw new Invalid(path, 'GeometryCollection lồng nhau quá sâu');
        if (!Array.isArray(g.geometries)) throw new Invalid(`${path}.geometries`, 'Phải là một mảng hình học');
        g.geometries.forEach((x, i) => {
          geometry(x, `${path}.geometries[${i}]`, depth + 1);
        });
      }
    }
  }

  function feature(f: unknown, path: string): void {
    if (!isObject(f) || f.type !== 'Feature') throw new Invalid(`${path}.type`, 'Phần tử phải có type "Feature"');
    if (f.properties !== undefined && f.properties !== null && !isObject(f.properties))
      throw new Invalid(`${path}.properties`, 'Thuộc tính (properties) phải là một đối tượng');
    if (f.geometry !== null) geometry(f.geometry, `${path}.geometry`, 0);
    featureCount++;
  }

  /** The top-level value; `streamedFeatures`: its `features` array is checked element by element apart. */
  function root(value: unknown, streamedFeatures = false): void {
    if (!isObject(value)) throw new Invalid('(tệp)', 'Tệp không phải là một đối tượng GeoJSON');
    if (nestsDeeperThan(value, GEOJSON_MAX_NESTING))
      throw new Invalid('(tệp)', `Dữ liệu lồng nhau quá sâu (tối đa ${GEOJSON_MAX_NESTING} cấp)`);
    if (value.crs !== undefined) {
      const name = isObject(value.crs) && isObject(value.crs.properties) ? value.crs.properties.name : undefined;
      if (typeof name !== 'string' || !WGS84_NAMES.has(name))
        throw new Invalid(
          'crs',
          `Hệ toạ độ ${typeof name === 'string' ? name : ''} không được hỗ trợ: hãy chuyển sang WGS84 (EPSG:4326)`,
        );
    }
    if (value.type === 'FeatureCollection') {
      if (streamedFeatures) return;
      if (!Array.isArray(value.features)) throw new Invalid('features', 'FeatureCollection phải có mảng features');
      value.features.forEach((f, i) => {
        feature(f, `features[${i}]`);
      });
    } else if (streamedFeatures) {
      throw new Invalid('type', `Kiểu GeoJSON không hợp lệ: ${String(value.type)} (có mảng features)`);
    } else if (value.type === 'Feature') {
      feature(value, '(tệp)');
    } else if (typeof value.type === 'string' && GEOMETRY_TYPES.has(value.type)) {
      geometry(value, '(tệp)', 0);
      featureCount = 1;
    } else {
      throw new Invalid('type', `Kiểu GeoJSON không hợp lệ: ${String(value.type)}`);
    }
  }

  return {
    root,
    /** One element of a streamed `features` array (nested at most GEOJSON_MAX_NESTING - 2 levels, as in the file). */
    feature(f: unknown, index: number): void {
      const path = `features[${index}]`;
      if (nestsDeeperThan(f, GEOJSON_MAX_NESTING - 2))
        throw new Invalid('(tệp)', `Dữ liệu lồng nhau quá sâu (tối đa ${GEOJSON_MAX_NESTING} cấp)`);
      feature(f, path);
    },
    result(): GeoJsonCheck {
      return { ok: true, featureCount, bbox: Number.isFinite(bbox[0]) ? bbox : null };
    },
  };
}

/** A failed check of `createGeoJsonValidator`: where, and what is wrong. */
export { Invalid as GeoJsonInvalid };

/** Validates a GeoJSON object (FeatureCollection, Feature or bare geometry). */
export function validateGeoJson(value: unknown): GeoJsonCheck {
  const v = createGeoJsonValidator();
  try {
    v.root(value);
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, path: e.path, message: e.message };
    throw e;
  }
  return v.result();
}

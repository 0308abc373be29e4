import { createGeoJsonValidator, type GeoJsonCheck, GeoJsonInvalid, validateGeoJson } from '@flood/domain';

/** The bytes are not JSON (or not UTF-8): the message says where. */
export class JsonSyntaxError extends Error {}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Checks an uploaded GeoJSON file from its bytes without building the whole file as one object tree: a
 * FeatureCollection's top level is scanned (strings and brackets only, no recursion), each of its features is
 * parsed and checked on its own and dropped, so the memory of a check is the file plus its largest feature
 * (a 44 MB file of 2 million coordinates: +189 MB of heap as one JSON.parse, a few MB this way). Anything else
 * (a Feature or a bare geometry) is parsed whole, as before. Same answers as JSON.parse + validateGeoJson.
 * `visit` sees each valid feature as it passes (the polygon and datum checks of #26 point 5), never all at once.
 */
export function checkGeoJsonBytes(data: Buffer, visit?: (feature: unknown, index: number) => void): GeoJsonCheck {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const text = (start: number, end: number): string => {
    try {
      return decoder.decode(data.subarray(start, end));
    } catch (e) {
      throw new JsonSyntaxError(e instanceof Error ? e.message : String(e));
    }
  };
  const parse = (start: number, end: number): unknown => {
    try {
      return JSON.parse(text(start, end));
    } catch (e) {
      if (e instanceof JsonSyntaxError) throw e;
      throw new JsonSyntaxError(`${e instanceof Error ? e.message : String(e)} (byte ${start})`);
    }
  };
  const end = data.length;
  const fail = (at: number, what: string): never => {
    throw new JsonSyntaxError(
      at >= end
        ? 'Unexpected end of JSON input'
        : `${what} at byte ${at} (${JSON.stringify(String.fromCharCode(data[at]!))})`,
    );
  };
  const skipWs = (i: number) => {
    while (i < end && WS.has(data[i]!)) i++;
    return i;
  };
  const skipString = (i: number) => {
    for (i++; i < end; i++) {
      const c = data[i]!;
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) return i + 1;
    }
    return fail(end, '');
  };
  /** The end of the value starting at `i` (its syntax is checked when its bytes are parsed). */
  const skipValue = (i: number) => {
    const c = data[i];
    if (c === QUOTE) return skipString(i);
    if (c === 0x7b || c === 0x5b) {
      let depth = 0;
      while (i < end) {
        const d = data[i]!;
        if (d === QUOTE) {
          i = skipString(i);
          continue;
        }
        if (d === 0x7b || d === 0x5b) depth++;
        else if (d === 0x7d || d === 0x5d) {
          depth--;
          if (depth === 0) return i + 1;
        }
        i++;
      }
      return fail(end, '');
    }
    const start = i;
    while (i < end && !WS.has(data[i]!) && data[i] !== 0x2c && data[i] !== 0x7d && data[i] !== 0x5d) i++;
    return i > start ? i : fail(i, 'Unexpected token');
  };

  let i = data.length >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? 3 : 0;
  const bodyStart = i;
  i = skipWs(i);
  const whole = () => {
    text(bodyStart, end); // UTF-8 check first, as the whole-file path always did
    const value = parse(bodyStart, end);
    const check = validateGeoJson(value);
    if (check.ok && visit) {
      const v = value as { type?: unknown; features?: unknown[] };
      if (v.type === 'FeatureCollection')
        v.features?.forEach((f, index) => {
          visit(f, index);
        });
      else if (v.type === 'Feature') visit(v, 0);
    }
    return check;
  };
  if (data[i] !== 0x7b) return whole();

  // The top-level object: each member's key and where its value lies (a later duplicate wins, as in JSON.parse).
  const members = new Map<string, [number, number]>();
  i = skipWs(i + 1);
  if (data[i] === 0x7d) i++;
  else {
    for (;;) {
      if (data[i] !== QUOTE) fail(i, 'Expected a property name');
      const keyEnd = skipString(i);
      const key = parse(i, keyEnd) as string;
      i = skipWs(keyEnd);
      if (data[i] !== 0x3a) fail(i, "Expected ':'");
      const valueStart = skipWs(i + 1);
      const valueEnd = skipValue(valueStart);
      members.set(key, [valueStart, valueEnd]);
      i = skipWs(valueEnd);
      if (data[i] === 0x2c) {
        i = skipWs(i + 1);
        continue;
      }
      if (data[i] === 0x7d) {
        i++;
        break;
      }
      fail(i, "Expected ',' or '}'");
    }
  }
  if (skipWs(i) !== end) fail(skipWs(i), 'Unexpected data after JSON');

  const features = members.get('features');
  const type = members.get('type');
  if (!features || data[features[0]] !== 0x5b || !type || parse(type[0], type[1]) !== 'FeatureCollection') {
    return whole();
  }
  const root: Record<string, unknown> = {};
  for (const [key, [s, e]] of members) if (key !== 'features') root[key] = parse(s, e);
  const validator = createGeoJsonValidator();
  try {
    validator.root(root, true);
    let at = skipWs(features[0] + 1);
    if (data[at] === 0x5d) return validator.result();
    for (let index = 0; ; index++) {
      const elementEnd = skipValue(at);
      const feature = parse(at, elementEnd);
      validator.feature(feature, index);
      visit?.(feature, index);
      at = skipWs(elementEnd);
      if (data[at] === 0x2c) at = skipWs(at + 1);
      else if (data[at] === 0x5d) break;
      else fail(at, "Expected ',' or ']'");
    }
    if (at + 1 !== features[1]) fail(at, 'Unexpected token');
  } catch (e) {
    if (e instanceof GeoJsonInvalid) return { ok: false, path: e.path, message: e.message };
    throw e;
  }
  return validator.result();
}

import fc from 'fast-check';

/** The parts of an OpenAPI 3.0 schema (as @fastify/swagger makes it from the zod schemas) that we read. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/** Follows `#/components/schemas/X` references and flattens one-element `allOf`s. */
export function schemaResolver(components: Record<string, JsonSchema>) {
  const resolve = (s: JsonSchema | undefined): JsonSchema => {
    let cur = s ?? {};
    for (let i = 0; i < 20; i++) {
      if (cur.$ref) cur = components[cur.$ref.replace('#/components/schemas/', '')] ?? {};
      else if (cur.allOf?.length === 1 && !cur.type) cur = cur.allOf[0]!;
      else break;
    }
    return cur;
  };
  return resolve;
}
export type Resolve = ReturnType<typeof schemaResolver>;

const HEX32 = '0123456789abcdef0123456789abcdef';
/** Strings that satisfy the patterns the API uses (dates, phones, ids, file refs, emails). */
const PATTERN_CANDIDATES = [
  '2026-01-01T00:00:00Z',
  '123456',
  '0912345678',
  '1',
  '12',
  '1.5',
  '01/2026',
  '1.xml',
  // A subscription's manage token (#24): id in base 36, a dot, 10 signature characters.
  'zz.AAAAAAAAAA',
  HEX32,
  `/api/files/${HEX32}`,
  'a@b.vn',
  '00000000-0000-0000-0000-000000000000',
  'a',
];
const FORMAT_VALUES: Record<string, string> = {
  'date-time': '2026-01-01T00:00:00Z',
  date: '2026-01-01',
  email: 'fuzz@bache.vn',
  uuid: '00000000-0000-4000-8000-000000000000',
  uri: 'https://example.vn/',
};

/** The first non-null type a schema allows. */
export function mainType(s: JsonSchema): string | undefined {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t) return t;
  if (s.properties) return 'object';
  if (s.enum) return typeof s.enum[0];
  return undefined;
}

/**
 * A plausible valid value for a schema: the base a malformed request starts from, so that a mutated field
 * is the problem the server must name (not every field at once).
 */
export function plausibleValue(schema: JsonSchema | undefined, resolve: Resolve, depth = 0): unknown {
  const s = resolve(schema);
  if (depth > 8) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return plausibleValue(union.find((u) => resolve(u).type !== 'null') ?? union[0], resolve, depth);
  if (s.default !== undefined && mainType(s) !== 'object') return s.default;
  switch (mainType(s)) {
    case 'string': {
      if (s.format && FORMAT_VALUES[s.format]) return FORMAT_VALUES[s.format];
      if (s.pattern) {
        const re = new RegExp(s.pattern);
        const hit = PATTERN_CANDIDATES.find((c) => re.test(c));
        if (hit) return hit;
      }
      return 'fuzz'.padEnd(Math.max(s.minLength ?? 1, 4), 'z').slice(0, s.maxLength ?? 255);
    }
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum + (s.exclusiveMinimum === true ? 1 : 0) : 1;
      const max = typeof s.maximum === 'number' ? s.maximum : Number.MAX_SAFE_INTEGER;
      return Math.min(Math.max(1, min), max);
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => plausibleValue(s.items, resolve, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = plausibleValue(v, resolve, depth + 1);
      return out;
    }
    default:
      return null;
  }
}

/** Every field path of an object schema, nested objects included (arrays: their first element). */
export function fieldPaths(schema: JsonSchema | undefined, resolve: Resolve, prefix: string[] = []): string[][] {
  const s = resolve(schema);
  const union = s.anyOf ?? s.oneOf;
  if (union?.length && !s.properties) {
    const first = union.find((u) => resolve(u).type !== 'null');
    return first ? fieldPaths(first, resolve, prefix) : [];
  }
  const out: string[][] = [];
  if (mainType(s) === 'array' && prefix.length > 0 && prefix.length < 4) {
    out.push(...fieldPaths(s.items, resolve, [...prefix, '0']));
  }
  for (const [k, v] of Object.entries(s.properties ?? {})) {
    const path = [...prefix, k];
    out.push(path);
    if (path.length < 4) out.push(...fieldPaths(v, resolve, path));
  }
  return out;
}

/** The schema at a field path (see fieldPaths). */
export function schemaAt(schema: JsonSchema | undefined, path: string[], resolve: Resolve): JsonSchema {
  let s = resolve(schema);
  for (const key of path) {
    const union = s.anyOf ?? s.oneOf;
    if (union?.length && !s.properties) s = resolve(union.find((u) => resolve(u).type !== 'null'));
    s = resolve(key === '0' && s.items ? s.items : s.properties?.[key]);
  }
  return s;
}

const HUGE = 'x'.repeat(200_000);
/** Values that break naive code anywhere: control and null bytes, lone surrogates, huge and special numbers. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    {},
    [],
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 2,
    -(2 ** 31) - 1,
    2 ** 31,
    2 ** 63,
    '',
    ' ',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '99999999999999999999999',
    '0x1F',
    'null',
    'undefined',
    'true',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\u202e\u0000\uffff',
    '💥'.repeat(300),
    HUGE,
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '{"$gt":""}',
    JSON.parse('{"__proto__":{"polluted":1}}'),
    JSON.parse('{"constructor":{"prototype":{"polluted":1}}}'),
    [[[[[[[[[[[]]]]]]]]]]],
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.jsonValue({ maxDepth: 3 }),
);

/**
 * Values that the schema itself refuses at a field (the server must answer 400 naming it): a wrong JSON
 * type, a string one past its maximum length, a number past its bounds, a value outside an enum.
 */
export function wrongValues(schema: JsonSchema, resolve: Resolve): unknown[] {
  const s = resolve(schema);
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) {
    const types = new Set(union.map((u) => mainType(resolve(u))));
    const out: unknown[] = [];
    if (!types.has('object')) out.push({ fuzz: 1 });
    if (!types.has('array')) out.push([1, 2]);
    if (!types.has('boolean') && !types.has('string')) out.push(true);
    return out;
  }
  const out: unknown[] = [];
  const t = mainType(s);
  if (s.enum?.length) out.push('NOT_ONE_OF_THE_VALUES', 12345);
  if (t === 'string') {
    out.push({ a: 1 }, [1], true);
    if (typeof s.maxLength === 'number') out.push('x'.repeat(s.maxLength + 1));
  } else if (t === 'integer' || t === 'number') {
    // Not [1]: a z.coerce.number() field reads it as 1 (Number([1])), which is lenient but not wrong.
    out.push('abc', { a: 1 }, [1, 2]);
    if (t === 'integer') out.push(1.5);
    if (typeof s.maximum === 'number' && s.maximum < Number.MAX_SAFE_INTEGER) out.push(s.maximum + 1);
    if (typeof s.minimum === 'number' && s.minimum > -Number.MAX_SAFE_INTEGER) out.push(s.minimum - 1);
  } else if (t === 'boolean') {
    out.push({ a: 1 }, [1], 'yes please');
  } else if (t === 'array') {
    out.push({ a: 1 }, 'not-an-array', 42);
  } else if (t === 'object') {
    out.push('not-an-object', 42, [1, 2]);
  }
  if (!s.nullable && t) out.push(null);
  return out;
}

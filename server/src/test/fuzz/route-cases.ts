import fc from 'fast-check';
import {
  fieldPaths,
  type JsonSchema,
  junkValue,
  mainType,
  plausibleValue,
  type Resolve,
  schemaAt,
  wrongValues,
} from './arbitraries';
import { EDGE_NUMBERS, EDGE_STRINGS, junkQueryValue, PATH_PARAM_CASES, RAW_BODIES } from './bad-inputs';

/** One OpenAPI operation as @fastify/swagger writes it. */
export interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** One malformed request: what was broken (`what`), and the field the answer must name when it is a 400. */
export interface FuzzCase {
  what: string;
  caller: 'admin' | 'anonymous';
  url: string;
  payload?: string;
  contentType?: string;
  expectField?: string;
}

const enc = (v: string): string => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80'; // a lone surrogate: not even UTF-8
  }
};
const queryString = (q: [string, string][]) =>
  q.length ? `?${q.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}` : '';

/** A query value the parameter's schema refuses, if one is known. */
function wrongQueryValues(s: JsonSchema): string[] {
  const t = mainType(s);
  const out: string[] = [];
  if (s.enum?.length) out.push('NOT_ONE_OF_THE_VALUES');
  if (t === 'integer' || t === 'number') {
    out.push('abc', 'NaN');
    if (t === 'integer') out.push('1.5');
    if (typeof s.maximum === 'number' && s.maximum < Number.MAX_SAFE_INTEGER) out.push(String(s.maximum + 1));
    if (typeof s.minimum === 'number') out.push(String(s.minimum - 1));
  }
  if (t === 'string' && typeof s.maxLength === 'number') out.push('x'.repeat(s.maxLength + 1));
  // A text the pattern refuses: the first of these it does not take (a code pattern takes 'zz-no-match').
  const pattern = t === 'string' && s.pattern ? new RegExp(s.pattern) : null;
  const unmatched = pattern && ['zz-no-match', 'zz no match!'].find((v) => !pattern.test(v));
  if (unmatched) out.push(unmatched);
  if (t === 'string' && s.format === 'uuid') out.push('not-a-uuid');
  return out;
}

/**
 * All the ways to break one route's request, from its OpenAPI schema: a field of the body or query given a
 * value of the wrong type or out of range (the 400 must name it), a required field left out, junk values
 * and extra keys, odd path parameters, broken JSON and wrong content types.
 */
export function routeCases(
  route: { method: string; url: string },
  op: OpenApiOperation | undefined,
  resolve: Resolve,
): { random: fc.Arbitrary<FuzzCase>; fixed: FuzzCase[] } {
  const pathNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = op?.parameters ?? [];
  const pathSchema = (n: string) => resolve(params.find((p) => p.in === 'path' && p.name === n)?.schema);
  // Valid path parameters that name nothing: the body and query are validated before any lookup.
  const basePath: Record<string, string> = {};
  for (const n of pathNames) {
    const s = pathSchema(n);
    basePath[n] =
      mainType(s) === 'integer' || mainType(s) === 'number' ? '999999' : String(plausibleValue(s, resolve) ?? 'x');
  }
  const urlWith = (overrides: Record<string, string> = {}, query: [string, string][] = []) =>
    route.url.replace(/:(\w+)/g, (_, n: string) => overrides[n] ?? enc(basePath[n]!)) + queryString(query);

  const queryParams = params.filter((p) => p.in === 'query');
  const baseQuery: [string, string][] = queryParams
    .filter((p) => p.required)
    .map((p) => [p.name, String(plausibleValue(p.schema, resolve))]);
  const withQuery = (name: string, value: string | null, extra: [string, string][] = []): [string, string][] => [
    ...baseQuery.filter(([k]) => k !== name),
    ...(value === null ? [] : [[name, value] as [string, string]]),
    ...extra,
  ];

  const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const baseBody = bodySchema ? plausibleValue(bodySchema, resolve) : {};
  const json = (v: unknown) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' });
  const setAt = (path: string[], value: unknown, remove = false): unknown => {
    const copy = structuredClone(baseBody) as Record<string, unknown>;
    let cur: Record<string, unknown> = copy;
    for (const k of path.slice(0, -1)) {
      if (typeof cur[k] !== 'object' || cur[k] === null) cur[k] = k === '0' ? [] : {};
      cur = cur[k] as Record<string, unknown>;
    }
    if (remove) delete cur[path[path.length - 1]!];
    else cur[path[path.length - 1]!] = value;
    return copy;
  };

  const caller = fc.constantFrom<FuzzCase['caller']>('admin', 'admin', 'admin', 'anonymous');
  const options: fc.Arbitrary<Omit<FuzzCase, 'caller'>>[] = [];
  const paths = bodySchema ? fieldPaths(bodySchema, resolve) : [];
  const typed = paths.flatMap((p) => wrongValues(schemaAt(bodySchema, p, resolve), resolve).map((v) => ({ p, v })));
  if (hasBody && typed.length) {
    options.push(
      fc.constantFrom(...typed).map(({ p, v }) => ({
        what: `body ${p.join('.')} = ${String(JSON.stringify(v)).slice(0, 60)}`,
        url: urlWith(),
        ...json(setAt(p, v)),
        expectField: p.join('.'),
      })),
    );
  }
  const required = bodySchema ? (resolve(bodySchema).required ?? []) : [];
  if (hasBody && required.length) {
    options.push(
      fc.constantFrom(...required).map((k) => ({
        what: `body without ${k}`,
        url: urlWith(),
        ...json(setAt([k], undefined, true)),
        expectField: k,
      })),
    );
  }
  if (hasBody && paths.length) {
    options.push(
      fc.tuple(fc.constantFrom(...paths), junkValue).map(([p, v]) => ({
        what: `body ${p.join('.')} = junk ${String(JSON.stringify(v)).slice(0, 60)}`,
        url: urlWith(),
        ...json(setAt(p, v)),
      })),
    );
  }
  if (hasBody) {
    options.push(
      fc.tuple(fc.string({ maxLength: 20 }), junkValue).map(([k, v]) => ({
        what: `body with extra ${JSON.stringify(k)}`,
        url: urlWith(),
        ...json(setAt([k || 'extra'], v)),
      })),
      junkValue.map((v) => ({ what: `body = ${String(JSON.stringify(v)).slice(0, 60)}`, url: urlWith(), ...json(v) })),
    );
  }
  for (const p of queryParams) {
    const wrong = wrongQueryValues(resolve(p.schema));
    if (wrong.length) {
      options.push(
        fc.constantFrom(...wrong).map((v) => ({
          what: `query ${p.name}=${v.slice(0, 40)}`,
          url: urlWith({}, withQuery(p.name, v)),
          expectField: p.name,
        })),
      );
    }
    options.push(
      junkQueryValue.map((v) => ({
        what: `query ${p.name}=junk ${v.slice(0, 40)}`,
        url: urlWith({}, withQuery(p.name, v)),
      })),
      fc.tuple(junkQueryValue, junkQueryValue).map(([a, b]) => ({
        what: `query ${p.name} twice`,
        url: urlWith({}, withQuery(p.name, a, [[p.name, b]])),
      })),
    );
    if (p.required) {
      options.push(
        fc.constant({
          what: `query without ${p.name}`,
          url: urlWith({}, withQuery(p.name, null)),
          expectField: p.name,
        }),
      );
    }
  }
  options.push(
    fc.tuple(fc.string({ maxLength: 12 }), junkQueryValue).map(([k, v]) => ({
      what: `extra query ${JSON.stringify(k)}`,
      url: urlWith({}, [...baseQuery, [k || 'extra', v]]),
    })),
  );
  for (const n of pathNames) {
    options.push(
      fc
        .constantFrom(...PATH_PARAM_CASES)
        .map((v) => ({ what: `param ${n}=${v.slice(0, 40)}`, url: urlWith({ [n]: v }, baseQuery) })),
    );
  }

  // Every odd path parameter and every broken body, once each, as the admin.
  const fixed: FuzzCase[] = [];
  for (const n of pathNames) {
    const s = pathSchema(n);
    const integer = ['integer', 'number'].includes(mainType(s) ?? '');
    // Values the schema itself refuses: the 400 must name the parameter.
    const refused = (v: string) =>
      integer ? /^(abc|1\.5|NaN)$/.test(v) : v === 'abc' && !!s.pattern && !new RegExp(s.pattern).test(v);
    // The valid shape with its digits made huge ('1.xml' → '9999999999.xml'): past any integer column.
    const huge = basePath[n]!.replace(/\d+/g, '9999999999');
    for (const v of [...PATH_PARAM_CASES, ...(huge !== basePath[n] ? [enc(huge)] : [])]) {
      fixed.push({
        what: `param ${n}=${v.slice(0, 40)}`,
        caller: 'admin',
        url: urlWith({ [n]: v }, baseQuery),
        expectField: refused(v) ? n : undefined,
      });
    }
  }
  // Every field once with the values that databases and encoders choke on (NUL, lone surrogates, past int4).
  for (const p of hasBody ? paths : []) {
    const t = mainType(schemaAt(bodySchema, p, resolve));
    for (const v of t === 'string' ? EDGE_STRINGS : t === 'integer' || t === 'number' ? EDGE_NUMBERS : []) {
      fixed.push({
        what: `body ${p.join('.')} = ${JSON.stringify(v).slice(0, 30)}`,
        caller: 'admin',
        url: urlWith(),
        ...json(setAt(p, v)),
      });
    }
  }
  for (const p of queryParams) {
    for (const v of [...EDGE_STRINGS, ...EDGE_NUMBERS.map(String)]) {
      fixed.push({
        what: `query ${p.name}=${JSON.stringify(v).slice(0, 30)}`,
        caller: 'admin',
        url: urlWith({}, withQuery(p.name, v)),
      });
    }
  }
  if (hasBody) {
    for (const r of RAW_BODIES) {
      fixed.push({
        what: `raw body ${r.body.slice(0, 30)} as ${r.type}`,
        caller: 'admin',
        url: urlWith(),
        payload: r.body,
        contentType: r.type,
      });
    }
  }
  return { random: fc.tuple(caller, fc.oneof(...options)).map(([c, o]) => ({ ...o, caller: c })), fixed };
}

import { IMPORT_MAX_BYTES, PERMISSIONS } from '@flood/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage, isStorageKey } from '../lib/storage';
import { jpeg } from './image-fixtures';
import { multipartForm } from './multipart';
import { bearer, createTestApp, createUser, login, type TestContext } from './test-app';

/**
 * Issue #11, the upload attack set, on every upload route of the portal: news attachments (/api/files),
 * public flood photos (/api/flood), geodata files (/api/geojson) and reading imports (/api/readings/import).
 * Scripts disguised as images, files one byte past the limit, GeoJSON bombs and path-traversal names are all
 * refused with a 4xx naming the field; what is accepted is stored under a random key, never the given name.
 * SVG is accepted nowhere (uploads are checked by their bytes: PNG, JPEG, WebP, PDF, DOC/DOCX, GeoJSON,
 * XLSX, CSV), so no SVG is ever served back. Feature tests keep their own narrower cases.
 */
const MB = 1024 * 1024;
const storage = createMemoryStorage();
let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp(
    { FILES_MAX_MB: '1', FLOOD_PHOTO_MAX_MB: '1', GEODATA_MAX_MB: '6', FLOOD_PHOTO_RATE_LIMIT: '1000' },
    undefined,
    { storage },
  );
  const { user, password } = await createUser(ctx.db, { functions: [...PERMISSIONS] });
  admin = bearer((await login(ctx.app, user.email, password)).token);
});
afterAll(() => ctx?.close());

interface Route {
  url: string;
  field: string;
  fields: Record<string, string>;
  /** A name and bytes that the route accepts. */
  good: () => Promise<{ name: string; content: Buffer }>;
  limit: number;
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const CSV = 'stationCode,time,value\nF01X,01/01/2026 01:00,1\n';
const ROUTES: Route[] = [
  { url: '/api/files', field: 'file', fields: {}, good: async () => ({ name: 'a.pdf', content: PDF }), limit: MB },
  {
    url: '/api/flood',
    field: 'image',
    fields: { location: 'Cầu Bắc', lat: '21.27', long: '107.26' },
    good: async () => ({ name: 'a.jpg', content: await jpeg() }),
    limit: MB,
  },
  {
    url: '/api/geojson',
    field: 'file',
    fields: { type: 'OTHER' },
    good: async () => ({ name: 'a.geojson', content: Buffer.from('{"type":"Point","coordinates":[107.2,21.2]}') }),
    limit: 6 * MB,
  },
  {
    url: '/api/readings/import',
    field: 'file',
    fields: {},
    good: async () => ({ name: 'a.csv', content: Buffer.from(CSV) }),
    limit: IMPORT_MAX_BYTES,
  },
];

function upload(r: Route, file: { name: string; content: Buffer | string; type?: string }, fields = r.fields) {
  const form = multipartForm(fields, { field: r.field, ...file });
  return ctx.app.inject({ method: 'POST', url: r.url, headers: { ...admin, ...form.headers }, payload: form.payload });
}

/** A refusal: 4xx, `{ code, message }`, naming the file field. */
function expectRefused(res: Awaited<ReturnType<typeof upload>>, field: string, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, what).toBeLessThan(500);
  const body = res.json();
  expect(body.message, what).toEqual(expect.any(String));
  expect(body.fields?.map((f: { field: string }) => f.field) ?? [], what).toContain(field);
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>';
const HTML = '<!doctype html><html><body><script>alert(1)</script></body></html>';

describe.each(ROUTES)('upload attacks on POST $url', (r) => {
  it('accepts its own good file (so the refusals below are about the attack)', async () => {
    const res = await upload(r, await r.good());
    expect(res.statusCode, res.body).toBeLessThan(300);
  });

  it('refuses SVG with a script and HTML named .png, by content', async () => {
    const ext = r.url === '/api/readings/import' ? 'csv' : r.url === '/api/geojson' ? 'png' : 'png';
    const fields = r.url === '/api/geojson' ? { type: 'png' } : r.fields;
    for (const [name, content, type] of [
      ['anh.svg', SVG, 'image/svg+xml'],
      [`anh.${ext === 'csv' ? 'svg' : ext}`, SVG, 'image/png'],
      [`anh.${ext === 'csv' ? 'html' : ext}`, HTML, 'image/png'],
    ]) {
      expectRefused(await upload(r, { name: name!, content: content!, type }, fields), r.field, name!);
    }
  });

  it('refuses a file one byte over the limit', async () => {
    const good = await r.good();
    // Padding the type allows after the real content: trailing spaces for GeoJSON and CSV, zeros otherwise.
    const pad = r.url === '/api/geojson' || r.url === '/api/readings/import' ? 0x20 : 0;
    const over = Buffer.concat([good.content, Buffer.alloc(r.limit + 1 - good.content.length, pad)]);
    expect(over.length).toBe(r.limit + 1);
    const res = await upload(r, { name: good.name, content: over });
    expectRefused(res, r.field, 'one byte over');
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('TOO_LARGE');
  });

  it('never keeps a path: traversal, backslash, absolute and NUL names are refused or cut to a safe base name', async () => {
    const good = await r.good();
    const ext = good.name.split('.').pop();
    for (const name of [
      `../../etc/passwd.${ext}`,
      `..\\..\\windows\\x.${ext}`,
      `/etc/passwd.${ext}`,
      `C:\\Windows\\x.${ext}`,
      `a\u0000.${ext}`,
      `x.${ext}\u0000.exe`,
      `....//....//x.${ext}`,
      `%2e%2e%2fx.${ext}`,
    ]) {
      const res = await upload(r, { ...good, name });
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if (res.statusCode >= 400) {
        expectRefused(res, r.field, name);
        continue;
      }
      const shown: string | undefined = res.json().name ?? res.json().fileName;
      if (shown !== undefined) {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not pass.
        expect(shown, name).not.toMatch(/[/\\\u0000-\u001f]|\.\./);
      }
    }
    // Whatever was stored lives under random keys the portal made, never under a name it was given.
    for (const key of storage.keys()) {
      expect(isStorageKey(key), key).toBe(true);
      expect(key).not.toMatch(/passwd|windows|\.exe/i);
    }
  });
});

describe('GeoJSON bombs (POST /api/geojson, GEODATA_MAX_MB=6)', () => {
  const geo = ROUTES[2]!;
  const send = (content: string, fields: Record<string, string> = { type: 'OTHER' }) =>
    upload(geo, { name: 'bom.geojson', content }, fields);
  const deep = (n: number, inner: string) => `${'['.repeat(n)}${inner}${']'.repeat(n)}`;

  it('refuses 10,000-deep nesting in coordinates, in properties and in geometry collections', async () => {
    let collection = '{"type":"Point","coordinates":[0,0]}';
    for (let i = 0; i < 10_000; i++) collection = `{"type":"GeometryCollection","geometries":[${collection}]}`;
    const cases = {
      coordinates: `{"type":"Point","coordinates":${deep(10_000, '0,0')}}`,
      properties: `{"type":"Feature","properties":{"a":${deep(10_000, '1')}},"geometry":null}`,
      collections: collection,
      // A million levels: past what a JSON parser will take at all (2 MB, within the byte limit).
      million: `{"type":"Feature","properties":{"a":${deep(1_000_000, '1')}},"geometry":null}`,
    };
    for (const [what, content] of Object.entries(cases)) {
      const res = await send(content);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().fields[0].field, what).toBe('file');
    }
    expect((await send(cases.properties)).json().fields[0].message).toMatch(/lồng nhau quá sâu/);
  });

  it('refuses coordinates that are not finite WGS84 numbers (1e400, huge, strings)', async () => {
    for (const c of ['[1e400,0]', '[0,1e308]', '[1.7976931348623157e308,0]', '["0","0"]', '[0]', '[0,0,0,0]']) {
      const res = await send(`{"type":"Point","coordinates":${c}}`);
      expect(res.statusCode, c).toBe(400);
      expect(res.json().fields[0].field, c).toBe('file');
    }
  });

  it('bounds the work by bytes: 5 MB of [0,0] pairs and 100,000 features are checked in one pass, no 5xx', async () => {
    // Decision (issue #11): a valid layer within GEODATA_MAX_MB is data, not an attack: real flood layers hold
    // hundreds of thousands of vertices. The byte limit bounds the (linear, non-recursive) check.
    const line = `{"type":"LineString","coordinates":[${'[0,0],'.repeat(880_000)}[0,0]]}`;
    const feature = '{"type":"Feature","properties":null,"geometry":null}';
    const many = `{"type":"FeatureCollection","features":[${`${feature},`.repeat(100_000)}${feature}]}`;
    expect(line.length).toBeGreaterThan(5 * MB);
    for (const content of [line, many]) {
      const res = await send(content);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const back = await ctx.app.inject({ method: 'GET', url: res.json().url });
      expect(back.statusCode).toBe(200);
      expect(back.headers['content-security-policy']).toContain('sandbox');
    }
    // The same bomb one byte past the limit never gets parsed.
    const big = `${line}${' '.repeat(6 * MB + 1 - line.length)}`;
    expect((await send(big)).json().code).toBe('TOO_LARGE');
  });
});

describe('what is served back cannot run in the portal', () => {
  it('serves an accepted attachment with nosniff, a sandbox CSP and its sanitised name', async () => {
    const res = await upload(ROUTES[0]!, { name: '../../bao-cao.pdf', content: PDF });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('bao-cao.pdf');
    const file = await ctx.app.inject({ method: 'GET', url: res.json().url });
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('filename="bao-cao.pdf"');
  });

  it('refuses NUL in the text fields of a multipart post (flood photo)', async () => {
    const r = ROUTES[1]!;
    const res = await upload(r, await r.good(), { ...r.fields, location: 'Cầu\u0000Bắc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'location', message: expect.stringContaining('NUL') }]);
  });
});

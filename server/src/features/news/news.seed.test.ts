import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage';
import { createTestApp, type TestContext } from '../../test/test-app';
import { minimalPdf } from './news.pdf';
import { seedDemoNews } from './news.seed';

const storage = createMemoryStorage();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { storage });
});
afterAll(() => ctx?.close());

describe('demo news', () => {
  it('writes a PDF whose cross-reference table points at its objects', () => {
    const pdf = minimalPdf(['Cong dien (minh hoa)', 'Dong (2)']).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    for (const [i, off] of offsets.entries()) expect(pdf.slice(off, off + 8)).toBe(`${i + 1} 0 obj\n`);
    const length = Number(/\/Length (\d+)/.exec(pdf)![1]);
    const start = pdf.indexOf('stream\n') + 7;
    expect(pdf.slice(start + length, start + length + 10)).toBe('\nendstream');
    expect(pdf).toContain('(Dong \\(2\\)) Tj');
  });

  it('seeds warnings, activities, two directive PDFs and the about page once, all public and marked demo', async () => {
    const now = new Date();
    expect(await seedDemoNews({ db: ctx.db, storage, now })).toBe(7);
    expect(await seedDemoNews({ db: ctx.db, storage, now })).toBe(0);
    const get = (url: string) => ctx.app.inject({ method: 'GET', url });
    const warnings = (await get('/api/news?type=WARNING')).json();
    expect(warnings.total).toBe(2);
    expect(warnings.items.every((i: { demo: boolean }) => i.demo)).toBe(true);
    expect((await get('/api/news?type=NORMAL')).json().total).toBe(2);
    const docs = (await get('/api/news?type=DOCUMENT')).json();
    expect(docs.total).toBe(2);
    const file = await get(docs.items[0].files[0]);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const about = await get('/api/news/about');
    expect(about.json()).toMatchObject({ type: 'GIOI_THIEU', demo: true, status: 'PUBLISH' });
  });
});

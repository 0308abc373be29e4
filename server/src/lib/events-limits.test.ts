import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * #18: one client could hold 19,000 event streams. Now each address holds at most EVENTS_MAX_PER_ADDRESS
 * (429) and the process at most EVENTS_MAX_TOTAL (503). Client addresses come through a trusted proxy
 * (X-Forwarded-For from 127.0.0.1), as behind nginx.
 */
describe('caps on open event streams', () => {
  let ctx: TestContext;
  let base: string;
  const aborts: AbortController[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '127.0.0.1', EVENTS_MAX_PER_ADDRESS: '2', EVENTS_MAX_TOTAL: '3' });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const ac of aborts) ac.abort();
    await ctx?.close();
  });
  const openStream = async (client: string) => {
    const ac = new AbortController();
    aborts.push(ac);
    const res = await fetch(`${base}/api/events`, { signal: ac.signal, headers: { 'x-forwarded-for': client } });
    return { res, close: () => ac.abort() };
  };

  it('refuses a third stream of one address (429), and any past the total (503), until one closes', async () => {
    const a1 = await openStream('203.0.113.1');
    const a2 = await openStream('203.0.113.1');
    expect([a1.res.status, a2.res.status]).toEqual([200, 200]);
    const a3 = await openStream('203.0.113.1');
    expect(a3.res.status).toBe(429);
    expect(((await a3.res.json()) as { message: string }).message).toBe(
      'Quá nhiều luồng sự kiện đang mở từ địa chỉ này. Vui lòng đóng bớt các trang và thử lại sau.',
    );
    const b1 = await openStream('203.0.113.2');
    expect(b1.res.status).toBe(200);
    const c1 = await openStream('203.0.113.3');
    expect(c1.res.status).toBe(503);
    await c1.res.arrayBuffer();

    a1.close();
    await vi.waitFor(async () => {
      const again = await openStream('203.0.113.1');
      if (again.res.status !== 200) await again.res.arrayBuffer();
      expect(again.res.status).toBe(200);
    });
  });
});

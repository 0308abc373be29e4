import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * #18: with TRUST_PROXY=true Fastify trusted every hop and took the leftmost X-Forwarded-For, which the client
 * writes, so a spoofed or appended header gave every request a fresh rate-limit key. Now the client's address
 * is the one the trusted proxy saw.
 */
describe('TRUST_PROXY and the per-address limits', () => {
  const proxy = '10.0.0.2';
  const client = '203.0.113.7';
  const login = (ctx: TestContext, i: number, remoteAddress = proxy, xff = `198.51.100.${i}, ${client}`) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user-login',
      remoteAddress,
      headers: { 'x-forwarded-for': xff },
      payload: { email: 'a@b.vn', password: 'x', altcha: 'x' },
    });

  describe.each([
    ['true (one hop)', 'true'],
    ['a hop count', '1'],
    ['a list of proxy addresses', '10.0.0.0/8'],
  ])('TRUST_PROXY as %s', (_name, value) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({ TRUST_PROXY: value, LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    });
    afterAll(() => ctx.close());

    it('counts a spoofed leftmost X-Forwarded-For on the address the proxy saw', async () => {
      const codes: number[] = [];
      for (let i = 1; i <= 5; i++) codes.push((await login(ctx, i)).statusCode);
      expect(codes).toEqual([400, 400, 400, 429, 429]);
      // Another real client behind the same proxy keeps its own count.
      expect((await login(ctx, 9, proxy, '203.0.113.8')).statusCode).toBe(400);
    });
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    const ctx = await createTestApp({ TRUST_PROXY: '10.0.0.0/8', LOGIN_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const codes: number[] = [];
      for (let i = 1; i <= 3; i++) codes.push((await login(ctx, i, '192.0.2.50', `198.51.100.${i}`)).statusCode);
      expect(codes).toEqual([400, 400, 429]);
    } finally {
      await ctx.close();
    }
  });
});

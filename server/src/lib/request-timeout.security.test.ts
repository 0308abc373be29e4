import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

/** #18: a request body trickled a byte at a time was never timed out, holding its connection for ever. */
describe('REQUEST_TIMEOUT_SECONDS', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '1' });
    port = Number(new URL(await ctx.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(() => ctx?.close());

  it('cuts a trickled body with 408 once the whole request has taken longer than the timeout', async () => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/feedback HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{',
    );
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString();
    });
    const trickle = setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write(' ');
    }, 100);
    const started = Date.now();
    try {
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.once('error', () => resolve());
      });
    } finally {
      clearInterval(trickle);
    }
    const took = Date.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(5000);
  });
});

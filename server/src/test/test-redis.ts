import { randomBytes } from 'node:crypto';
import net from 'node:net';

/** The Redis the tests use (the machine's local one unless TEST_REDIS_URL says otherwise). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis accepts a connection; a test file that needs it skips (saying why) when it does not. */
export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  const ok = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    socket.setTimeout(1000);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
  if (!ok) console.warn(`Redis unreachable at ${url}: the Redis tests are skipped (start redis-server to run them)`);
  return ok;
}

/** A key prefix of its own for one test run, so parallel runs sharing the Redis never see each other's events. */
export const uniqueRedisPrefix = (name: string) =>
  `flood-test:${name}:${process.pid}:${randomBytes(4).toString('hex')}:`;

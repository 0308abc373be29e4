// Issue #19 item 4: SIGTERM stops the portal within 10 s also while a page holds an event stream open
// (`/api/events`, Server-Sent Events: a response that never ends by itself).
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '../test/temp-dir';
import { freePort, type ServerProcess, startServer, stopServer } from './harness';

// Not about the database driver: run once, in the embedded stage.
describe.skipIf(process.env.TEST_DATABASE_URL)('SIGTERM with an open event stream', () => {
  it('ends the stream and the process within 10 s', async () => {
    const dataDir = await tempDataDir('flood-sse-');
    let server: ServerProcess | undefined;
    try {
      const port = await freePort();
      server = await startServer({ port, dataDir });
      const res = await fetch(`http://127.0.0.1:${port}/api/events`, { signal: AbortSignal.timeout(30_000) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain('retry:');
      // The rest of the stream: it must end (or break) when the server stops, not hold the client forever.
      const rest = (async () => {
        for (;;) {
          const chunk = await reader.read().catch(() => ({ done: true }));
          if (chunk.done) return performance.now();
        }
      })();

      const t0 = performance.now();
      server.child.kill('SIGTERM');
      const how = await server.exited;
      const seconds = (performance.now() - t0) / 1000;
      const streamEndedAfter = ((await rest) - t0) / 1000;
      process.stdout.write(
        `[sigterm-sse] figures: ${JSON.stringify({ seconds: Number(seconds.toFixed(2)), how, streamEndedAfterSeconds: Number(streamEndedAfter.toFixed(2)) })}\n`,
      );
      expect(how).toBe('exit 0');
      expect(seconds).toBeLessThan(10);
      expect(streamEndedAfter).toBeLessThan(10);
    } finally {
      if (server) await stopServer(server);
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

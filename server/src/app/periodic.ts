import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` every `ms` while the app is up (from onReady, optionally once at once, until onClose); a failure is
 * logged as a warning and the next run comes as planned. The timer never keeps the process alive.
 */
export function runPeriodically(
  app: FastifyInstance,
  what: string,
  ms: number,
  job: () => Promise<unknown>,
  opts: { atStart?: boolean } = {},
): void {
  const run = () => void job().catch((err) => app.log.warn({ err }, `${what} failed`));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (opts.atStart) run();
    timer = setInterval(run, ms);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

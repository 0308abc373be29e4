import { wallClock } from '@flood/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { latestValues } from '../readings/readings.repository';
import { allStations } from '../stations/stations.repository';
import { seededRandom } from './demo.model';
import { DEMO_STATIONS } from './demo.stations';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * While the server runs in demo mode, each demo station (the ones the demo seed created, `stations.demo`)
 * sends a new reading every interval through the real push call (HTTP, with its key), like a data logger
 * would. A station staff added for a real logger is never touched: its readings are its logger's alone.
 * Returns a stopper.
 */
export function startDemoSimulator(opts: {
  db: Db;
  baseUrl: string;
  timeZone: string;
  intervalMs: number;
  logger: FastifyBaseLogger;
  fetchImpl?: typeof fetch;
}): () => void {
  const rnd = seededRandom(Date.now() % 100_000);
  const doFetch = opts.fetchImpl ?? fetch;
  let shower = 0;

  async function tick(): Promise<void> {
    const stations = (await allStations(opts.db)).filter((s) => s.demo && s.status === 'active');
    const latest = new Map(
      [...(await latestValues(opts.db, 'water')), ...(await latestValues(opts.db, 'rain'))].map((v) => [
        v.stationId,
        v,
      ]),
    );
    if (shower <= 0 && rnd() < 0.03) shower = 5 + Math.floor(rnd() * 20);
    const raining = shower-- > 0;
    const w = wallClock(new Date(), opts.timeZone);
    const date = `${pad(w.day)}/${pad(w.month)}/${w.year}`;
    for (const s of stations) {
      const demo = DEMO_STATIONS.find((d) => d.code === s.code);
      let value: number;
      if (s.kind === 'rain') {
        value = raining ? Math.round(rnd() * 1.5 * (demo?.wetness ?? 1) * 10) / 10 : 0;
      } else {
        const last = latest.get(s.id)?.value ?? demo?.base ?? 50;
        const base = demo?.base ?? last;
        // Relax toward the normal level, rise a little in rain.
        value = Math.round((last + (base - last) * 0.02 + (raining ? rnd() * 1.5 : 0) + (rnd() - 0.5) * 0.6) * 10) / 10;
      }
      const path = s.kind === 'rain' ? 'receive-rain' : 'receive-water-level';
      const q = new URLSearchParams({
        stationCode: s.code,
        date,
        hour: pad(w.hour),
        minute: pad(w.minute),
        value: String(value),
        key: s.pushKey,
      });
      try {
        const res = await doFetch(`${opts.baseUrl}/api/${path}?${q}`);
        if (!res.ok) opts.logger.warn({ station: s.code, status: res.status }, 'demo push refused');
      } catch (err) {
        opts.logger.warn({ err, station: s.code }, 'demo push failed');
      }
    }
  }

  // Each tick is scheduled after the previous one finished: a slow database never piles ticks up.
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await tick().catch((err) => opts.logger.warn({ err }, 'demo tick failed'));
      schedule();
    }, opts.intervalMs);
    timer.unref();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

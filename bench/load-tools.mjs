// Tools of the load part (bench/load.mjs): a constant-rate caller of the public reads, and what the load test
// reads from /proc (a process's resident memory, this process's open-files limit).
import { readFile } from 'node:fs/promises';
import { Agent, get as httpGet } from 'node:http';

/** The resident set of a process, in MiB (VmRSS of /proc/<pid>/status). */
export async function rssMiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** This process's soft limit on open files: each stream holds one here and one in the server. */
export async function openFilesLimit() {
  const limits = await readFile('/proc/self/limits', 'utf8');
  const m = /^Max open files\s+(\d+|unlimited)/m.exec(limits);
  return m?.[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(m?.[1] ?? 1024);
}

/**
 * Calls `reads` (paths) in turn at a constant `rate` for `seconds` (scheduled times, like wrk2: a call that starts late
 * counts its wait). Resolves with latencies and failures once the last call has answered; `inWindow` counts the
 * successful answers that came within the window plus one second, so a server that falls behind shows a lower rate.
 */
export function constantRate(base, reads, rate, seconds) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies = [];
  const byPath = reads.map(() => []);
  const out = { latencies, byPath, non2xx: 0, failed: 0, statuses: {}, total, inWindow: 0 };
  let sent = 0;
  let done = 0;
  return new Promise((resolve) => {
    const t0 = performance.now() + 20;
    const finish = () => {
      if (++done === total) {
        agent.destroy();
        out.seconds = (performance.now() - t0) / 1000;
        resolve(out);
      }
    };
    const fire = (i, due) => {
      const k = i % reads.length;
      const req = httpGet(`${base}${reads[k]}`, { agent, timeout: 10_000 }, (res) => {
        res.resume();
        res.on('end', () => {
          const ms = performance.now() - due;
          latencies.push(ms);
          byPath[k].push(ms);
          if (res.statusCode < 200 || res.statusCode >= 300) {
            out.non2xx++;
            out.statuses[res.statusCode] = (out.statuses[res.statusCode] ?? 0) + 1;
          } else if (performance.now() <= t0 + seconds * 1000 + 1000) out.inWindow++;
          finish();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        out.failed++;
        finish();
      });
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && t0 + sent * interval <= now) {
        fire(sent, t0 + sent * interval);
        sent++;
      }
      if (sent < total) setTimeout(tick, 1);
    };
    setTimeout(tick, 20);
  });
}

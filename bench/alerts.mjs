// Issue #5 figures: latency from a push call's acknowledgement to (a) the alert event on an open
// /api/events stream and (b) the message handed to the SMS gateway (an HTTP sink in this process, wired in
// through SMS_GATEWAY=http), p50/p99; and messages dispatched per second. Baseline: GET /api/health latency.

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchEnv, createDatabase, fmt, freePort, median, root, signIn, start } from './lib.mjs';

const TRIALS = Number(process.env.BENCH_ALERT_TRIALS ?? 60);
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 50);
const TZ = 'Asia/Ho_Chi_Minh';
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

function clock(t) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: TZ,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(t))
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.day}/${p.month}/${p.year}`, hour: p.hour, minute: p.minute };
}

/** The SMS provider: records when each message arrives, by station name in its text. */
async function startSink() {
  const arrivals = [];
  const port = await freePort();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      arrivals.push({ at: performance.now(), body });
      res.end('{"ok":true}');
    });
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}/sms`, arrivals, close: () => new Promise((r) => server.close(r)) };
}

/** An open event stream that records when each alert event arrives, by station code. */
async function openStream(base) {
  const seen = new Map();
  const ac = new AbortController();
  const res = await fetch(`${base}/api/events`, { signal: ac.signal });
  (async () => {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += value;
        let i = buf.indexOf('\n\n');
        while (i >= 0) {
          const frame = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (frame.includes('event: alert')) {
            const data = JSON.parse(frame.slice(frame.indexOf('data: ') + 6));
            if (!seen.has(data.alert.stationCode)) seen.set(data.alert.stationCode, performance.now());
          }
          i = buf.indexOf('\n\n');
        }
      }
    } catch {}
  })();
  return { seen, close: () => ac.abort() };
}

export async function runAlerts() {
  console.log(`\n== Early warning (issue #5): ${TRIALS} alerts, ${RECIPIENTS} recipients`);
  await onDatabase('pglite');
  await onDatabase('postgres');
}

async function onDatabase(kind) {
  console.log(`-- ${kind === 'postgres' ? 'PostgreSQL 15' : 'embedded PGlite'}`);
  const db = kind === 'postgres' ? await createDatabase() : null;
  const sink = await startSink();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'flood-bench-'));
  const env = benchEnv({
    PORT: String(port),
    DATA_DIR: dataDir,
    SMS_GATEWAY: 'http',
    SMS_HTTP_URL: sink.url,
    ...(db ? { DATABASE_URL: db.url } : {}),
  });
  const server = await start(
    process.execPath,
    [path.join(root, 'server', 'dist', 'main.js')],
    env,
    `${base}/api/health`,
  );
  try {
    const token = await signIn(base, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    // Phase 1, latency: one recipient, one alert at a time.
    await fetch(`${base}/api/sms-user`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Trực ban', phone: '0912000000' }),
    });
    const stations = [];
    for (let i = 0; i < TRIALS + 1; i++) {
      const code = `F01${String(100 + i)}`;
      const s = await (
        await fetch(`${base}/api/station`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({
            code,
            name: `T${code}`,
            description: 'bench',
            lat: 21.27,
            long: 107.29,
            warningLevel1: 30,
            warningLevel2: 50,
            warningLevel3: 70,
          }),
        })
      ).json();
      stations.push({ code, key: s.pushKey, name: `T${code}` });
    }
    const stream = await openStream(base);
    const health = [];
    for (let i = 0; i < 21; i++) {
      const t = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      health.push(performance.now() - t);
    }
    const toEvent = [];
    const toGateway = [];
    const now = Date.now();
    for (const s of stations.slice(0, TRIALS)) {
      const q = new URLSearchParams({ stationCode: s.code, ...clock(now - 60_000), value: '62', key: s.key });
      const res = await fetch(`${base}/api/receive-water-level?${q}`);
      await res.arrayBuffer();
      const ack = performance.now();
      const deadline = ack + 5000;
      let arrived;
      while (performance.now() < deadline) {
        arrived = sink.arrivals.find((a) => a.body.includes(s.name));
        if (arrived && stream.seen.has(s.code)) break;
        await new Promise((r) => setTimeout(r, 1));
      }
      if (arrived) toGateway.push(Math.max(0, arrived.at - ack));
      if (stream.seen.has(s.code)) toEvent.push(Math.max(0, stream.seen.get(s.code) - ack));
    }
    stream.close();
    // Phase 2, throughput: RECIPIENTS recipients, one more alert.
    for (let i = 1; i < RECIPIENTS; i++) {
      await fetch(`${base}/api/sms-user`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: `N${i}`, phone: `09120${String(i).padStart(5, '0')}` }),
      });
    }
    const last = stations[TRIALS];
    const before = sink.arrivals.length;
    const t0 = performance.now();
    const q = new URLSearchParams({ stationCode: last.code, ...clock(now - 60_000), value: '75', key: last.key });
    await (await fetch(`${base}/api/receive-water-level?${q}`)).arrayBuffer();
    while (sink.arrivals.length - before < RECIPIENTS && performance.now() - t0 < 30_000)
      await new Promise((r) => setTimeout(r, 2));
    const sentCount = sink.arrivals.length - before;
    const seconds = (sink.arrivals.at(-1).at - t0) / 1000;

    console.log(`   baseline: GET /api/health latency (median) ....... ${fmt(median(health), 2)} ms`);
    console.log(
      `   push ack → alert event on an open stream ......... p50 ${fmt(pct(toEvent, 50), 1)} ms, p99 ${fmt(pct(toEvent, 99), 1)} ms (n=${toEvent.length})`,
    );
    console.log(
      `   push ack → message handed to the SMS gateway ..... p50 ${fmt(pct(toGateway, 50), 1)} ms, p99 ${fmt(pct(toGateway, 99), 1)} ms (n=${toGateway.length})`,
    );
    console.log(
      `   dispatch: ${sentCount} messages of one alert in ${fmt(seconds, 2)} s ...... ${fmt(sentCount / seconds)} messages/s`,
    );
  } finally {
    await server.stop();
    await sink.close();
    await rm(dataDir, { recursive: true, force: true });
    await db?.drop();
  }
}

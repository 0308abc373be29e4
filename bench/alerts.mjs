// Issue #5 figures: latency from a push call's acknowledgement to (a) the alert event on an open
// /api/events stream and (b) the message handed to the SMS gateway (an HTTP sink in this process, wired in
// through SMS_GATEWAY=http), p50/p99; and messages dispatched per second. Baselines: Node's bare `http` relaying
// the same push calls (same ack bytes) to an open stream, measured the same way; Node posting the same messages
// to the same sink one after another; GET /api/health latency is shown too. Returns its rows for bench/run.mjs.
// Issue #22: an alert is told once its level is confirmed (2 readings by default), so each trial pushes the
// reading that opens the level, then the confirming one, and the latencies run from the confirming reading's
// acknowledgement; the embedded default runs with the reading quality rules and without them
// (READING_QUALITY_RULES=false, the same run), and the p99 to the gateway is held to 200 ms.

import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { startBare } from './baselines.mjs';
import { openStreams } from './event-streams.mjs';
import {
  benchEnv,
  createDatabase,
  createWaterStation,
  districtParts,
  fmt,
  freePort,
  median,
  signIn,
  startPortal,
  tempDataDir,
} from './lib.mjs';
import { row } from './report.mjs';
import { runSubscribers } from './subscribers.mjs';

const TRIALS = Number(process.env.BENCH_ALERT_TRIALS ?? 60);
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 50);
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

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

/** Push ack → frame on an open stream, through bare `http` relaying the calls: the floor of the first figure. */
async function relayBaseline(ack) {
  const bare = await startBare({ '/api/receive-water-level': { body: ack, relay: true } });
  const seen = new Map();
  const close = await openStreams(bare.base, 1, (_i, data, t) => seen.set(data.stationCode, t));
  const out = [];
  try {
    for (let i = 0; i < TRIALS; i++) {
      const code = `B${i}`;
      const q = new URLSearchParams({ stationCode: code, ...districtParts(Date.now()), value: '62', key: 'k' });
      await (await fetch(`${bare.base}/api/receive-water-level?${q}`)).arrayBuffer();
      const at = performance.now();
      while (!seen.has(code) && performance.now() - at < 5000) await new Promise((r) => setTimeout(r, 1));
      if (seen.has(code)) out.push(Math.max(0, seen.get(code) - at));
    }
  } finally {
    close();
    await bare.stop();
  }
  return out;
}

/** The same messages posted to the same sink one after another by Node's fetch: messages/s. */
async function postBaseline(url, bodies) {
  const t0 = performance.now();
  for (const body of bodies) {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await res.arrayBuffer();
  }
  return bodies.length / ((performance.now() - t0) / 1000);
}

export async function runAlerts() {
  console.log(`\n== Early warning (issues #5, #22): ${TRIALS} alerts, ${RECIPIENTS} recipients`);
  const withRules = await onDatabase('embedded', true);
  const without = await onDatabase('embedded', false);
  const p99 = (rows) => rows.find((r) => r.figure.includes('SMS gateway, p99')).value;
  const aim = row(
    'alerts',
    'embedded default: confirming reading → message handed to the SMS gateway, p99, with the quality rules (#22)',
    p99(withRules),
    'ms',
    {
      digits: 1,
      baseline: { label: 'the same without the rules, same run', value: p99(without) },
      aim: '≤ 200 ms',
      pass: p99(withRules) <= 200,
    },
  );
  console.log(
    `-- issue #22: confirming reading → gateway p99 ${fmt(p99(withRules), 1)} ms with the rules, ${fmt(p99(without), 1)} ms without; aim ≤ 200 ms: ${p99(withRules) <= 200 ? 'met' : 'NOT MET'}`,
  );
  const onPostgres = await onDatabase('postgres', true);
  // Issue #24: one alert to 10,000 residents' subscriptions across channels (bench/subscribers.mjs).
  return [aim, ...withRules, ...without, ...onPostgres, ...(await runSubscribers())];
}

async function onDatabase(kind, rules) {
  const dbName = `${kind === 'postgres' ? 'PostgreSQL' : 'embedded PostgreSQL'}${rules ? '' : ', quality rules off'}`;
  console.log(`-- ${dbName}`);
  const db = kind === 'postgres' ? await createDatabase() : null;
  const sink = await startSink();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await tempDataDir();
  const env = benchEnv({
    PORT: String(port),
    DATA_DIR: dataDir,
    SMS_GATEWAY: 'http',
    SMS_HTTP_URL: sink.url,
    READING_QUALITY_RULES: rules ? 'true' : 'false',
    ...(db ? { DATABASE_URL: db.url } : {}),
  });
  const server = await startPortal(base, env);
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
      const key = await createWaterStation(base, auth, code, `T${code}`);
      stations.push({ code, key, name: `T${code}` });
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
    let ackBytes;
    const now = Date.now();
    for (const s of stations.slice(0, TRIALS)) {
      // The level seen once (an unconfirmed alert, no message), then the reading that confirms it.
      const seen = new URLSearchParams({
        stationCode: s.code,
        ...districtParts(now - 120_000),
        value: '61',
        key: s.key,
      });
      await (await fetch(`${base}/api/receive-water-level?${seen}`)).arrayBuffer();
      await new Promise((r) => setTimeout(r, 20));
      const q = new URLSearchParams({ stationCode: s.code, ...districtParts(now - 60_000), value: '62', key: s.key });
      const res = await fetch(`${base}/api/receive-water-level?${q}`);
      ackBytes = Buffer.from(await res.arrayBuffer());
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
    const seenLast = new URLSearchParams({
      stationCode: last.code,
      ...districtParts(now - 120_000),
      value: '74',
      key: last.key,
    });
    await (await fetch(`${base}/api/receive-water-level?${seenLast}`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
    const before = sink.arrivals.length;
    const t0 = performance.now();
    const q = new URLSearchParams({
      stationCode: last.code,
      ...districtParts(now - 60_000),
      value: '75',
      key: last.key,
    });
    await (await fetch(`${base}/api/receive-water-level?${q}`)).arrayBuffer();
    while (sink.arrivals.length - before < RECIPIENTS && performance.now() - t0 < 30_000)
      await new Promise((r) => setTimeout(r, 2));
    const sentCount = sink.arrivals.length - before;
    const seconds = (sink.arrivals.at(-1).at - t0) / 1000;
    const relay = await relayBaseline(ackBytes);
    const posted = await postBaseline(
      sink.url,
      sink.arrivals.slice(before).map((a) => a.body),
    );
    console.log(
      `   baseline: bare http relaying the push to a stream  p50 ${fmt(pct(relay, 50), 1)} ms, p99 ${fmt(pct(relay, 99), 1)} ms (n=${relay.length})`,
    );
    console.log(`   baseline: Node posting the same messages in turn .. ${fmt(posted)} messages/s`);
    console.log(`   baseline: GET /api/health latency (median) ....... ${fmt(median(health), 2)} ms`);
    console.log(
      `   confirming push ack → alert event on a stream .... p50 ${fmt(pct(toEvent, 50), 1)} ms, p99 ${fmt(pct(toEvent, 99), 1)} ms (n=${toEvent.length})`,
    );
    console.log(
      `   confirming push ack → message to the SMS gateway . p50 ${fmt(pct(toGateway, 50), 1)} ms, p99 ${fmt(pct(toGateway, 99), 1)} ms (n=${toGateway.length})`,
    );
    console.log(
      `   dispatch: ${sentCount} messages of one alert in ${fmt(seconds, 2)} s ...... ${fmt(sentCount / seconds)} messages/s`,
    );
    const floor = (p) => ({
      digits: 1,
      baseline: { label: 'bare http relaying the push to a stream', value: pct(relay, p) },
    });
    return [
      row(
        'alerts',
        `${dbName}: confirming push ack → alert event on an open stream, p50`,
        pct(toEvent, 50),
        'ms',
        floor(50),
      ),
      row(
        'alerts',
        `${dbName}: confirming push ack → alert event on an open stream, p99`,
        pct(toEvent, 99),
        'ms',
        floor(99),
      ),
      row(
        'alerts',
        `${dbName}: confirming push ack → message handed to the SMS gateway, p50`,
        pct(toGateway, 50),
        'ms',
        floor(50),
      ),
      row(
        'alerts',
        `${dbName}: confirming push ack → message handed to the SMS gateway, p99`,
        pct(toGateway, 99),
        'ms',
        floor(99),
      ),
      row('alerts', `${dbName}: dispatch of one alert to ${sentCount} recipients`, sentCount / seconds, 'messages/s', {
        baseline: { label: 'Node posting the same messages in turn', value: posted },
        note: sentCount < RECIPIENTS ? `only ${sentCount}/${RECIPIENTS} sent` : undefined,
      }),
    ];
  } finally {
    await server.stop();
    await sink.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
    await db?.drop();
  }
}

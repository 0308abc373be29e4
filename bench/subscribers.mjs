// Issue #24 figure: one alert to BENCH_SUBSCRIBERS (10,000) residents' subscriptions across channels — web push,
// SMS by HTTP, Zalo ZNS — each handed to a fake provider in this process; time from the confirming reading's
// acknowledgement to the last hand-off (aim ≤ 60 s on this machine). Baseline, same run: the same messages (read
// back from the outbox: the same recipients and texts, the pushes encrypted and signed the same way) sent one after
// another by Node. On PostgreSQL (BENCH_PG): the bench writes the subscriptions straight into the portal's tables.
import { createECDH, randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import pg from 'pg';
import webpush from 'web-push';
import {
  benchEnv,
  createDatabase,
  createWaterStation,
  districtParts,
  fmt,
  freePort,
  signIn,
  startPortal,
  tempDataDir,
} from './lib.mjs';
import { row } from './report.mjs';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const TOWN = '06970';

/** Every provider at once: SMS (/sms), a push service (/send/…), Zalo's OAuth (/oauth) and ZNS (/zns). */
async function startProviders() {
  const got = { sms: 0, push: 0, zalo: 0, last: 0 };
  const port = await freePort();
  const server = createServer((req, res) => {
    req.on('data', () => {});
    req.on('end', () => {
      const url = req.url ?? '';
      if (url.startsWith('/oauth')) {
        res.setHeader('content-type', 'application/json');
        return res.end(
          JSON.stringify({ access_token: 'bench-access', refresh_token: 'bench-refresh', expires_in: '90000' }),
        );
      }
      const kind = url.startsWith('/send/') ? 'push' : url.startsWith('/zns') ? 'zalo' : 'sms';
      got[kind]++;
      got.last = performance.now();
      if (kind === 'push') return res.writeHead(201, { location: `/m/${got.push}` }).end();
      res.setHeader('content-type', 'application/json');
      res.end(
        kind === 'zalo'
          ? JSON.stringify({ error: 0, message: 'Success', data: { msg_id: `z${got.zalo}` } })
          : '{"ok":true}',
      );
    });
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${port}`;
  return { origin, got, total: () => got.sms + got.push + got.zalo, close: () => new Promise((r) => server.close(r)) };
}

/** The subscriptions, written as the sign-up leaves them confirmed: half push, 30 % SMS, 20 % Zalo, all in the town. */
async function writeSubscribers(url, providers, base) {
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  const keys = { p256dh: browser.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(
      `insert into subscribers (communes, kinds, consent_at, consent_source, link_nonce, link_base)
       select array[$1], array['flood', 'heavy_rain'], now(), 'web', substr(md5(g::text), 1, 12), $2
       from generate_series(1, $3) g`,
      [TOWN, base, SUBSCRIBERS],
    );
    await c.query(
      `insert into subscriber_channels (subscriber_id, channel, address, push_keys, confirmed_at)
       select s.id, k.channel,
         case when k.channel = 'push' then $1 || '/send/' || s.id else '849' || lpad(s.id::text, 8, '0') end,
         case when k.channel = 'push' then $2::jsonb end, now()
       from subscribers s
       cross join lateral (select case when s.id % 10 < 5 then 'push' when s.id % 10 < 8 then 'sms' else 'zalo' end
         as channel) k`,
      [providers.origin, JSON.stringify(keys)],
    );
  } finally {
    await c.end();
  }
}

/** The outbox rows of the alert, as the dispatcher sent them. */
async function sentMessages(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(
      `select h.channel, h.recipient, h.body, ch.push_keys as "pushKeys" from sms_history h
       left join subscriber_channels ch on ch.id = h.channel_id where h.subscriber_id is not null order by h.id`,
    );
    return rows;
  } finally {
    await c.end();
  }
}

/** Node sending the same messages one after another (each push encrypted and signed as the portal does): seconds. */
async function sequentialBaseline(messages, providers, vapid) {
  const t0 = performance.now();
  for (const m of messages) {
    if (m.channel === 'push') {
      const d = webpush.generateRequestDetails({ endpoint: m.recipient, keys: m.pushKeys }, m.body, {
        vapidDetails: vapid,
        TTL: 21_600,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      });
      const headers = Object.fromEntries(
        Object.entries(d.headers)
          .filter(([n]) => n.toLowerCase() !== 'content-length')
          .map(([n, v]) => [n, String(v)]),
      );
      await (await fetch(d.endpoint, { method: 'POST', headers, body: d.body })).arrayBuffer();
    } else {
      const url = m.channel === 'sms' ? `${providers.origin}/sms` : `${providers.origin}/zns`;
      const body = m.channel === 'sms' ? JSON.stringify({ to: m.recipient, message: m.body }) : m.body;
      await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).arrayBuffer();
    }
  }
  return (performance.now() - t0) / 1000;
}

export async function runSubscribers() {
  console.log(`\n== Subscriptions (issue #24): one alert to ${SUBSCRIBERS} subscribers (push, SMS, Zalo), PostgreSQL`);
  const db = await createDatabase();
  const providers = await startProviders();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await tempDataDir();
  const vapid = webpush.generateVAPIDKeys();
  const env = benchEnv({
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    PUBLIC_URL: base,
    SMS_GATEWAY: 'http',
    SMS_HTTP_URL: `${providers.origin}/sms`,
    PUSH_EXTRA_ORIGINS: providers.origin,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    ZALO_APP_ID: 'bench-app',
    ZALO_SECRET_KEY: 'bench-secret',
    ZALO_TEMPLATE_ID: '123456',
    ZALO_REFRESH_TOKEN: 'bench-refresh-0',
    ZALO_API_URL: `${providers.origin}/zns`,
    ZALO_OAUTH_URL: `${providers.origin}/oauth`,
  });
  const server = await startPortal(base, env);
  try {
    await writeSubscribers(db.url, providers, base);
    const token = await signIn(base, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const pushKey = await createWaterStation(base, auth, 'F01999', 'Trạm thuỷ văn Ba Chẽ');
    const now = Date.now();
    const push = (value, ago) =>
      fetch(
        `${base}/api/receive-water-level?${new URLSearchParams({ stationCode: 'F01999', ...districtParts(now - ago), value, key: pushKey })}`,
      ).then((r) => r.arrayBuffer());
    await push('61', 120_000);
    await new Promise((r) => setTimeout(r, 100));
    const t0 = performance.now();
    await push('62', 60_000);
    let lastCount = -1;
    let still = performance.now();
    // Until every message arrived, or nothing more arrives for 30 s.
    while (providers.total() < SUBSCRIBERS && performance.now() - still < 30_000) {
      if (providers.total() !== lastCount) {
        lastCount = providers.total();
        still = performance.now();
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const handed = providers.total();
    const seconds = (providers.got.last - t0) / 1000;
    const { sms, push: pushes, zalo } = providers.got;
    console.log(
      `   confirming reading → last hand-off: ${fmt(seconds, 1)} s for ${handed}/${SUBSCRIBERS} (push ${pushes}, SMS ${sms}, Zalo ${zalo})`,
    );
    const messages = await sentMessages(db.url);
    const sequential = await sequentialBaseline(messages, providers, {
      subject: 'mailto:bench@bench.local',
      ...vapid,
    });
    console.log(
      `   baseline: Node sending the same ${messages.length} messages one after another: ${fmt(sequential, 1)} s`,
    );
    return [
      row(
        'alerts',
        `one alert to ${SUBSCRIBERS} subscribers (push, SMS, Zalo): reading ack → last hand-off`,
        seconds,
        's',
        {
          digits: 1,
          baseline: { label: 'Node sending the same messages one after another', value: sequential },
          aim: '≤ 60 s',
          pass: seconds <= 60 && handed >= SUBSCRIBERS,
          note: handed < SUBSCRIBERS ? `only ${handed}/${SUBSCRIBERS} handed over` : undefined,
        },
      ),
    ];
  } finally {
    await server.stop();
    await providers.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
    await db.drop();
  }
}

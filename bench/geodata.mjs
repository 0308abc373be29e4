// Issue #6 figure: time to serve a 20 MB GeoJSON flood layer (warm) and the bytes on the wire, against the
// same file served by Node's bare `http` + `fs` (createReadStream, no compression) in the same run.
// The portal stores brotli and gzip variants at upload time, so a request costs a file read, not a compression.
// A stored file is a static file: Debian's nginx serving the same bytes (gzip_static for the portal's own .gz
// bytes) is the fair limit, measured too. Returns its rows for bench/run.mjs.
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBare, startNginx } from './baselines.mjs';
import { benchEnv, fmt, freePort, median, root, signIn, start } from './lib.mjs';
import { row } from './report.mjs';
import { rawGet } from './static-files.mjs';

const TARGET_MB = Number(process.env.BENCH_GEOJSON_MB ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

/** A flood-extent FeatureCollection of about `mb` MB: many small polygons with a depth value. */
function floodLayer(mb) {
  const features = [];
  let size = 0;
  let i = 0;
  while (size < mb * 1024 * 1024) {
    const x = 107.15 + (i % 400) * 0.0005;
    const y = 21.2 + Math.floor(i / 400) * 0.0005;
    const ring = [];
    for (let k = 0; k < 12; k++) {
      const a = (k / 12) * Math.PI * 2;
      ring.push([+(x + Math.cos(a) * 0.0002).toFixed(6), +(y + Math.sin(a) * 0.0002).toFixed(6)]);
    }
    ring.push(ring[0]);
    const f = {
      type: 'Feature',
      properties: { value: +((i % 35) / 10).toFixed(1) },
      geometry: { type: 'Polygon', coordinates: [ring] },
    };
    size += JSON.stringify(f).length + 1;
    features.push(f);
    i++;
  }
  return JSON.stringify({ type: 'FeatureCollection', features });
}

/** One GET with raw bytes counted (no decompression): ms to the last byte, and the bytes received. */
function get(url, encoding) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (c) => {
        bytes += c.length;
      });
      res.on('end', () =>
        resolve({
          ms: performance.now() - t0,
          bytes,
          status: res.statusCode,
          enc: res.headers['content-encoding'] ?? 'identity',
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function measure(url, encoding) {
  await get(url, encoding); // warm: page cache, JIT
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await get(url, encoding));
  if (runs.some((r) => r.status !== 200))
    throw new Error(`${url}: status ${runs.find((r) => r.status !== 200).status}`);
  return {
    p50: median(runs.map((r) => r.ms)),
    p99: pct(
      runs.map((r) => r.ms),
      99,
    ),
    bytes: runs[0].bytes,
    enc: runs[0].enc,
  };
}

export async function runGeodata() {
  console.log(`\n== Geodata (issue #6): serving a ${TARGET_MB} MB GeoJSON, ${RUNS} warm requests each`);
  const dir = await mkdtemp(path.join(tmpdir(), 'flood-bench-geo-'));
  const file = path.join(dir, 'flood.geojson');
  await writeFile(file, floodLayer(TARGET_MB));
  const size = (await stat(file)).size;

  // Baseline: bare node http + fs.
  const basePort = await freePort();
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/geo+json', 'content-length': size });
    createReadStream(file).pipe(res);
  });
  await new Promise((r) => bare.listen(basePort, '127.0.0.1', r));

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = benchEnv({ PORT: String(port), DATA_DIR: dir, GEODATA_MAX_MB: String(TARGET_MB + 10) });
  const server = await start(
    process.execPath,
    [path.join(root, 'server', 'dist', 'main.js')],
    env,
    `${base}/api/health`,
  );
  try {
    const token = await signIn(base, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    const form = new FormData();
    form.append('type', 'CURRENT_HIGH');
    form.append('time', new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'));
    form.append('file', new Blob([await readFile(file)]), 'flood.geojson');
    const t0 = performance.now();
    const up = await fetch(`${base}/api/geojson`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const uploadMs = performance.now() - t0;
    if (!up.ok) throw new Error(`upload: ${up.status} ${await up.text()}`);
    const item = await up.json();
    const bareUp = await startBare({ '/api/geojson': { body: Buffer.from(JSON.stringify(item)) } });
    let uploadBare;
    try {
      const t1 = performance.now();
      await (await fetch(`${bareUp.base}/api/geojson`, { method: 'POST', body: form })).arrayBuffer();
      uploadBare = performance.now() - t1;
    } finally {
      await bareUp.stop();
    }

    const baseline = await measure(`http://127.0.0.1:${basePort}/flood.geojson`);
    const br = await measure(`${base}${item.url}`, 'gzip, deflate, br');
    const gz = await measure(`${base}${item.url}`, 'gzip');
    const id = await measure(`${base}${item.url}`, 'identity');
    const gzBytes = (await rawGet(`${base}${item.url}`, 'gzip')).bytes;
    const nginx = await startNginx({ '/flood.geojson': await readFile(file), '/flood.geojson.gz': gzBytes });
    let ngxId;
    let ngxGz;
    try {
      ngxId = await measure(`${nginx.base}/flood.geojson`, 'identity');
      ngxGz = await measure(`${nginx.base}/flood.geojson`, 'gzip');
    } finally {
      await nginx.stop();
    }
    const mb = (b) => `${fmt(b / 1024 / 1024, 2)} MB`;
    console.log(
      `   baseline: nginx, identity ........................ ${mb(ngxId.bytes)}, p50 ${fmt(ngxId.p50, 1)} ms, p99 ${fmt(ngxId.p99, 1)} ms`,
    );
    console.log(
      `   baseline: nginx gzip_static, the portal's .gz .... ${mb(ngxGz.bytes)}, p50 ${fmt(ngxGz.p50, 1)} ms, p99 ${fmt(ngxGz.p99, 1)} ms`,
    );
    console.log(
      `   file: ${mb(size)}, upload + validation + compression: ${fmt(uploadMs)} ms (bare http receiving it: ${fmt(uploadBare)} ms)`,
    );
    console.log(
      `   baseline: bare node http + fs, identity ......... ${mb(baseline.bytes)}, p50 ${fmt(baseline.p50, 1)} ms, p99 ${fmt(baseline.p99, 1)} ms`,
    );
    for (const [label, r] of [
      ['portal, Accept-Encoding br ', br],
      ['portal, Accept-Encoding gzip', gz],
      ['portal, identity            ', id],
    ]) {
      console.log(
        `   ${label} (${r.enc}) .... ${mb(r.bytes)} (${fmt((100 * r.bytes) / size, 1)} %), p50 ${fmt(r.p50, 1)} ms (${fmt(r.p50 / baseline.p50, 2)}× baseline), p99 ${fmt(r.p99, 1)} ms`,
      );
    }
    const what = `GET of a ${fmt(size / 1024 / 1024, 1)} MB GeoJSON layer, warm, p50`;
    const bareId = { label: 'bare http + fs, identity', value: baseline.p50 };
    const sizeNote = (r) => `${mb(r.bytes)} ${r.enc}`;
    return [
      row('geodata', `${what}, identity`, id.p50, 'ms', { digits: 1, baseline: bareId, note: sizeNote(id) }),
      row('geodata', `${what}, identity`, id.p50, 'ms', {
        digits: 1,
        baseline: { label: 'nginx, identity', value: ngxId.p50 },
      }),
      row('geodata', `${what}, Accept-Encoding gzip`, gz.p50, 'ms', {
        digits: 1,
        baseline: { label: 'nginx gzip_static, same .gz bytes', value: ngxGz.p50 },
        note: sizeNote(gz),
      }),
      row('geodata', `${what}, Accept-Encoding br`, br.p50, 'ms', {
        digits: 1,
        baseline: { label: 'nginx gzip_static, same .gz bytes (no br in nginx-light)', value: ngxGz.p50 },
        note: sizeNote(br),
      }),
      row('geodata', 'GeoJSON upload + validation + compression', uploadMs, 'ms', {
        baseline: { label: 'bare http receiving the same upload', value: uploadBare },
      }),
    ];
  } finally {
    await server.stop();
    await new Promise((r) => bare.close(r));
    await rm(dir, { recursive: true, force: true });
  }
}

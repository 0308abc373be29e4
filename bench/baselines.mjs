// The two baselines every HTTP figure of the bench is set against, each in its own process like the portal:
// Node's bare `http` answering fixed bytes (and relaying pushes to open event streams), and Debian's nginx
// serving the same bytes as static files (gzip_static for the .gz variant).
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, root, start } from './lib.mjs';

/** Debian's libnginx-mod-http-brotli-static, which the shipped front needs (deploy/nginx). */
export const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** The bare server: fixed bytes by URL or else by path (any method), an SSE endpoint and relay paths. */
const BARE = `
const http = require('node:http'), fs = require('node:fs');
const manifest = JSON.parse(fs.readFileSync(process.env.BARE_MANIFEST, 'utf8'));
const routes = Object.fromEntries(Object.entries(manifest.routes).map(([p, r]) => [p, {
  body: fs.readFileSync(r.file), headers: r.headers, relay: r.relay }]));
const streams = new Set();
let id = 0;
function frame(url, path) {
  const q = new URLSearchParams(url.slice(url.indexOf('?') + 1));
  const [d, m, y] = String(q.get('date')).split('/');
  const at = new Date(y + '-' + m + '-' + d + 'T' + q.get('hour') + ':' + q.get('minute') + ':00+07:00');
  const data = { stationId: 1, stationCode: q.get('stationCode'), kind: path.endsWith('rain') ? 'rain' : 'water',
    observedAt: at.toISOString(), value: Number(q.get('value')) };
  return 'id: ' + ++id + '\\nevent: reading\\ndata: ' + JSON.stringify(data) + '\\n\\n';
}
function answer(req, res, path, r) {
  if (r.relay) { const f = frame(req.url, path); for (const s of streams) s.write(f); }
  res.writeHead(200, { ...r.headers, 'content-length': r.body.length });
  res.end(r.body);
}
http.createServer((req, res) => {
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  if (path === manifest.events) {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    res.write('retry: 5000\\n\\n');
    streams.add(res);
    req.on('close', () => streams.delete(res));
    return;
  }
  const r = routes[req.url] ?? routes[path];
  if (!r) { res.statusCode = 404; return res.end(); }
  if (req.method === 'GET' || req.method === 'HEAD') return answer(req, res, path, r);
  req.resume();
  req.on('end', () => answer(req, res, path, r));
}).listen(Number(process.env.BARE_PORT), '127.0.0.1');
`;

/**
 * Starts Node's bare `http` answering each URL of `routes` ({ body: Buffer, headers?, relay? }) with those
 * bytes (a key without a query answers that path with any query); `events` (a path) holds Server-Sent Events streams, to which every call of a `relay` route writes a
 * `reading` frame made from its query (stationCode, date, hour, minute, value) before answering.
 */
export async function startBare(routes, { events = '/api/events' } = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'flood-bench-bare-'));
  const manifest = { events, routes: {} };
  let n = 0;
  for (const [p, r] of Object.entries(routes)) {
    const file = path.join(dir, `${n++}.bin`);
    await writeFile(file, r.body);
    manifest.routes[p] = {
      file,
      headers: { 'content-type': 'application/json; charset=utf-8', ...r.headers },
      relay: Boolean(r.relay),
    };
  }
  const manifestFile = path.join(dir, 'manifest.json');
  await writeFile(manifestFile, JSON.stringify(manifest));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const probe = Object.entries(routes).find(([, r]) => !r.relay)?.[0] ?? events;
  const server = await start(
    process.execPath,
    ['-e', BARE],
    { BARE_MANIFEST: manifestFile, BARE_PORT: String(port) },
    `${base}${probe}`,
  );
  return {
    base,
    pid: server.pid,
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's nginx (one worker, sendfile, gzip_static) serving `files` ({ '/path': Buffer }; a `/path.gz` beside a
 * file is its gzip variant). With `front` ({ root, portal }), it is instead the portal's front as shipped: the
 * build at `root` served through deploy/nginx/flood-built-files.conf (with its brotli_static module), everything
 * else proxied to `portal`.
 */
export async function startNginx(files, front) {
  const dir = await mkdtemp(path.join(tmpdir(), 'flood-bench-nginx-'));
  const www = path.join(dir, 'www');
  await mkdir(www);
  for (const [p, bytes] of Object.entries(files)) {
    const file = path.join(www, p);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }
  // nginx's workers run as `nobody` when started by root: they must be able to read the files.
  await chmod(dir, 0o755);
  await chmod(www, 0o755);
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  const site = front
    ? `    root ${front.root};
    include ${path.join(root, 'deploy', 'nginx', 'flood-built-files.conf')};
    location / { proxy_pass ${front.portal}; }
    location @flood_portal { proxy_pass ${front.portal}; }`
    : `    root ${www};
    location / { add_header Cache-Control "public, max-age=31536000, immutable"; }`;
  await writeFile(
    conf,
    `${front ? `load_module ${BROTLI_STATIC};\n` : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
${site}
  }
}
`,
  );
  const probe = front ? '/' : Object.keys(files).find((p) => !p.endsWith('.gz'));
  const base = `http://127.0.0.1:${port}`;
  const server = await start('nginx', ['-p', dir, '-c', conf, '-e', 'stderr'], {}, `${base}${probe}`);
  return {
    base,
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// Open /api/events streams for the bench (map and load parts): many plain HTTP/1.1 connections, as many
// browsers would hold, each parsed frame by frame.
import { get as httpGet } from 'node:http';

/**
 * Opens `n` streams at `${base}/api/events` (in batches of `batch`, so connections do not overflow the listen
 * backlog); calls onReading(streamIndex, data, t) for every `reading` frame and onDrop(streamIndex, why) when a
 * stream ends or fails before close() is called. Resolves once every stream has its first frame.
 */
export async function openStreams(base, n, onReading, { onDrop = () => {}, batch = n } = {}) {
  const requests = [];
  let closing = false;
  const openOne = (i) =>
    new Promise((resolve, reject) => {
      let opened = false;
      const req = httpGet(`${base}/api/events`, { agent: false }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`/api/events: ${res.statusCode}`));
        res.setEncoding('utf8');
        let buf = '';
        res.on('data', (chunk) => {
          const t = performance.now();
          buf += chunk;
          let end = buf.indexOf('\n\n');
          while (end >= 0) {
            const frame = buf.slice(0, end);
            buf = buf.slice(end + 2);
            if (!opened && frame.startsWith('retry:')) {
              opened = true;
              resolve();
            } else if (frame.includes('event: reading\n')) {
              const line = frame.split('\n').find((l) => l.startsWith('data: '));
              if (line) onReading(i, JSON.parse(line.slice(6)), t);
            }
            end = buf.indexOf('\n\n');
          }
        });
        res.on('close', () => {
          if (closing) return;
          if (opened) onDrop(i, 'closed by the server');
          else reject(new Error('/api/events closed before its first frame'));
        });
      });
      req.on('error', (e) => {
        if (closing) return;
        if (opened) onDrop(i, e.message);
        else reject(e);
      });
      requests.push(req);
    });
  for (let i = 0; i < n; i += batch) {
    const wave = [];
    for (let j = i; j < Math.min(n, i + batch); j++) wave.push(openOne(j));
    await Promise.all(wave);
  }
  return () => {
    closing = true;
    for (const r of requests) r.destroy();
  };
}

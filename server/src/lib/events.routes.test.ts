import { CHANGED, importEvent } from '@flood/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from '../test/test-app';

let ctx: TestContext;
let base: string;
let key: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await createUser(ctx.db, { functions: ['system', 'database'] });
  const token = (await login(ctx.app, a.user.email, a.password)).token;
  key = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/station',
      headers: bearer(token),
      payload: { code: 'F01555', name: 'Trạm', description: 'x', lat: 21.2, long: 107.2 },
    })
  ).json().pushKey;
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx?.close());

/** Reads SSE frames until `count` events arrive. */
async function readEvents(res: Response, count: number): Promise<{ id: string; event: string; data: unknown }[]> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { id: string; event: string; data: unknown }[] = [];
  let buf = '';
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += value;
    let i = buf.indexOf('\n\n');
    while (i >= 0) {
      const frame = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const f = Object.fromEntries(
        frame.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
      );
      if (f.event) events.push({ id: f.id!, event: f.event, data: JSON.parse(f.data!) });
      i = buf.indexOf('\n\n');
    }
  }
  await reader.cancel();
  return events;
}

const push = (minute: string, value: string) =>
  fetch(
    `${base}/api/receive-water-level?stationCode=F01555&date=01/11/2026&hour=10&minute=${minute}&value=${value}&key=${key}`,
  );

describe('GET /api/events', () => {
  it('streams a push to an open page, and resumes after Last-Event-ID', async () => {
    const ac = new AbortController();
    const res = await fetch(`${base}/api/events`, { signal: ac.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reading = readEvents(res, 1);
    expect((await push('00', '12')).status).toBe(200);
    const [first] = await reading;
    expect(first).toMatchObject({ event: 'reading', data: { stationCode: 'F01555', value: 12 } });
    ac.abort();

    expect((await push('10', '13')).status).toBe(200);
    const ac2 = new AbortController();
    const resumed = await fetch(`${base}/api/events`, { headers: { 'last-event-id': first!.id }, signal: ac2.signal });
    const [missed] = await readEvents(resumed, 1);
    expect(missed).toMatchObject({ event: 'reading', data: { value: 13 } });
    expect(Number(missed!.id)).toBeGreaterThan(Number(first!.id));
    ac2.abort();
  });

  it('forwards only the public events, live and on resume: a station edited or an import stays in the server', async () => {
    const ac = new AbortController();
    const res = await fetch(`${base}/api/events`, { signal: ac.signal });
    const received = readEvents(res, 1);
    ctx.bus.publish('stations-changed', CHANGED);
    ctx.bus.publish('import', importEvent('job-1', 3, { first: 0, last: 1 }));
    expect((await push('20', '14')).status).toBe(200);
    const [first] = await received;
    expect(first).toMatchObject({ event: 'reading', data: { value: 14 } });
    ac.abort();

    // Resumed from before the two internal events: the replay skips them too.
    const ac2 = new AbortController();
    const lastSeen = String(Number(first!.id) - 3);
    const resumed = await fetch(`${base}/api/events`, { headers: { 'last-event-id': lastSeen }, signal: ac2.signal });
    const [replayed] = await readEvents(resumed, 1);
    expect(replayed).toMatchObject({ id: first!.id, event: 'reading', data: { value: 14 } });
    expect(ctx.bus.since(Number(lastSeen)).map((e) => e.type)).toEqual(['stations-changed', 'import', 'reading']);
    ac2.abort();
  });
});

import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpEmailGateway, type EmailGateway } from '../../lib/email-gateway';
import { createMemoryEventBus } from '../../lib/events';
import { ONE_READING_ALERTS, setWebParameters } from '../../test/factories';
import { pushTime } from '../../test/push-time';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-db';
import { createDispatcher } from './dispatcher';
import { messageOutbox, smsAttempts } from './sms-admin.table';
import { createLogSmsGateway } from './sms-log.gateway';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps what it receives and refuses one address. */
let server: SMTPServer;
let url: string;
const inbox: Received[] = [];
beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (address.address === 'full@bache.local') {
        const err = new Error('Mailbox full') as Error & { responseCode: number };
        err.responseCode = 552;
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The decoded text body of a single-part message sent with base64 transfer encoding. */
function bodyOf(raw: string): string {
  const [, body] = raw.split(/\r?\n\r?\n/, 2);
  return Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8');
}

describe('SMTP e-mail gateway', () => {
  it('delivers the warning in Vietnamese, with the outbox id as Message-ID', async () => {
    const gw = createSmtpEmailGateway({ url, from: 'Cảnh báo lũ <canhbao@bache.local>' });
    await gw.send({
      to: 'thon@bache.local',
      subject: 'Cảnh báo lũ, mưa – huyện Ba Chẽ',
      body: 'Trạm Ba Chẽ: mực nước đạt báo động cấp II (0,62 m)',
      id: 'sms-history-42',
    });
    const mail = inbox.at(-1)!;
    expect(mail.from).toBe('canhbao@bache.local');
    expect(mail.to).toEqual(['thon@bache.local']);
    expect(mail.raw).toMatch(/^Message-ID: <sms-history-42@bache\.local>$/m);
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(bodyOf(mail.raw)).toBe('Trạm Ba Chẽ: mực nước đạt báo động cấp II (0,62 m)');
  });

  it('throws when the server refuses the recipient, so the dispatcher retries', async () => {
    const gw = createSmtpEmailGateway({ url, from: 'canhbao@bache.local' });
    await expect(gw.send({ to: 'full@bache.local', subject: 's', body: 'b' })).rejects.toThrow(/Mailbox full/);
  });

  it('throws when no server answers', async () => {
    const gw = createSmtpEmailGateway({ url: 'smtp://127.0.0.1:1', from: 'canhbao@bache.local', timeoutMs: 2000 });
    await expect(gw.send({ to: 'a@bache.local', subject: 's', body: 'b' })).rejects.toThrow();
  });
});

describe('alert e-mail through SMTP_URL', () => {
  it('a reading above level II e-mails each recipient with an address through the configured server', async () => {
    const ctx = await createTestApp({ SMTP_URL: url, SMTP_FROM: 'Cảnh báo lũ <canhbao@bache.local>' }, undefined, {
      dispatch: { pollMs: 50 },
    });
    try {
      await ctx.app.ready();
      await setWebParameters(ctx.db, ONE_READING_ALERTS, { bus: ctx.bus });
      const a = await createUser(ctx.db, { functions: ['system', 'database', 'sms'] });
      const auth = bearer((await login(ctx.app, a.user.email, a.password)).token);
      const post = (url: string, payload: Record<string, unknown>) =>
        ctx.app.inject({ method: 'POST', url, headers: auth, payload });
      await post('/api/sms-user', { name: 'Trưởng thôn', email: 'truong.thon@bache.local' });
      const s = (
        await post('/api/station', {
          code: 'F01050',
          name: 'Cầu Ba Chẽ',
          description: 'Cầu Ba Chẽ',
          lat: 21.27,
          long: 107.29,
          warningLevel1: 30,
          warningLevel2: 50,
          warningLevel3: 70,
        })
      ).json();
      const q = new URLSearchParams({
        stationCode: 'F01050',
        ...pushTime(new Date(Date.now() - 60_000)),
        value: '62',
        key: s.pushKey,
      });
      expect((await ctx.app.inject({ method: 'GET', url: `/api/receive-water-level?${q}` })).statusCode).toBe(200);
      const end = Date.now() + 10_000;
      let mail: Received | undefined;
      while (!mail && Date.now() < end) {
        mail = inbox.find((m) => m.to.includes('truong.thon@bache.local'));
        if (!mail) await new Promise((r) => setTimeout(r, 50));
      }
      expect(mail).toBeDefined();
      expect(bodyOf(mail!.raw)).toContain('Cầu Ba Chẽ');
      const history = (await ctx.app.inject({ method: 'GET', url: '/api/sms-history', headers: auth })).json()
        .items as { recipient: string; channel: string; status: string }[];
      const row = history.find((h) => h.recipient === 'truong.thon@bache.local');
      expect(row).toMatchObject({ channel: 'email' });
    } finally {
      await ctx.close();
    }
  });
});

describe('e-mail across a crash', () => {
  it('is sent again after a crash with the same Message-ID, one Message-ID per message', async () => {
    const database = await openTestDatabase();
    try {
      const db = database.db;
      const logger = pino({ level: 'silent' });
      const smtp = createSmtpEmailGateway({ url, from: 'Cảnh báo lũ <canhbao@bache.local>' });
      const dispatcher = (email: EmailGateway) =>
        createDispatcher({
          db,
          sms: createLogSmsGateway({ db, logger }),
          email,
          bus: createMemoryEventBus(),
          logger,
          lockMs: 200,
        });
      const rows = await db
        .insert(messageOutbox)
        .values(
          ['crash.a@bache.local', 'crash.b@bache.local'].map((recipient) => ({
            name: 'Trưởng thôn',
            channel: 'email' as const,
            recipient,
            body: 'Cảnh báo lũ',
            nextAttemptAt: new Date(0),
          })),
        )
        .returning();
      // The server takes both mails, then the process dies before recording either.
      void dispatcher({
        name: 'smtp',
        afterInterruption: smtp.afterInterruption,
        send: async (m) => {
          await smtp.send(m);
          await new Promise(() => {});
        },
      }).runOnce();
      const mine = () => inbox.filter((m) => m.to[0]?.startsWith('crash.'));
      for (let i = 0; i < 100 && mine().length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(mine()).toHaveLength(2);
      await new Promise((r) => setTimeout(r, 300));
      await dispatcher(smtp).runOnce();

      const messageIds = (to: string) =>
        mine()
          .filter((m) => m.to[0] === to)
          .map((m) => /^Message-ID: (.*)$/m.exec(m.raw)?.[1]?.trim());
      const [a, b] = rows;
      // Resent (a duplicate mail is the accepted residual), recognisably the same message.
      expect(messageIds('crash.a@bache.local')).toEqual([
        `<sms-history-${a!.id}@bache.local>`,
        `<sms-history-${a!.id}@bache.local>`,
      ]);
      expect(messageIds('crash.b@bache.local')).toEqual([
        `<sms-history-${b!.id}@bache.local>`,
        `<sms-history-${b!.id}@bache.local>`,
      ]);
      const attempts = await db
        .select({ outcome: smsAttempts.outcome })
        .from(smsAttempts)
        .where(eq(smsAttempts.smsHistoryId, a!.id))
        .orderBy(asc(smsAttempts.attemptNo));
      expect(attempts.map((t) => t.outcome)).toEqual(['INTERRUPTED', 'SENT']);
      const [after] = await db.select().from(messageOutbox).where(eq(messageOutbox.id, a!.id));
      expect(after).toMatchObject({ status: 'SUCCESS', attempts: 2 });
    } finally {
      await database.close();
    }
  });
});

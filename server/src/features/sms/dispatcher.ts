import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import { rowsOf } from '../readings/readings.repository';
import type { EmailGateway, SmsGateway } from './sms.gateway';

export interface DispatcherOptions {
  db: Db;
  sms: SmsGateway;
  email: EmailGateway;
  bus: EventBus;
  logger: FastifyBaseLogger;
  maxAttempts?: number;
  /** Delay before attempt n+1 (ms). */
  backoffMs?: (attempt: number) => number;
  pollMs?: number;
  /** A claimed message not finished within this time is claimed again (its sender died). */
  lockMs?: number;
  /**
   * Where the messages of a demo station's alerts go (the log gateways), unless DEMO_ALERTS_TO_GATEWAY: a
   * simulated flood must never reach a real phone. Unset = like every other message.
   */
  demo?: { sms: SmsGateway; email: EmailGateway };
}

interface Claimed {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  body: string;
  attempts: number;
  alertId: number | null;
  /** The alert's station is a demo station. */
  demo: boolean;
}

/**
 * The outbox worker: claims due messages (FOR UPDATE SKIP LOCKED, so several processes can share the
 * work), hands each to its gateway with the row id as idempotency key, and records the outcome; failures
 * are retried with exponential backoff, then marked FAILED. A message claimed by a process that died is
 * claimed again after `lockMs`, and the gateway's idempotency key keeps it from being delivered twice.
 */
export function createDispatcher(opts: DispatcherOptions) {
  const maxAttempts = opts.maxAttempts ?? 5;
  const backoff = opts.backoffMs ?? ((n: number) => Math.min(300_000, 2000 * 2 ** (n - 1)));
  const pollMs = opts.pollMs ?? 1000;
  const lockMs = opts.lockMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;

  async function claim(): Promise<Claimed[]> {
    const result = await opts.db.execute(sql`
      update sms_history set locked_until = now() + ${`${lockMs} milliseconds`}::interval, attempts = attempts + 1
      where id in (
        select id from sms_history
        where status = 'PENDING' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by id limit 50 for update skip locked
      )
      returning id, channel, recipient, body, attempts, alert_id as "alertId",
        coalesce((select s.demo from alerts a join stations s on s.id = a.station_id
          where a.id = sms_history.alert_id), false) as demo`);
    return rowsOf<Claimed>(result);
  }

  async function deliver(m: Claimed): Promise<void> {
    const key = `sms-history-${m.id}`;
    const gateways = m.demo && opts.demo ? opts.demo : opts;
    try {
      if (m.channel === 'sms') {
        await gateways.sms.send({ to: m.recipient, body: m.body, purpose: 'FLOOD_WARNING', id: key });
      } else {
        await gateways.email.send({
          to: m.recipient,
          subject: 'Cảnh báo lũ, mưa – huyện Ba Chẽ',
          body: m.body,
          id: key,
        });
      }
      await opts.db.execute(
        sql`update sms_history set status = 'SUCCESS', sent_at = now(), locked_until = null, last_error = null where id = ${m.id}`,
      );
    } catch (e) {
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
      const final = m.attempts >= maxAttempts;
      await opts.db.execute(sql`
        update sms_history set
          status = ${final ? 'FAILED' : 'PENDING'},
          last_error = ${error},
          locked_until = null,
          next_attempt_at = now() + ${`${backoff(m.attempts)} milliseconds`}::interval
        where id = ${m.id}`);
      opts.logger.warn({ id: m.id, attempt: m.attempts, final, error }, 'message delivery failed');
    }
    opts.bus.publish('sms', { id: m.id });
  }

  /** Sends every due message once; returns how many were handled. */
  async function runOnce(): Promise<number> {
    let handled = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return handled;
      await Promise.all(batch.map(deliver));
      handled += batch.length;
    }
  }

  function kick(): void {
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .catch((e) => {
        opts.logger.error({ err: e }, 'dispatcher run failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  return {
    runOnce,
    /** Wakes the worker now (a message was just stored). */
    wake(): void {
      if (!stopped) kick();
    },
    start(): void {
      stopped = false;
      const loop = () => {
        if (stopped) return;
        kick();
        timer = setTimeout(loop, pollMs);
        timer.unref();
      };
      loop();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
export type Dispatcher = ReturnType<typeof createDispatcher>;

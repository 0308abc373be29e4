import { areaTexts, DEFAULT_AREA, smsEvent } from '@flood/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type ChannelGateway, PermanentSendError } from '../../lib/channels/channel';
import type { EmailGateway } from '../../lib/email-gateway';
import type { EventBus } from '../../lib/events';
import type { AfterInterruption, SmsGateway } from '../../lib/sms-gateway';
import {
  type ClaimedMessage,
  claimDueMessages,
  closeInterruptedAttempt,
  insertAttempt,
  markAttemptFailed,
  markSent,
} from './alerts.repository';

export interface DispatcherOptions {
  db: Db;
  sms: SmsGateway;
  email: EmailGateway;
  /** Web push and Zalo ZNS (#24); a channel without a gateway fails its messages at once. */
  push?: ChannelGateway;
  zalo?: ChannelGateway;
  /** A channel a provider says no longer exists (push 404/410, no Zalo account): the subscriber's channel ends. */
  endChannel?: (channelId: number) => Promise<void>;
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
  demo?: { sms: SmsGateway; email: EmailGateway; push?: ChannelGateway; zalo?: ChannelGateway };
  /** The subject of a warning's e-mail ('Cảnh báo lũ, mưa – huyện Ba Chẽ': the area's settings, #26). */
  emailSubject?: () => Promise<string>;
}

/** What a message of a channel nobody configured says in the history. */
export const CHANNEL_NOT_CONFIGURED = 'Kênh gửi này chưa được cấu hình trên máy chủ';

type Claimed = ClaimedMessage;

/** What staff read (tooltip of 'KHÔNG RÕ (CÓ THỂ ĐÃ GỬI)') on a message held after an interrupted attempt. */
export const INTERRUPTED_HELD_ERROR =
  'Tiến trình gửi bị gián đoạn khi cổng gửi đang xử lý tin: có thể đã gửi, không tự gửi lại để tránh trùng';

/**
 * The outbox worker: claims due messages (FOR UPDATE SKIP LOCKED, so several processes can share the
 * work), records an attempt (sms_attempts, committed before the gateway is called), hands each to its gateway
 * with the row id as idempotency key, and records the outcome; failures are retried with exponential
 * backoff, then marked FAILED. A message claimed by a process that died is claimed again after `lockMs`:
 * with no attempt started it is simply sent; with an attempt left unfinished (the provider may have taken
 * it) the gateway's `afterInterruption` decides: 'resend' with the same key, or 'hold' it as UNCERTAIN (#19).
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

  const claim = (): Promise<Claimed[]> => claimDueMessages(opts.db, lockMs);

  const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 500);

  /**
   * A message whose earlier attempt never finished. Closes that attempt (INTERRUPTED) and returns true when the
   * message is to be sent again, false when it was held as UNCERTAIN (its gateway cannot de-duplicate).
   */
  async function recover(m: Claimed, gateway: { name: string; afterInterruption?: AfterInterruption }) {
    const hold = gateway.afterInterruption === 'hold';
    // One statement: the attempt is closed and the message held or left to the new attempt together.
    await closeInterruptedAttempt(opts.db, m.id, hold, INTERRUPTED_HELD_ERROR);
    const log = { id: m.id, channel: m.channel, gateway: gateway.name };
    if (hold) opts.logger.error(log, 'message send interrupted by a crash: marked UNCERTAIN, not resent');
    else opts.logger.warn(log, 'message send interrupted by a crash: resent with the same idempotency key');
    return !hold;
  }

  /** The gateway of a message's channel (#24: one interface for SMS, e-mail, web push and Zalo). */
  function gatewayOf(m: Claimed): ChannelGateway | null {
    const g = m.demo && opts.demo ? opts.demo : opts;
    if (m.channel === 'sms')
      return {
        name: g.sms.name,
        afterInterruption: g.sms.afterInterruption,
        send: (o) => g.sms.send({ to: o.to, body: o.body, purpose: 'FLOOD_WARNING', id: o.id }),
      };
    if (m.channel === 'email')
      return {
        name: g.email.name,
        afterInterruption: g.email.afterInterruption,
        send: async (o) => {
          const subject = (await opts.emailSubject?.()) ?? areaTexts(DEFAULT_AREA).warningSubject;
          await g.email.send({ to: o.to, subject, body: o.body, id: o.id });
          return undefined;
        },
      };
    return (m.channel === 'push' ? g.push : g.zalo) ?? null;
  }

  async function deliver(m: Claimed): Promise<void> {
    const key = `sms-history-${m.id}`;
    const gateway = gatewayOf(m) ?? {
      name: 'none',
      send: () => Promise.reject(new PermanentSendError(CHANNEL_NOT_CONFIGURED)),
    };
    if (m.interrupted && !(await recover(m, gateway))) {
      opts.bus.publish('sms', smsEvent(m.id));
      return;
    }
    // Committed before the call: a crash from here on leaves this attempt unfinished, for the next claim to see.
    const attemptId = await insertAttempt(opts.db, m.id, m.attempts, gateway.name);
    let error: string | null = null;
    let permanent: PermanentSendError | null = null;
    let providerId: string | null = null;
    try {
      const result = await gateway.send({
        id: key,
        to: m.recipient,
        body: m.body,
        ...(m.pushKeys ? { pushKeys: m.pushKeys } : {}),
      });
      providerId = result?.providerId ?? null;
    } catch (e) {
      error = errorText(e);
      if (e instanceof PermanentSendError) permanent = e;
    }
    // The outcome, attempt and message in one statement. If this write fails the attempt stays unfinished and
    // is handled as interrupted after lockMs: never retried here, which would resend a message the gateway took.
    if (error === null) {
      await markSent(opts.db, m.id, attemptId, providerId);
    } else {
      // A refusal another attempt would not change is final at once (a gone push subscription, a bad number).
      const final = permanent !== null || m.attempts >= maxAttempts;
      await markAttemptFailed(opts.db, m.id, attemptId, error, final, backoff(m.attempts));
      opts.logger.warn({ id: m.id, channel: m.channel, attempt: m.attempts, final, error }, 'message delivery failed');
      if (permanent?.gone && m.channelId !== null && opts.endChannel) {
        await opts.endChannel(m.channelId);
        opts.logger.info({ id: m.id, channel: m.channel }, "subscriber's channel ended: the provider says it is gone");
      }
    }
    opts.bus.publish('sms', smsEvent(m.id));
  }

  /** `deliver`, its database errors logged: the message stays claimed and is taken again after lockMs. */
  async function handle(m: Claimed): Promise<void> {
    try {
      await deliver(m);
    } catch (e) {
      opts.logger.error({ err: e, id: m.id }, 'message delivery could not be recorded');
    }
  }

  /** Sends every due message once; returns how many were handled. */
  async function runOnce(): Promise<number> {
    let handled = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return handled;
      await Promise.all(batch.map(handle));
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

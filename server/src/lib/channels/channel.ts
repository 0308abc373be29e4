import type { AfterInterruption } from '../sms-gateway';

/** One message as the dispatcher hands it to a channel's gateway (#24). */
export interface OutgoingMessage {
  /** Idempotency key (`sms-history-<outbox id>`), the same on every attempt of the message. */
  id: string;
  /** Phone (84xxxxxxxxx or as staff typed it), e-mail address, or a push subscription's endpoint. */
  to: string;
  /** SMS text, e-mail text, a push notification's JSON (`PushPayload`), or a Zalo ZNS template's data (JSON). */
  body: string;
  /** E-mail only. */
  subject?: string;
  /** Push only: the subscription's keys (RFC 8291). */
  pushKeys?: { p256dh: string; auth: string };
}

/** What a provider said when it took a message: its own id, which a delivery receipt names later. */
export interface SendResult {
  providerId?: string;
}

/**
 * A refusal that another attempt will not change (a malformed number, a template the provider rejects). With
 * `gone`, the address itself no longer exists (a push subscription answered 404/410, a phone with no Zalo
 * account): the subscriber's channel is ended.
 */
export class PermanentSendError extends Error {
  constructor(
    message: string,
    readonly gone = false,
  ) {
    super(message);
    this.name = 'PermanentSendError';
  }
}

/**
 * Where the messages of one channel leave the portal: SMS, e-mail, web push or Zalo, each with its own encoding
 * and receipts, behind this one interface. `send` resolves once the provider took the message and throws
 * otherwise (a `PermanentSendError` is not retried).
 */
export interface ChannelGateway {
  readonly name: string;
  readonly afterInterruption?: AfterInterruption;
  send(message: OutgoingMessage): Promise<SendResult | undefined>;
}

/** The notification a push carries (the service worker shows it; a click opens `url`). */
export interface PushPayload {
  title: string;
  body: string;
  /** The warning's page, or the alerts page. */
  url: string;
  /** The subscription's manage page (the 'Huỷ đăng ký' action). */
  manage: string;
  /** Replaces an earlier notification of the same alert or warning. */
  tag: string;
}

import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { smsOutbox } from './sms.table';

export type SmsPurpose = 'PHONE_VERIFICATION' | 'FLOOD_WARNING' | 'RAIN_WARNING';

export interface SmsMessage {
  to: string;
  body: string;
  purpose: SmsPurpose;
  /** Idempotency key (the outbox row): a gateway must not deliver the same id twice. */
  id?: string;
}

/**
 * What the dispatcher does with a message whose attempt was interrupted: the process died while the gateway
 * had it, so whether the provider took it is unknown (#19). 'resend': send it again with the same id, the
 * gateway does not deliver an id twice (or a duplicate is the accepted residual, docs/decisions.md); 'hold':
 * do not send it again, mark it UNCERTAIN for staff (no duplicate, but possibly never delivered).
 * Unset = 'resend'.
 */
export type AfterInterruption = 'resend' | 'hold';

/** Where SMS leave the portal. `send` resolves once the gateway accepted the message and throws otherwise. */
export interface SmsGateway {
  readonly name: string;
  readonly afterInterruption?: AfterInterruption;
  send(message: SmsMessage): Promise<void>;
}

/**
 * The default gateway for a portal with no carrier contract yet: the message goes to the server log and
 * to the sms_outbox table (once per id), where staff and tests can read it.
 */
export function createLogSmsGateway(deps: { db: Db; logger: FastifyBaseLogger }): SmsGateway {
  return {
    name: 'log',
    // sms_outbox keeps a message id once: a resend is recorded once.
    afterInterruption: 'resend',
    async send(message) {
      deps.logger.info({ sms: { to: message.to, purpose: message.purpose, id: message.id } }, 'SMS (log gateway)');
      await deps.db
        .insert(smsOutbox)
        .values({
          phone: message.to,
          body: message.body,
          purpose: message.purpose,
          gateway: 'log',
          status: 'SENT',
          messageId: message.id ?? null,
        })
        .onConflictDoNothing();
    },
  };
}

export interface HttpGatewayOptions {
  url: string;
  method: string;
  /** Body with {{phone}}, {{message}} and {{id}} placeholders (values JSON-escaped). */
  bodyTemplate: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /**
   * The provider de-duplicates by the message id (`Idempotency-Key` header or `{{id}}`), so a message whose
   * attempt was interrupted by a crash is sent again with the same id; false: it is marked UNCERTAIN instead.
   */
  idempotent: boolean;
}

const jsonEscape = (s: string) => JSON.stringify(s).slice(1, -1);

/**
 * A Vietnamese SMS provider's HTTP API, configured rather than coded (SMS_HTTP_*). 2xx = accepted. The
 * message id goes in an `Idempotency-Key` header (the IETF draft's name, which providers that de-duplicate
 * requests read) besides `{{id}}`, the same on every attempt of a message.
 */
export function createHttpSmsGateway(opts: HttpGatewayOptions, fetchImpl: typeof fetch = fetch): SmsGateway {
  return {
    name: 'http',
    afterInterruption: opts.idempotent ? 'resend' : 'hold',
    async send(message) {
      const fill = (t: string, encode: (s: string) => string) =>
        t
          .replaceAll('{{phone}}', encode(message.to))
          .replaceAll('{{message}}', encode(message.body))
          .replaceAll('{{id}}', encode(message.id ?? ''));
      const url = fill(opts.url, encodeURIComponent);
      const res = await fetchImpl(url, {
        method: opts.method,
        headers: {
          'content-type': 'application/json',
          ...(message.id ? { 'idempotency-key': message.id } : {}),
          ...opts.headers,
        },
        body: opts.method === 'GET' ? undefined : fill(opts.bodyTemplate, jsonEscape),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
    },
  };
}

/** E-mail to recipients with an address. */
export interface EmailGateway {
  readonly name: string;
  readonly afterInterruption?: AfterInterruption;
  send(message: { to: string; subject: string; body: string; id?: string }): Promise<void>;
}

/** Without SMTP configured, e-mails are written to the server log. */
export function createLogEmailGateway(logger: FastifyBaseLogger): EmailGateway {
  return {
    name: 'log',
    afterInterruption: 'resend',
    async send(message) {
      logger.info({ email: { to: message.to, subject: message.subject, id: message.id } }, 'E-mail (log gateway)');
    },
  };
}

/**
 * E-mail through an SMTP server (SMTP_URL, e.g. smtps://user:pass@mail.example.vn:465). The outbox row id
 * becomes the Message-ID, so a message resent after a crash is recognisable as the same mail (mail stores
 * such as Gmail keep one copy of a Message-ID; others show both). SMTP has no idempotency key, and a second
 * e-mail is the accepted residual of a crash rather than a warning possibly never sent (#19).
 */
export function createSmtpEmailGateway(opts: { url: string; from: string; timeoutMs?: number }): EmailGateway {
  const timeout = opts.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport(
    { url: opts.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout * 2 },
    { from: opts.from },
  );
  const domain = /@([^>\s]+)>?\s*$/.exec(opts.from)?.[1] ?? 'flood-portal.local';
  return {
    name: 'smtp',
    afterInterruption: 'resend',
    async send(message) {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.body,
        textEncoding: 'base64',
        ...(message.id ? { messageId: `<${message.id}@${domain}>` } : {}),
      });
    },
  };
}

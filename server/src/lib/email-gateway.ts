import { maskEmail } from '@flood/domain';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AfterInterruption } from './sms-gateway';

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
      // The log never carries an address in clear (#24).
      logger.info(
        { email: { to: maskEmail(message.to), subject: message.subject, id: message.id } },
        'E-mail (log gateway)',
      );
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

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createLogSmsGateway } from '../features/alerts/sms-log.gateway';
import { createLogEmailGateway, createSmtpEmailGateway, type EmailGateway } from '../lib/email-gateway';
import { createHttpSmsGateway, type SmsGateway } from '../lib/sms-gateway';

/** The configured SMS gateway: the carrier's HTTP API when SMS_GATEWAY=http, else the log (and sms_outbox). */
export function smsGatewayOf(config: Config, db: Db, logger: FastifyBaseLogger): SmsGateway {
  return config.SMS_GATEWAY === 'http' && config.SMS_HTTP_URL
    ? createHttpSmsGateway({
        url: config.SMS_HTTP_URL,
        method: config.SMS_HTTP_METHOD,
        bodyTemplate: config.SMS_HTTP_BODY,
        headers: config.SMS_HTTP_HEADERS,
        timeoutMs: config.SMS_HTTP_TIMEOUT_MS,
        idempotent: config.SMS_HTTP_IDEMPOTENT,
      })
    : createLogSmsGateway({ db, logger });
}

/** The configured e-mail gateway: SMTP when SMTP_URL is set, else the log. */
export function emailGatewayOf(config: Config, logger: FastifyBaseLogger): EmailGateway {
  return config.SMTP_URL
    ? createSmtpEmailGateway({ url: config.SMTP_URL, from: config.SMTP_FROM })
    : createLogEmailGateway(logger);
}

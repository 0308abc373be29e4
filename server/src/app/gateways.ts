import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createLogSmsGateway } from '../features/alerts/sms-log.gateway';
import { createLogEmailGateway, createSmtpEmailGateway, type EmailGateway } from '../lib/email-gateway';
import { createHttpSmsGateway, type ReceiptProfile, type SmsGateway } from '../lib/sms-gateway';

/** The configured SMS gateway: the carrier's HTTP API when SMS_GATEWAY=http, else the log (and sms_outbox). */
export function smsGatewayOf(config: Config, db: Db, logger: FastifyBaseLogger): SmsGateway {
  return config.SMS_GATEWAY === 'http' && config.SMS_HTTP_URL
    ? createHttpSmsGateway({
        url: config.SMS_HTTP_URL,
        method: config.SMS_HTTP_METHOD,
        bodyTemplate: config.SMS_HTTP_BODY,
        format: config.SMS_HTTP_FORMAT,
        brandname: config.SMS_HTTP_BRANDNAME,
        headers: config.SMS_HTTP_HEADERS,
        timeoutMs: config.SMS_HTTP_TIMEOUT_MS,
        idempotent: config.SMS_HTTP_IDEMPOTENT,
        idPath: config.SMS_HTTP_ID_PATH,
        okPath: config.SMS_HTTP_OK_PATH,
        okValues: config.SMS_HTTP_OK_VALUES,
      })
    : createLogSmsGateway({ db, logger });
}

/** The configured e-mail gateway: SMTP when SMTP_URL is set, else the log. */
export function emailGatewayOf(config: Config, logger: FastifyBaseLogger): EmailGateway {
  return config.SMTP_URL
    ? createSmtpEmailGateway({ url: config.SMTP_URL, from: config.SMTP_FROM })
    : createLogEmailGateway(logger);
}

/** How the SMS provider's delivery receipts are read (SMS_RECEIPT_*), for the receipt callback. */
export function receiptProfileOf(config: Config): ReceiptProfile {
  return {
    idField: config.SMS_RECEIPT_ID_FIELD,
    statusField: config.SMS_RECEIPT_STATUS_FIELD,
    deliveredValues: config.SMS_RECEIPT_DELIVERED_VALUES,
    reasonField: config.SMS_RECEIPT_REASON_FIELD,
  };
}

/** The VAPID contact push services may write to about the portal's pushes: VAPID_SUBJECT, else the admin's address. */
export function vapidSubjectOf(config: Config): string {
  return config.VAPID_SUBJECT ?? `mailto:${config.ADMIN_EMAIL}`;
}

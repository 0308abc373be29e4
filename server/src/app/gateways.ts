import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createLogSmsGateway } from '../features/alerts/sms-log.gateway';
import { portalSecret } from '../features/subscriptions/subscriptions.repository';
import type { ChannelGateway } from '../lib/channels/channel';
import { createLogChannelGateway } from '../lib/channels/log.gateway';
import { randomToken } from '../lib/crypto';
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

/** A value made once per process and kept; a failure is not kept (the next call tries again). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | null = null;
  return () => {
    p ??= make().catch((e) => {
      p = null;
      throw e;
    });
    return p;
  };
}

/**
 * The subscriptions' channels (#24): the key that signs manage links, and the web push and Zalo gateways. Keys
 * the environment does not give are made at first start and kept in the database (portal_secrets), so every
 * process of the portal signs and pushes with the same ones.
 */
export function channelGatewaysOf(
  _config: Config,
  db: Db,
  logger: FastifyBaseLogger,
  given: { push?: ChannelGateway; zalo?: ChannelGateway },
): {
  push: ChannelGateway;
  zalo?: ChannelGateway;
  pushPublicKey: () => Promise<string>;
  linkKey: () => Promise<string>;
} {
  const linkKey = once(() => portalSecret(db, 'subscription-link-key', () => randomToken(32)));
  const vapid = once(
    async () =>
      JSON.parse(await portalSecret(db, 'vapid-keys', () => JSON.stringify(webpush.generateVAPIDKeys()))) as {
        publicKey: string;
        privateKey: string;
      },
  );
  return {
    push: given.push ?? createLogChannelGateway('push', logger),
    zalo: given.zalo,
    pushPublicKey: async () => (await vapid()).publicKey,
    linkKey,
  };
}

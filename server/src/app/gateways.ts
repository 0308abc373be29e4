import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { zaloEnabled } from '../config-channels';
import type { Db } from '../db/client';
import { createLogSmsGateway } from '../features/alerts/sms-log.gateway';
import { findPortalSecret, portalSecret, savePortalSecret } from '../features/subscriptions/subscriptions.repository';
import type { ChannelGateway } from '../lib/channels/channel';
import { createVapidKeys, createWebPushGateway, pushEndpointAllowed } from '../lib/channels/push.gateway';
import { createZaloZnsGateway, type ZaloTokenStore } from '../lib/channels/zalo.gateway';
import { randomToken } from '../lib/crypto';
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

/** Zalo's tokens kept in the database: its refresh tokens are single-use, every process must see the newest. */
function databaseZaloTokens(db: Db): ZaloTokenStore {
  return {
    async load() {
      // A read: no row until the first refresh saves one.
      const raw = await findPortalSecret(db, 'zalo-tokens');
      if (!raw) return null;
      const t = JSON.parse(raw) as { accessToken: string; refreshToken: string; expiresAt: string };
      return { ...t, expiresAt: new Date(t.expiresAt) };
    },
    save: (t) => savePortalSecret(db, 'zalo-tokens', JSON.stringify(t)),
  };
}

/**
 * The subscriptions' channels (#24): the key that signs manage links, and the web push and Zalo gateways. Keys
 * the environment does not give are made at first start and kept in the database (portal_secrets), so every
 * process of the portal signs and pushes with the same ones. Zalo only with all four ZALO_* variables.
 */
export function channelGatewaysOf(
  config: Config,
  db: Db,
  given: { push?: ChannelGateway; zalo?: ChannelGateway },
): {
  push: ChannelGateway;
  zalo?: ChannelGateway;
  pushPublicKey: () => Promise<string>;
  linkKey: () => Promise<string>;
} {
  const linkKey = once(() => portalSecret(db, 'subscription-link-key', () => randomToken(32)));
  const vapid = once(async () =>
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
      : (JSON.parse(await portalSecret(db, 'vapid-keys', () => JSON.stringify(createVapidKeys()))) as {
          publicKey: string;
          privateKey: string;
        }),
  );
  // The push gateway needs the keys, which may come from the database: made at the first push.
  const pushGateway = once(async () =>
    createWebPushGateway({
      vapid: { ...(await vapid()), subject: vapidSubjectOf(config) },
      ttlSeconds: config.PUSH_TTL_SECONDS,
      timeoutMs: config.PUSH_TIMEOUT_MS,
      endpointAllowed: pushEndpointAllowed(config.PUSH_EXTRA_ORIGINS),
    }),
  );
  const push: ChannelGateway = given.push ?? {
    name: 'push',
    afterInterruption: 'resend',
    send: async (m) => (await pushGateway()).send(m),
  };
  const zalo =
    given.zalo ??
    (zaloEnabled(config)
      ? createZaloZnsGateway({
          apiUrl: config.ZALO_API_URL,
          oauthUrl: config.ZALO_OAUTH_URL,
          appId: config.ZALO_APP_ID!,
          secretKey: config.ZALO_SECRET_KEY!,
          templateId: config.ZALO_TEMPLATE_ID!,
          timeoutMs: config.ZALO_TIMEOUT_MS,
          initialRefreshToken: config.ZALO_REFRESH_TOKEN,
          tokens: databaseZaloTokens(db),
        })
      : undefined);
  return { push, zalo, pushPublicKey: async () => (await vapid()).publicKey, linkKey };
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

import { z } from 'zod';
import { bool, fieldPath, int, list } from './config-values';

const base64url = (bytes: number) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), `${bytes} byte, base64url`);

/**
 * The environment variables of the subscribers' channels (#24): SMS over HTTP and its delivery receipts, web push,
 * Zalo ZNS. Part of `ConfigSchema` (config.ts); the README's table and docs/operations.md describe each.
 */
export const channelVariables = {
  SMS_GATEWAY: z.enum(['log', 'http']).default('log'),
  /** The HTTP gateway (SMS_GATEWAY=http): a provider's URL, method and body with {{phone}} {{message}} {{id}}. */
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_METHOD: z.enum(['GET', 'POST', 'PUT']).default('POST'),
  SMS_HTTP_BODY: z.string().default('{"to":"{{phone}}","message":"{{message}}","id":"{{id}}"}'),
  /** How the body's values are escaped and its content type: JSON, a form (x-www-form-urlencoded) or XML (SOAP). */
  SMS_HTTP_FORMAT: z.enum(['json', 'form', 'xml']).default('json'),
  /** The sender name registered with the carriers, for {{brandname}}. */
  SMS_HTTP_BRANDNAME: z.string().min(1).max(32).optional(),
  SMS_HTTP_HEADERS: z
    .string()
    .default('{}')
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as Record<string, string>;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'JSON không hợp lệ' });
        return z.NEVER;
      }
    }),
  SMS_HTTP_TIMEOUT_MS: int(10_000, 100),
  /**
   * The provider de-duplicates by the message id (`Idempotency-Key` header / `{{id}}`): a message whose send was
   * cut by a crash is sent again with the same id. false: it is marked UNCERTAIN ('KHÔNG RÕ') and not resent.
   * Default true: a duplicate SMS is the lesser harm than a flood warning possibly never sent (#19).
   */
  SMS_HTTP_IDEMPOTENT: bool.default(true),
  /** Where the provider's message id is in its answer: a dotted path into JSON, or an XML element's name. */
  SMS_HTTP_ID_PATH: fieldPath.optional(),
  /** A 2xx answer that may say failure: the field with the provider's result code, and its success values. */
  SMS_HTTP_OK_PATH: fieldPath.optional(),
  SMS_HTTP_OK_VALUES: list(''),
  /** The fields of a provider's delivery receipt (JSON path, form field or XML element). */
  SMS_RECEIPT_ID_FIELD: fieldPath.default('id'),
  SMS_RECEIPT_STATUS_FIELD: fieldPath.default('status'),
  SMS_RECEIPT_DELIVERED_VALUES: list('DELIVERED,delivered,DELIVRD,1'),
  SMS_RECEIPT_REASON_FIELD: fieldPath.default('reason'),
  /** The secret the receipt callback's URL carries (unset = receipts are not taken). */
  SMS_RECEIPT_TOKEN: z
    .string()
    .min(16)
    .max(200)
    .regex(/^[\w.~-]+$/, 'chỉ gồm chữ, số, ., ~, - và _ (nằm trong URL)')
    .optional(),
  /** Web push: the portal's VAPID key pair (unset = created at first start) and its contact. */
  VAPID_PUBLIC_KEY: base64url(65).optional(),
  VAPID_PRIVATE_KEY: base64url(32).optional(),
  /** mailto: or https: (unset = mailto: ADMIN_EMAIL). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@\S+|https:\/\/\S+)$/, 'mailto:… hoặc https://…')
    .optional(),
  /** How long a push service keeps a warning for a phone that is off (a warning's lifetime, 6 h). */
  PUSH_TTL_SECONDS: int(21_600, 0),
  PUSH_TIMEOUT_MS: int(10_000, 100),
  /**
   * Origins of push services besides the browsers' own (FCM, Mozilla, Apple, Windows), e.g. a self-hosted one or a
   * test's fake: 'http://127.0.0.1:4999'. An endpoint elsewhere is refused at sign-up and never called (SSRF).
   */
  PUSH_EXTRA_ORIGINS: list(''),
  /** Zalo ZNS, on only when the app id, its secret, the approved template and a refresh token are all set. */
  ZALO_APP_ID: z.string().min(1).max(64).optional(),
  ZALO_SECRET_KEY: z.string().min(1).max(200).optional(),
  ZALO_TEMPLATE_ID: z.string().min(1).max(64).optional(),
  /** The first refresh token (Zalo for Developers → the OA's API explorer); later ones are kept in the database. */
  ZALO_REFRESH_TOKEN: z.string().min(1).max(1000).optional(),
  ZALO_TIMEOUT_MS: int(10_000, 100),
  ZALO_API_URL: z.url().default('https://business.openapi.zalo.me/message/template'),
  ZALO_OAUTH_URL: z.url().default('https://oauth.zaloapp.com/v4/oa/access_token'),
};

const channelSchema = z.object(channelVariables);
type ChannelConfig = z.infer<typeof channelSchema>;

const ZALO_REQUIRED = ['ZALO_APP_ID', 'ZALO_SECRET_KEY', 'ZALO_TEMPLATE_ID', 'ZALO_REFRESH_TOKEN'] as const;

/** Variables that are valid alone but not together, as `NAME: why` lines for loadConfig's message. */
export function channelConfigProblems(c: ChannelConfig): string[] {
  const problems: string[] = [];
  if (c.SMS_HTTP_OK_PATH && c.SMS_HTTP_OK_VALUES.length === 0) {
    problems.push(
      'SMS_HTTP_OK_VALUES: cần ít nhất một giá trị khi đặt SMS_HTTP_OK_PATH / required with SMS_HTTP_OK_PATH',
    );
  }
  if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: cần cả hai hoặc không đặt / both or neither');
  }
  const missing = ZALO_REQUIRED.filter((name) => !c[name]);
  if (missing.length > 0 && missing.length < ZALO_REQUIRED.length) {
    problems.push(
      `${missing.join(', ')}: Zalo cần đủ cả bốn biến / Zalo needs all four of ${ZALO_REQUIRED.join(', ')}`,
    );
  }
  return problems;
}

/** Zalo ZNS is on: every one of its four variables is set (loadConfig refuses a part of them). */
export function zaloEnabled(c: ChannelConfig): boolean {
  return ZALO_REQUIRED.every((name) => Boolean(c[name]));
}

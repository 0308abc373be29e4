import '../common/zod-messages';
import { z } from 'zod';
import { EmailSchema, PhoneSchema } from '../auth/auth.schemas';
import { LANGUAGES } from '../common/language';
import { WARNING_KINDS } from '../warnings/warning-rules';
import { CONSENT_SOURCES, SUBSCRIPTION_CHANNELS } from './subscription-rules';

const CommuneCodeSchema = z.string().regex(/^\d{5}$/, 'Mã xã không hợp lệ');

/** A browser's push subscription as `PushSubscription.toJSON()` gives it (RFC 8030 endpoint, RFC 8291 keys). */
export const PushSubscriptionSchema = z
  .object({
    endpoint: z.url({ message: 'Địa chỉ nhận thông báo không hợp lệ' }).max(1000),
    keys: z.object({
      p256dh: z
        .string()
        .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'Khoá thông báo không hợp lệ')
        .max(120),
      auth: z
        .string()
        .regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, 'Khoá thông báo không hợp lệ')
        .max(40),
    }),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

export const SUBSCRIPTION_NO_CHANNEL = 'Chọn ít nhất một cách nhận cảnh báo';
export const SUBSCRIPTION_PHONE_REQUIRED = 'Nhập số điện thoại để nhận SMS hoặc Zalo';
export const SUBSCRIPTION_EMAIL_REQUIRED = 'Nhập địa chỉ thư điện tử';
export const SUBSCRIPTION_PUSH_REQUIRED = 'Trình duyệt chưa cho phép nhận thông báo';
export const SUBSCRIPTION_ZALO_CONSENT = 'Cần đồng ý nhận tin qua Zalo';

/** What a subscriber chooses: where (communes), what (warning kinds) and in which language. */
const ChoiceShape = {
  communes: z.array(CommuneCodeSchema).min(1, 'Chọn ít nhất một xã').max(50),
  kinds: z.array(z.enum(WARNING_KINDS)).min(1, 'Chọn ít nhất một loại cảnh báo').max(WARNING_KINDS.length),
  language: z.enum(LANGUAGES).optional().default('vi'),
};

/** The public sign-up (#24): choices, channels and each channel's address, with the human check. */
export const SubscribeBodySchema = z
  .object({
    ...ChoiceShape,
    channels: z.array(z.enum(SUBSCRIPTION_CHANNELS)).min(1, SUBSCRIPTION_NO_CHANNEL).max(4),
    phone: z
      .union([z.literal(''), z.null(), PhoneSchema])
      .optional()
      .transform((v) => (v ? v : null)),
    email: z
      .union([z.literal(''), z.null(), EmailSchema])
      .optional()
      .transform((v) => (v ? v : null)),
    push: PushSubscriptionSchema.nullish(),
    /** Consent to messages from the portal's Zalo Official Account (required for Zalo). */
    zaloConsent: z.boolean().optional().default(false),
    /** The ALTCHA payload of the verification widget (a code is sent by SMS or e-mail). */
    altcha: z.string().min(1).max(4096),
  })
  .superRefine((b, ctx) => {
    const has = (c: (typeof SUBSCRIPTION_CHANNELS)[number]) => b.channels.includes(c);
    if ((has('sms') || has('zalo')) && !b.phone)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: SUBSCRIPTION_PHONE_REQUIRED });
    if (has('email') && !b.email)
      ctx.addIssue({ code: 'custom', path: ['email'], message: SUBSCRIPTION_EMAIL_REQUIRED });
    if (has('push') && !b.push) ctx.addIssue({ code: 'custom', path: ['push'], message: SUBSCRIPTION_PUSH_REQUIRED });
    if (has('zalo') && !b.zaloConsent)
      ctx.addIssue({ code: 'custom', path: ['zaloConsent'], message: SUBSCRIPTION_ZALO_CONSENT });
  })
  .meta({ id: 'SubscribeBody' });
export type SubscribeBody = z.input<typeof SubscribeBodySchema>;

/** A change of communes, kinds or language from the manage page. */
export const SubscriptionChoiceBodySchema = z.object(ChoiceShape).meta({ id: 'SubscriptionChoiceBody' });
export type SubscriptionChoiceBody = z.input<typeof SubscriptionChoiceBodySchema>;

/** One channel of a subscription, its address masked (the manage page is reached by a link anyone may forward). */
export const SubscriptionChannelItemSchema = z.object({
  channel: z.enum(SUBSCRIPTION_CHANNELS),
  address: z.string(),
  confirmed: z.boolean(),
});

export const SubscriptionViewSchema = z
  .object({
    communes: z.array(z.string()),
    kinds: z.array(z.enum(WARNING_KINDS)),
    language: z.enum(LANGUAGES),
    channels: z.array(SubscriptionChannelItemSchema),
    consentAt: z.string(),
    consentSource: z.enum(CONSENT_SOURCES),
  })
  .meta({ id: 'SubscriptionView' });
export type SubscriptionView = z.infer<typeof SubscriptionViewSchema>;

/** The answer to a sign-up: the signed manage token (kept by the browser) and what still waits for a code. */
export const SubscribeResultSchema = z
  .object({
    token: z.string(),
    /** A code was sent by SMS to confirm the phone (SMS and Zalo wait for it). */
    phonePending: z.boolean(),
    /** A link was sent to confirm the e-mail address. */
    emailPending: z.boolean(),
    subscription: SubscriptionViewSchema,
  })
  .meta({ id: 'SubscribeResult' });
export type SubscribeResult = z.infer<typeof SubscribeResultSchema>;

export const ConfirmEmailBodySchema = z
  .object({ token: z.string().min(10).max(200) })
  .meta({ id: 'ConfirmSubscriptionEmailBody' });

/** The portal's VAPID public key, for `pushManager.subscribe` (applicationServerKey). */
export const PushPublicKeySchema = z.object({ publicKey: z.string() }).meta({ id: 'PushPublicKey' });

/** Subscribers of one commune by channel (confirmed only), on the staff's SMS page. */
export const SubscriberCountSchema = z.object({
  commune: z.string(),
  name: z.string(),
  push: z.number().int(),
  sms: z.number().int(),
  email: z.number().int(),
  zalo: z.number().int(),
  /** People (subscriptions) with at least one confirmed channel. */
  people: z.number().int(),
});
export const SubscriberCountsSchema = z.array(SubscriberCountSchema).meta({ id: 'SubscriberCounts' });
export type SubscriberCount = z.infer<typeof SubscriberCountSchema>;

/** A commune's own list of phone numbers, imported by staff (each confirmed by a code message on first use). */
export const SubscriberImportBodySchema = z
  .object({
    commune: CommuneCodeSchema,
    kinds: ChoiceShape.kinds,
    phones: z.array(z.string().max(40)).min(1, 'Danh sách số điện thoại trống').max(5000),
  })
  .meta({ id: 'SubscriberImportBody' });
export type SubscriberImportBody = z.input<typeof SubscriberImportBodySchema>;

export const SubscriberImportResultSchema = z
  .object({
    /** New numbers, each sent its code message. */
    invited: z.number().int(),
    /** Numbers already subscribed (or invited) for that commune. */
    existing: z.number().int(),
    /** Lines that are not a Vietnamese mobile number, with their line number (1-based). */
    invalid: z.array(z.object({ line: z.number().int(), value: z.string() })),
  })
  .meta({ id: 'SubscriberImportResult' });
export type SubscriberImportResult = z.infer<typeof SubscriberImportResultSchema>;

import {
  type Language,
  PHONE_CHANNELS,
  type PushSubscriptionJson,
  SUBSCRIPTION_EMAIL_REQUIRED,
  SUBSCRIPTION_NO_CHANNEL,
  SUBSCRIPTION_PHONE_REQUIRED,
  SUBSCRIPTION_PUSH_REQUIRED,
  SUBSCRIPTION_ZALO_CONSENT,
  type SubscribeBody,
  SubscribeBodySchema,
  type SubscriptionChannel,
  WARNING_KINDS,
  type WarningKind,
} from '@flood/domain';

/** What the person fills in; the push subscription and the human check's payload are added on submit. */
export interface SubscribeValues {
  communes: string[];
  kinds: WarningKind[];
  channels: SubscriptionChannel[];
  phone: string;
  email: string;
  zaloConsent: boolean;
}

/** The fields a message can stand under, in the page's order (the first one with a message gets the focus). */
export const SUBSCRIBE_FIELDS = [
  'communes',
  'kinds',
  'channels',
  'push',
  'phone',
  'email',
  'zaloConsent',
  'altcha',
] as const;
export type SubscribeField = (typeof SUBSCRIBE_FIELDS)[number];
export type SubscribeErrors = Partial<Record<SubscribeField, string>>;

/** Every warning kind chosen at first: most people want all of them for their commune. */
export const INITIAL_VALUES: SubscribeValues = {
  communes: [],
  kinds: [...WARNING_KINDS],
  channels: [],
  phone: '',
  email: '',
  zaloConsent: false,
};

export const needsPhone = (channels: readonly SubscriptionChannel[]) =>
  channels.some((c) => PHONE_CHANNELS.includes(c));

/**
 * The domain's Vietnamese messages of the sign-up, with the key of each in the texts (so an English page says them
 * in English; `subscriptions.errors` in vi.ts holds the same Vietnamese words, checked by a test).
 */
export const KNOWN_MESSAGES: Record<string, string> = {
  [SUBSCRIPTION_NO_CHANNEL]: 'subscriptions.errors.noChannel',
  [SUBSCRIPTION_PHONE_REQUIRED]: 'subscriptions.errors.phoneRequired',
  [SUBSCRIPTION_EMAIL_REQUIRED]: 'subscriptions.errors.emailRequired',
  [SUBSCRIPTION_PUSH_REQUIRED]: 'subscriptions.errors.pushRequired',
  [SUBSCRIPTION_ZALO_CONSENT]: 'subscriptions.errors.zaloConsent',
  'Chọn ít nhất một xã': 'subscriptions.errors.noCommune',
  'Chọn ít nhất một loại cảnh báo': 'subscriptions.errors.noKind',
  'Số điện thoại không hợp lệ': 'subscriptions.errors.invalidPhone',
  'Email không hợp lệ': 'subscriptions.errors.invalidEmail',
};

/** A field named by a zod path or by the server (`push.keys.auth` → `push`), if the page has it. */
export function fieldOf(name: unknown): SubscribeField | null {
  const head = String(name ?? '').split('.')[0];
  return (SUBSCRIBE_FIELDS as readonly string[]).includes(head ?? '') ? (head as SubscribeField) : null;
}

/** The first message of each field, from a zod failure or the server's `fields`. */
export function errorsByField(
  issues: readonly { field: unknown; message: string }[],
  text: (message: string) => string,
): SubscribeErrors {
  const errors: SubscribeErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue.field);
    if (field && !errors[field]) errors[field] = text(issue.message);
  }
  return errors;
}

/** The body the server takes: only the addresses of the chosen channels are sent. */
export function bodyOf(
  values: SubscribeValues,
  extra: { altcha: string; push: PushSubscriptionJson | null; language: Language },
): SubscribeBody {
  const phone = needsPhone(values.channels) ? values.phone : '';
  const email = values.channels.includes('email') ? values.email : '';
  return {
    communes: values.communes,
    kinds: values.kinds,
    language: extra.language,
    channels: values.channels,
    phone: phone || null,
    email: email || null,
    push: values.channels.includes('push') ? extra.push : null,
    zaloConsent: values.channels.includes('zalo') && values.zaloConsent,
    altcha: extra.altcha,
  };
}

/**
 * The form checked with the domain's schema before anything is asked of the browser or the server. The push
 * subscription does not exist yet (it is made on submit), so its rule is left to that step; a missing human check
 * is said under the widget.
 */
export function checkSubscribe(
  values: SubscribeValues,
  altcha: string | null,
  language: Language,
): { field: SubscribeField; message: string }[] {
  const result = SubscribeBodySchema.safeParse(bodyOf(values, { altcha: altcha ?? '', push: null, language }));
  if (result.success) return [];
  return result.error.issues.flatMap((issue) => {
    const field = fieldOf(issue.path.join('.'));
    if (!field || field === 'push') return [];
    return [{ field, message: field === 'altcha' ? ALTCHA_MISSING : issue.message }];
  });
}

/** Stands for the missing human check among the domain's messages (the page says it in its language). */
export const ALTCHA_MISSING = 'altcha';

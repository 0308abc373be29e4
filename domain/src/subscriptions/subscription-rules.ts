import type { AlertKind } from '../alerts/alerts.schemas';
import { formatSmsTemplate, SMS_EXAMPLE_STATION, SMS_SEGMENT_CHARS, toGsm7 } from '../alerts/sms-template';
import type { WarningKind } from '../warnings/warning-rules';

/** How a resident is told (#24): a notification on the phone or computer, SMS, e-mail, Zalo (ZNS). */
export const SUBSCRIPTION_CHANNELS = ['push', 'sms', 'email', 'zalo'] as const;
export type SubscriptionChannel = (typeof SUBSCRIPTION_CHANNELS)[number];

export const SUBSCRIPTION_CHANNEL_LABELS: Record<SubscriptionChannel, { vi: string; en: string }> = {
  push: { vi: 'Thông báo trên trình duyệt', en: 'Browser notification' },
  sms: { vi: 'Tin nhắn SMS', en: 'SMS' },
  email: { vi: 'Thư điện tử', en: 'E-mail' },
  zalo: { vi: 'Zalo', en: 'Zalo' },
};

// The subscriptions' public paths live apart (every page's route table needs them, not the SMS rules below).
export { SUBSCRIPTION_PATHS } from './subscription-paths';

/** The channels whose address is a phone number, confirmed together by one code sent by SMS. */
export const PHONE_CHANNELS: readonly SubscriptionChannel[] = ['sms', 'zalo'];

/** Where a subscriber's consent came from: the public sign-up page, or a commune's list imported by staff. */
export const CONSENT_SOURCES = ['web', 'import'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/**
 * The warning kind an automatic alert is (#24 routing): a water level or a fast rise is a flood warning, rain
 * is heavy rain; a silent station is not a warning to the public (null).
 */
export function warningKindOfAlert(kind: AlertKind): WarningKind | null {
  if (kind === 'WATER_LEVEL' || kind === 'WATER_RISE') return 'flood';
  if (kind === 'RAIN_INTENSITY' || kind === 'RAIN_24H') return 'heavy_rain';
  return null;
}

/**
 * A Vietnamese mobile number as the providers take it (84xxxxxxxxx): one form per number, so that '0912…',
 * '+84912…' and '84912…' are the same person. Assumes a number PhoneSchema accepted.
 */
export function phoneToInternational(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  if (digits.startsWith('84')) return digits;
  if (digits.startsWith('0')) return `84${digits.slice(1)}`;
  return digits;
}

/** A phone number as staff and the history show it once its owner is gone or to those without `system`: 0912***678. */
export function maskPhone(phone: string): string {
  const national = phone.startsWith('84') ? `0${phone.slice(2)}` : phone;
  if (national.length < 7) return '***';
  return `${national.slice(0, 4)}***${national.slice(-3)}`;
}

/** An e-mail address masked the same way: n***@example.vn. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** A push endpoint shows only its service's host. */
function maskEndpoint(endpoint: string): string {
  const host = /^https?:\/\/([^/?#]+)/.exec(endpoint)?.[1];
  return host ? `${host}/…` : '***';
}

/** The address of a channel, masked: what the public manage page, the history after unsubscribing and logs show. */
export function maskAddress(channel: SubscriptionChannel | 'sms' | 'email', address: string): string {
  if (channel === 'email') return maskEmail(address);
  if (channel === 'push') return maskEndpoint(address);
  return maskPhone(address);
}

/**
 * What every SMS to a subscriber ends with (#24, 'a way out'): the short signed link of their subscription,
 * written without 'https://' (phones make a link of it all the same) to keep the message in one segment.
 */
export function smsWayOut(link: string): string {
  return ` Huy DK: ${link.replace(/^https?:\/\//, '')}`;
}

/**
 * The room an SMS template leaves for the way out of subscribers' messages, as the template editor shows it: a
 * way out to a 16-character host ('canhbao.bache.vn') and a subscriber of five-digit id.
 */
export const SMS_WAY_OUT_EXAMPLE = smsWayOut('canhbao.bache.vn/h/7ps.AbCdEfGhIj');

/**
 * A subscriber's SMS: the text with its way out, in one GSM-7 segment. `make(limit)` writes the text in at most
 * `limit` characters (a template shortens its station name, a warning its headline); what still does not fit is
 * cut at a word's end, never the way out.
 */
export function smsWithWayOut(make: (limit: number) => string, link: string): string {
  const tail = toGsm7(smsWayOut(link));
  const limit = SMS_SEGMENT_CHARS - tail.length;
  let text = toGsm7(make(limit));
  if (text.length > limit) {
    const cut = text.slice(0, limit - 2);
    const word = cut.lastIndexOf(' ');
    text = `${(word > cut.length / 2 ? cut.slice(0, word) : cut).replace(/[\s,;:.]+$/, '')}..`;
  }
  return `${text}${tail}`;
}

/**
 * A template as a subscriber's SMS reads (#24): the editor's example (the longest station name, level 3, 215,43)
 * with the way out of SMS_WAY_OUT_EXAMPLE, and whether the station's name had to be shortened to fit one segment.
 */
export function smsTemplateSubscriberExample(template: string): { text: string; length: number; nameCut: boolean } {
  const args = { station: SMS_EXAMPLE_STATION, level: 3, value: 215.4321 };
  const whole = toGsm7(SMS_EXAMPLE_STATION);
  const text = `${formatSmsTemplate(template, args, SMS_SEGMENT_CHARS - SMS_WAY_OUT_EXAMPLE.length)}${SMS_WAY_OUT_EXAMPLE}`;
  return { text, length: text.length, nameCut: template.includes('%s') && !text.includes(whole) };
}

/**
 * The e-mail footer of a subscriber's message: how to change or end it without signing in. `portal`: how the
 * e-mail names the portal (the area's `emailPortal`, 'Cổng cảnh báo lũ Ba Chẽ').
 */
export function emailWayOut(link: string, portal: string): string {
  return `\n\n—\nBạn nhận thư này vì đã đăng ký nhận cảnh báo của ${portal}. Thay đổi hoặc huỷ đăng ký: ${link}`;
}

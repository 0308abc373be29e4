import { formatNumber } from '../common/number-format';
import { alertValueWithUnit, rain24hPhrase } from './alert-rules';
import type { AlertKind } from './alerts.schemas';
/** Types of SMS templates (back-office §3 SMS template); a fast rise is a rate (cm/h), not a level. */
export const SMS_TEMPLATE_TYPES = ['FLOOD_WARNING', 'RAIN_WARNING', 'WATER_RISE'] as const;
export type SmsTemplateType = (typeof SMS_TEMPLATE_TYPES)[number];

export const SMS_TEMPLATE_TYPE_LABELS: Record<SmsTemplateType, { vi: string; en: string }> = {
  FLOOD_WARNING: { vi: 'Cảnh báo lũ', en: 'Flood warning' },
  RAIN_WARNING: { vi: 'Cảnh báo mưa', en: 'Rain warning' },
  WATER_RISE: { vi: 'Cảnh báo nước lên nhanh', en: 'Rapid rise warning' },
};

/**
 * The default texts (seeded by the migrations; staff may edit them): unaccented GSM-7, one SMS segment
 * (160 characters) with the longest station name, 'báo động 1/2/3' as the bulletins say it — and short enough
 * that a subscriber's SMS, which ends with its way out (#24, about 42 characters), keeps every demo station's
 * name whole.
 */
export const DEFAULT_SMS_TEMPLATES: Record<SmsTemplateType, string> = {
  FLOOD_WARNING: 'CANH BAO LU: %s bao dong %d (%.2f m). Ven song, vung trung chu dong so tan, phong tranh.',
  RAIN_WARNING: 'CANH BAO MUA LON: %s do duoc %.1f mm. Nguy co lu quet, sat lo dat, chu dong phong tranh.',
  WATER_RISE: 'CANH BAO NUOC LEN NHANH: %s len %.0f cm/gio. Ven song, vung trung chu dong phong tranh.',
};

/** What each placeholder means, shown under the template field (the flood one also explains %d). */
export const SMS_TEMPLATE_HELP: Record<SmsTemplateType, { vi: string; en: string }> = {
  FLOOD_WARNING: {
    vi: 'Dùng %s cho tên trạm, %d cho cấp báo động và %f hoặc %.2f cho mực nước (m).',
    en: 'Use %s for the station name, %d for the warning level and %f or %.2f for the water level (m).',
  },
  RAIN_WARNING: {
    vi: 'Dùng %s cho tên trạm và %f hoặc %.2f cho lượng mưa (mm).',
    en: 'Use %s for the station name and %f or %.2f for the rainfall (mm).',
  },
  WATER_RISE: {
    vi: 'Dùng %s cho tên trạm và %f hoặc %.0f cho tốc độ nước lên (cm/giờ).',
    en: 'Use %s for the station name and %f or %.0f for the rate of rise (cm/hour).',
  },
};

/** The template save check (back-office §5): %s and one of %f / %.2f (any %.Nf); %d is explained but not enforced. */
export function isValidSmsTemplate(text: string): boolean {
  return text.includes('%s') && /%(\.\d)?f/.test(text);
}
export const SMS_TEMPLATE_INVALID = 'Vui lòng cập nhật lại nội dung tin nhắn theo mô tả';

/** Signs the portal's texts use that GSM-7 lacks, and what an SMS writes instead. */
const GSM7_SUBSTITUTES: Record<string, string> = {
  '≥': '>=',
  '≤': '<=',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '…': '...',
  '·': '-',
};

/**
 * Text as an SMS carries it in the GSM 7-bit alphabet (one segment holds 160 characters, against 70 for
 * UCS-2): Vietnamese marks stripped, 'đ'/'Đ' → 'd'/'D' ('Trạm thuỷ văn Đồn Đạc' → 'Tram thuy van Don Dac'),
 * and the signs GSM-7 lacks written with its own ('≥' → '>=', '–' → '-'), so one sign does not turn the whole
 * message into UCS-2.
 */
export function toGsm7(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[≥≤–—‘’“”…·]/g, (c) => GSM7_SUBSTITUTES[c] ?? c);
}

/**
 * printf-style formatting of a template: %s station name, %d level, %f / %.Nf value with a decimal comma (as
 * people here read numbers: '0,62'), %% a percent sign. Missing arguments leave the placeholder empty. The
 * e-mail of a warning uses this as it is (accents kept); the SMS goes through `formatSmsTemplate`.
 */
export function fillSmsTemplate(
  template: string,
  args: { station: string; level?: number | null; value: number },
): string {
  return template.replace(/%(%|s|d|\.(\d)f|f)/g, (_m, spec: string, digits?: string) => {
    if (spec === '%') return '%';
    if (spec === 's') return args.station;
    if (spec === 'd') return args.level == null ? '' : String(Math.trunc(args.level));
    if (spec === 'f') return formatNumber(args.value, 6, 'vi', 0).replace(/\./g, '');
    return formatNumber(args.value, Number(digits), 'vi').replace(/\./g, '');
  });
}

/**
 * The SMS text of a template: `fillSmsTemplate`, then unaccented GSM-7 (`toGsm7`), so an accented station
 * name does not turn the SMS into UCS-2 (70 characters a segment instead of 160). When a long station name
 * would make it a second segment (or pass `limit`: a subscriber's SMS keeps room for its way out), the name is
 * shortened (its end cut, a '.' marking the cut), never the words of the template (#24).
 */
export function formatSmsTemplate(
  template: string,
  args: { station: string; level?: number | null; value: number },
  limit: number = SMS_SEGMENT_CHARS,
): string {
  const sms = toGsm7(fillSmsTemplate(template, args));
  const over = smsLength(sms) - limit;
  if (over <= 0 || !template.includes('%s')) return sms;
  const name = toGsm7(args.station);
  const cut = `${name.slice(0, Math.max(1, name.length - over - 1))}.`;
  return toGsm7(fillSmsTemplate(template, { ...args, station: cut }));
}

/**
 * The GSM 03.38 alphabet: its basic set (one septet each) and its extension table (two septets each: the escape
 * and the character). A text with any other character goes as UCS-2.
 */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENDED = new Set('^{}\\[~]|€\f');

/** How an SMS text travels: GSM-7 (160 characters a segment) or UCS-2 (70), from its characters. */
export function smsEncoding(text: string): 'GSM-7' | 'UCS-2' {
  for (const c of text) if (!GSM7_BASIC.has(c) && !GSM7_EXTENDED.has(c)) return 'UCS-2';
  return 'GSM-7';
}

/** The length of an SMS as the network counts it: septets in GSM-7 (an extension character is two), else UTF-16 units. */
export function smsLength(text: string): number {
  if (smsEncoding(text) === 'UCS-2') return text.length;
  let n = 0;
  for (const c of text) n += GSM7_EXTENDED.has(c) ? 2 : 1;
  return n;
}

/** How many segments an SMS takes: one up to 160 (GSM-7) or 70 (UCS-2), else 153 or 67 each (concatenated). */
export function smsSegments(text: string): number {
  const length = smsLength(text);
  const [single, multi] = smsEncoding(text) === 'GSM-7' ? [160, 153] : [70, 67];
  return length <= single ? 1 : Math.ceil(length / multi);
}

/**
 * The longest station name a template is tried with (#24): longer than every demo station's (a test checks it)
 * and than the district's station names, so that a template that fits with it fits with any of them.
 */
export const SMS_EXAMPLE_STATION = 'Trạm thuỷ văn Thị trấn Ba Chẽ (cầu Ba Chẽ)';

/**
 * A template as a real SMS would read, with the longest station name, level 3 and a value of many digits
 * (215,43): what the template editor shows and checks. Its encoding, length and segment count come with it.
 */
export function smsTemplateExample(template: string): {
  text: string;
  encoding: 'GSM-7' | 'UCS-2';
  length: number;
  segments: number;
} {
  const text = toGsm7(fillSmsTemplate(template, { station: SMS_EXAMPLE_STATION, level: 3, value: 215.4321 }));
  return { text, encoding: smsEncoding(text), length: smsLength(text), segments: smsSegments(text) };
}

/** Said when a template's example takes more than one segment. */
export function smsTemplateTooLong(example: { length: number; segments: number }): string {
  return `Tin nhắn mẫu dài ${example.length} ký tự, cần ${example.segments} tin; rút gọn để vừa 1 tin (${SMS_SEGMENT_CHARS} ký tự không dấu)`;
}

/**
 * Delivery status of a message of the send history: PENDING while queued or retrying; SUCCESS; FAILED after
 * the last attempt; UNCERTAIN when the process died while the gateway had the message and the gateway cannot
 * de-duplicate a resend, so it was not sent again (the provider may or may not have taken it; #19); CANCELLED
 * when its alert was cancelled before it went out (#22: a warning that rested on a faulty reading); DELIVERED
 * when the provider's delivery receipt said it reached the phone (#24).
 */
export const SMS_HISTORY_STATUSES = ['PENDING', 'SUCCESS', 'DELIVERED', 'FAILED', 'UNCERTAIN', 'CANCELLED'] as const;
export type SmsHistoryStatus = (typeof SMS_HISTORY_STATUSES)[number];

/** The history texts of back-office §4: status and confirmation from the delivery status. */
export function smsHistoryLabels(status: string): { status: string; confirmation: string } {
  if (status === 'SUCCESS') return { status: 'THÀNH CÔNG', confirmation: 'ĐÃ XEM' };
  if (status === 'DELIVERED') return { status: 'ĐÃ NHẬN', confirmation: 'ĐÃ NHẬN' };
  if (status === 'PENDING') return { status: 'ĐANG GỬI', confirmation: 'CHƯA XEM' };
  if (status === 'UNCERTAIN') return { status: 'KHÔNG RÕ (CÓ THỂ ĐÃ GỬI)', confirmation: 'CHƯA XEM' };
  if (status === 'CANCELLED') return { status: 'ĐÃ HUỶ (KHÔNG GỬI)', confirmation: 'CHƯA XEM' };
  return { status: 'THẤT BẠI', confirmation: 'CHƯA XEM' };
}

/** One SMS segment in GSM-7. */
export const SMS_SEGMENT_CHARS = 160;

/**
 * What a warning is about in a few words, for the short messages (#22): 'mực nước báo động 3', 'mưa to',
 * 'mưa lớn ≥ 100 mm/24 giờ' (`threshold`: the level's; the SMS writes '>=').
 */
function alertPhrase(kind: AlertKind, level: number, threshold?: number | null): string {
  switch (kind) {
    case 'WATER_LEVEL':
      return `mực nước báo động ${level}`;
    case 'WATER_RISE':
      return 'nước lên nhanh';
    case 'RAIN_INTENSITY':
      return level >= 2 ? 'mưa rất to' : 'mưa to';
    case 'RAIN_24H':
      return rain24hPhrase(threshold, 'vi');
    default:
      return 'trạm mất kết nối';
  }
}

/**
 * A text that names a station, kept to one SMS segment once unaccented: when it is too long the station's
 * name is shortened (its end cut, a '.' marking the cut), never the words that say what happened.
 */
function withinSegment(
  make: (station: string) => string,
  station: string,
  limit = SMS_SEGMENT_CHARS,
): { sms: string; email: string } {
  const email = make(station);
  let sms = toGsm7(email);
  const over = sms.length - limit;
  if (over > 0) {
    const name = toGsm7(station);
    sms = toGsm7(make(`${name.slice(0, Math.max(1, name.length - over - 1))}.`));
  }
  return { sms, email };
}

/**
 * The message that takes back a warning sent on a faulty reading (#22), to everyone who received it:
 * 'Huỷ cảnh báo mực nước báo động 3 tại Trạm X: số liệu đo sai, đã hiệu chỉnh. …' — SMS in one GSM-7 segment.
 */
export function alertCancelMessage(
  kind: AlertKind,
  stationName: string,
  level: number,
  threshold?: number | null,
  /** The SMS's room: less than a segment for a subscriber's, which ends with its way out (#24). */
  limit?: number,
): { sms: string; email: string } {
  return withinSegment(
    (station) =>
      `Huỷ cảnh báo ${alertPhrase(kind, level, threshold)} tại ${station}: số liệu đo sai, đã hiệu chỉnh. Không còn cảnh báo này.`,
    stationName,
    limit,
  );
}

/**
 * The reminder to the on-duty list of a level II/III warning nobody acknowledged (#22): what, where, the value
 * now, for how long nobody took charge — SMS in one GSM-7 segment.
 */
export function alertEscalationMessage(
  kind: AlertKind,
  stationName: string,
  level: number,
  value: number,
  minutes: number,
  threshold?: number | null,
): { sms: string; email: string } {
  const now = alertValueWithUnit(kind, value, 'vi');
  return withinSegment(
    (station) =>
      `CHƯA AI NHẬN XỬ LÝ sau ${minutes} phút: ${alertPhrase(kind, level, threshold)} tại ${station}, hiện ${now}. Vào hệ thống để xác nhận.`,
    stationName,
  );
}

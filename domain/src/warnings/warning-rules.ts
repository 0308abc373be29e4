import { toGsm7 } from '../alerts/sms-template';
import type { Language } from '../common/language';
import { formatDateTimeVi } from '../common/time';

/**
 * Warnings issued by officers (#23): what they are about, how severe, and how they read in a banner, a CAP
 * message and one SMS segment. The words follow docs/glossary.md.
 */
export const WARNING_KINDS = ['flood', 'flash_flood', 'landslide', 'heavy_rain', 'inundation', 'other'] as const;
export type WarningKind = (typeof WARNING_KINDS)[number];

export const WARNING_KIND_LABELS: Record<WarningKind, { vi: string; en: string }> = {
  flood: { vi: 'Lũ', en: 'Flood' },
  flash_flood: { vi: 'Lũ quét', en: 'Flash flood' },
  landslide: { vi: 'Sạt lở đất', en: 'Landslide' },
  heavy_rain: { vi: 'Mưa lớn', en: 'Heavy rain' },
  inundation: { vi: 'Ngập lụt', en: 'Inundation' },
  other: { vi: 'Khác', en: 'Other' },
};

/**
 * The scale of a warning's severity: `level` is the portal's own scale of the kind (the bulletins' words:
 * 'báo động 1–3' for a river); `risk` is the disaster risk level 1–5 of Decision 18/2021/QĐ-TTg, used only when
 * the warning relays an official bulletin that states it (the portal never computes it itself).
 */
export const SEVERITY_SCALES = ['level', 'risk'] as const;
export type SeverityScale = (typeof SEVERITY_SCALES)[number];

/** The portal's own levels of each kind, 1 = least severe (index 0 unused). */
export const WARNING_LEVEL_NAMES: Record<WarningKind, { vi: string; en: string }[]> = {
  flood: [
    { vi: '', en: '' },
    { vi: 'Báo động 1', en: 'Alarm level 1' },
    { vi: 'Báo động 2', en: 'Alarm level 2' },
    { vi: 'Báo động 3', en: 'Alarm level 3' },
    { vi: 'Trên báo động 3', en: 'Above alarm level 3' },
  ],
  inundation: [
    { vi: '', en: '' },
    { vi: 'Ngập nhẹ', en: 'Minor' },
    { vi: 'Ngập sâu', en: 'Deep' },
    { vi: 'Ngập rất sâu', en: 'Very deep' },
  ],
  flash_flood: [
    { vi: '', en: '' },
    { vi: 'Có nguy cơ', en: 'Possible' },
    { vi: 'Nguy cơ cao', en: 'Likely' },
    { vi: 'Đang xảy ra', en: 'Occurring' },
  ],
  landslide: [
    { vi: '', en: '' },
    { vi: 'Có nguy cơ', en: 'Possible' },
    { vi: 'Nguy cơ cao', en: 'Likely' },
    { vi: 'Đang xảy ra', en: 'Occurring' },
  ],
  heavy_rain: [
    { vi: '', en: '' },
    { vi: 'Mưa to', en: 'Heavy rain' },
    { vi: 'Mưa rất to', en: 'Very heavy rain' },
    { vi: 'Mưa đặc biệt to', en: 'Extremely heavy rain' },
  ],
  other: [
    { vi: '', en: '' },
    { vi: 'Chú ý', en: 'Caution' },
    { vi: 'Nguy hiểm', en: 'Danger' },
    { vi: 'Rất nguy hiểm', en: 'Extreme danger' },
  ],
};

/**
 * The highest risk level Decision 18/2021 gives each hazard (heavy rain 1–4; flood, inundation 1–5; flash flood
 * and landslide 1–3); `other` relays any level 1–5.
 */
export const RISK_LEVEL_MAX: Record<WarningKind, number> = {
  flood: 5,
  inundation: 5,
  flash_flood: 3,
  landslide: 3,
  heavy_rain: 4,
  other: 5,
};

/** The colours of the risk levels (Decision 18/2021, Art. 4): light blue, light yellow, orange, red, purple. */
export const RISK_LEVEL_COLOURS = ['', '#8fd3fe', '#fff59d', '#ff9800', '#c62828', '#8e24aa'] as const;
export const RISK_LEVEL_COLOUR_NAMES = ['', 'xanh dương nhạt', 'vàng nhạt', 'da cam', 'đỏ', 'tím'] as const;

/** The highest severity of a kind on a scale. */
export function severityMax(kind: WarningKind, scale: SeverityScale): number {
  return scale === 'risk' ? RISK_LEVEL_MAX[kind] : WARNING_LEVEL_NAMES[kind].length - 1;
}

/**
 * The outline of a warning's area on a map: the colour itself, but darker for the two light risk colours (light
 * blue and light yellow would vanish on a pale base map).
 */
export function severityOutline(kind: WarningKind, scale: SeverityScale, severity: number): string {
  if (scale === 'risk' && severity === 1) return '#1565c0';
  if (scale === 'risk' && severity === 2) return '#a08400';
  return severityColour(kind, scale, severity);
}

/** A severity as people read it: 'Báo động 2', 'Mưa rất to', 'Rủi ro thiên tai cấp 3'. */
export function severityName(kind: WarningKind, scale: SeverityScale, severity: number, lang: Language = 'vi'): string {
  if (scale === 'risk') return lang === 'en' ? `Disaster risk level ${severity}` : `Rủi ro thiên tai cấp ${severity}`;
  return WARNING_LEVEL_NAMES[kind][severity]?.[lang] ?? String(severity);
}

/** How severe a warning is on a common 1–3 scale (banner colour, CAP severity, order of warnings). */
export function severityRank(kind: WarningKind, scale: SeverityScale, severity: number): 1 | 2 | 3 {
  if (scale === 'risk') return severity >= 4 ? 3 : severity === 3 ? 2 : 1;
  const top = severityMax(kind, scale);
  if (severity >= Math.min(3, top)) return 3;
  return severity >= 2 ? 2 : 1;
}

/** The colour of a warning's area and badge: the decision's colours for a risk level, the portal's otherwise. */
export function severityColour(kind: WarningKind, scale: SeverityScale, severity: number): string {
  if (scale === 'risk') return RISK_LEVEL_COLOURS[severity] ?? '#c62828';
  // Each carries its words at 4.5:1 or more (dark on the orange, white on the reds).
  return ['', '#f5a623', '#cf1322', '#a8071a'][severityRank(kind, scale, severity)]!;
}

/** Where a warning stands: a draft waits for approval; published ones are scheduled, in force or expired. */
export const WARNING_STATUSES = ['draft', 'scheduled', 'active', 'expired', 'cancelled'] as const;
export type WarningStatus = (typeof WARNING_STATUSES)[number];
export const WARNING_STATUS_LABELS: Record<WarningStatus, { vi: string; en: string }> = {
  draft: { vi: 'Bản nháp – chờ duyệt', en: 'Draft – awaiting approval' },
  scheduled: { vi: 'Đã duyệt – chưa đến giờ hiệu lực', en: 'Approved – not yet in force' },
  active: { vi: 'Đang hiệu lực', en: 'In force' },
  expired: { vi: 'Hết hiệu lực', en: 'Expired' },
  cancelled: { vi: 'Đã huỷ', en: 'Cancelled' },
};

/** The status of a warning at `now` from its stored state. */
export function warningStatus(
  w: {
    publishedAt: Date | string | null;
    cancelledAt: Date | string | null;
    effectiveAt: Date | string;
    expiresAt: Date | string;
  },
  now: Date,
): WarningStatus {
  if (w.cancelledAt) return 'cancelled';
  if (!w.publishedAt) return 'draft';
  if (new Date(w.expiresAt).getTime() <= now.getTime()) return 'expired';
  if (new Date(w.effectiveAt).getTime() > now.getTime()) return 'scheduled';
  return 'active';
}

/** The channels a warning can go out on; subscriber channels come with #24. */
export const WARNING_CHANNELS = ['banner', 'cap', 'sms', 'email'] as const;
export type WarningChannel = (typeof WARNING_CHANNELS)[number];
export const WARNING_CHANNEL_LABELS: Record<WarningChannel, { vi: string; en: string }> = {
  banner: { vi: 'Băng cảnh báo trên mọi trang và bản đồ', en: 'Banner on every page and the map' },
  cap: { vi: 'Bản tin CAP (cho đài, ứng dụng, Google)', en: 'CAP feed (radio, apps, Google)' },
  sms: { vi: 'SMS tới người nhận của các xã', en: 'SMS to the recipients of the communes' },
  email: { vi: 'E-mail tới người nhận của các xã', en: 'E-mail to the recipients of the communes' },
};

/** How long a warning may last at most (an officer renews a longer one by an update). */
export const WARNING_MAX_HOURS = 7 * 24;

/**
 * The CAP `areaDesc` of a part of a warning's area: its communes' short names and the province, under 50
 * characters as aggregators want ('Thanh Sơn, Nam Sơn – Quảng Ninh'); a count when the names do not fit.
 */
export const AREA_DESC_MAX = 49;
export function areaDescription(names: readonly string[], province: string): string {
  const listed = `${names.join(', ')} – ${province}`;
  if (names.length > 0 && listed.length <= AREA_DESC_MAX) return listed;
  if (names.length === 0) return `Vùng khoanh trên bản đồ – ${province}`.slice(0, AREA_DESC_MAX);
  const counted = `${names.length} xã – ${province}`;
  return counted.length <= AREA_DESC_MAX ? counted : `${names.length} xã`;
}

/** What a warning's short message says it is: 'CANH BAO LU (Bao dong 2)'. */
function title(kind: WarningKind, scale: SeverityScale, severity: number): string {
  return `CẢNH BÁO ${WARNING_KIND_LABELS[kind].vi.toUpperCase()} (${severityName(kind, scale, severity)})`;
}

export interface WarningSmsInput {
  kind: WarningKind;
  severityScale: SeverityScale;
  severity: number;
  headline: string;
  /** The communes' short names, or empty for an area drawn on the map. */
  areaNames: readonly string[];
  expiresAt: Date;
  /** The public page of the warning (https://…/canh-bao/12); empty when the portal's address is not set. */
  url: string;
  timeZone: string;
  /** The message's room (160: one segment; less for a subscriber's SMS, which ends with its way out). */
  limit?: number;
}

const link = (url: string) => (url ? ` ${url}` : '');

const shortTime = (d: Date, tz: string) => {
  const t = formatDateTimeVi(d, tz); // '26/11/2026 14:05'
  return `${t.slice(11)} ${t.slice(0, 5)}`;
};

/**
 * Fits a message in one GSM-7 segment: the fixed parts are kept whole (what, where, until when, the link) and
 * the free text (the headline) is cut at a word's end; the area names are counted instead of listed
 * when they alone would not fit.
 */
function oneSegment(
  make: (headline: string, area: string) => string,
  headline: string,
  names: readonly string[],
  limit = 160,
) {
  const full = names.join(', ');
  const counted = names.length ? `${names.length} xa` : 'vung khoanh tren ban do';
  const area = toGsm7(make('', full)).length <= limit - 40 ? full : counted;
  let sms = toGsm7(make(headline, area));
  const over = sms.length - limit;
  if (over > 0) {
    // The free text is cut at a word's end so that what remains still reads as words.
    const h = toGsm7(headline);
    const cut = h.slice(0, Math.max(0, h.length - over));
    const word = cut.lastIndexOf(' ');
    sms = toGsm7(make((word > cut.length / 2 ? cut.slice(0, word) : cut).replace(/[\s,;:.]+$/, ''), area));
  }
  return sms.slice(0, limit);
}

/** The SMS of a published warning, one GSM-7 segment: what, severity, where, the headline, until when, the link. */
export function warningSms(i: WarningSmsInput): string {
  return oneSegment(
    (headline, area) =>
      `${title(i.kind, i.severityScale, i.severity)} ${area}: ${headline}. Den ${shortTime(i.expiresAt, i.timeZone)}.${link(i.url)}`,
    i.headline,
    i.areaNames,
    i.limit,
  );
}

/** The SMS of an update: 'CAP NHAT …' with the new severity, headline and expiry. */
export function warningUpdateSms(i: WarningSmsInput): string {
  return oneSegment(
    (headline, area) =>
      `CAP NHAT ${title(i.kind, i.severityScale, i.severity)} ${area}: ${headline}. Den ${shortTime(i.expiresAt, i.timeZone)}.${link(i.url)}`,
    i.headline,
    i.areaNames,
    i.limit,
  );
}

/** The SMS of a cancel: the warning is lifted, with the officer's reason cut to fit. */
export function warningCancelSms(
  i: Omit<WarningSmsInput, 'severity' | 'severityScale' | 'expiresAt'> & { reason: string },
): string {
  return oneSegment(
    (reason, area) => `HUY CANH BAO ${WARNING_KIND_LABELS[i.kind].vi.toUpperCase()} ${area}: ${reason}.${link(i.url)}`,
    i.reason,
    i.areaNames,
    i.limit,
  );
}

/**
 * The CAP 1.2 classification of an officer's warning: severity from the rank, urgency from when it takes
 * effect, category Geo for a landslide and Met otherwise.
 */
export function warningCapClassification(
  kind: WarningKind,
  scale: SeverityScale,
  severity: number,
  effectiveAt: Date,
  sentAt: Date,
  msgType: 'Alert' | 'Update' | 'Cancel',
) {
  if (msgType === 'Cancel')
    return {
      category: kind === 'landslide' ? 'Geo' : 'Met',
      urgency: 'Past',
      severity: 'Minor',
      certainty: 'Observed',
      responseType: 'AllClear',
    } as const;
  const rank = severityRank(kind, scale, severity);
  return {
    category: kind === 'landslide' ? 'Geo' : 'Met',
    urgency: effectiveAt.getTime() <= sentAt.getTime() + 3_600_000 ? 'Immediate' : 'Expected',
    severity: rank === 3 ? 'Extreme' : rank === 2 ? 'Severe' : 'Moderate',
    certainty: 'Likely',
    responseType: rank === 3 ? 'Evacuate' : rank === 2 ? 'Prepare' : 'Monitor',
  } as const;
}

/**
 * The event codes of the portal's CAP messages (`valueName` CAP_EVENT_CODE_NAME), listed in
 * docs/cap-profile.md: the officers' kinds and the automatic alerts' kinds.
 */
export const CAP_EVENT_CODE_NAME = 'BACHE_FLOOD_PORTAL_EVENT';
export const WARNING_EVENT_CODES: Record<WarningKind, string> = {
  flood: 'FLOOD',
  flash_flood: 'FLASH_FLOOD',
  landslide: 'LANDSLIDE',
  heavy_rain: 'HEAVY_RAIN',
  inundation: 'INUNDATION',
  other: 'OTHER',
};

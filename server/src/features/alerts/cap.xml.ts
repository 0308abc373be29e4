import type { Language } from '@flood/domain';
import {
  ALERT_EVENT_CODES,
  type AlertKind,
  AREA_DESC_MAX,
  areaDescription,
  CAP_EVENT_CODE_NAME,
  capClassification,
  capInfoTexts,
  capRing,
  formatDateTimeVi,
  formatIsoWithOffset,
  partContaining,
} from '@flood/domain';
import type { Commune } from '../../db/seed/seed-files';
import { el, text } from '../../lib/xml';
import type { AlertCapSnapshot, CapMessageFull } from './alerts.repository';
import type { CapMessageRow } from './cap.table';

export const CAP_NS = 'urn:oasis:names:tc:emergency:cap:1.2';

export interface CapSettings {
  sender: string;
  senderName: { vi: string; en: string };
  /** Origin of the portal's public links (https://canhbao.example.vn). */
  baseUrl: string;
  timeZone: string;
  /** Demo data is sent with status 'Test' so that no aggregator takes it for a real warning. */
  demo: boolean;
  /** Radius of the circle around a station outside every known commune (km). */
  fallbackRadiusKm: number;
}

/** The CAP identifier of a message: unique per sender, no spaces, commas, '<' or '&'. */
export const capIdentifier = (s: CapSettings, id: number) => `${s.sender.replace(/[\s,<&]/g, '')}:cap:${id}`;

const reference = (s: CapSettings, m: CapMessageRow) =>
  `${s.sender},${capIdentifier(s, m.id)},${formatIsoWithOffset(m.sentAt, s.timeZone)}`;

/** CAP polygon text: 'lat,lon' pairs from a ring of [lon, lat] (closed, ≤ 6 decimals: `capRing`). */
const capPolygon = (ring: [number, number][]) => ring.map(([lon, lat]) => `${lat},${lon}`).join(' ');

/**
 * The `<area>` of an automatic alert (#23, docs/cap-profile.md): one contiguous area — the part of the commune
 * that holds the station, as a valid polygon (`capRing`), with the commune's GSO code; `areaDesc` under 50
 * characters ('Ba Chẽ – Quảng Ninh', place names: the same in both languages). A station outside every commune (or
 * a part no valid ring can be drawn of) gets a circle.
 */
function area(full: CapMessageFull, commune: Commune | null, s: CapSettings, lang: Language): string {
  const st = full.station;
  const ring = commune ? capRing(partContaining(commune.geometry, st.longitude, st.latitude)) : null;
  const desc = commune
    ? areaDescription([commune.name], commune.province)
    : (lang === 'vi' ? `Khu vực trạm ${st.name}` : `Area of station ${st.name}`).slice(0, AREA_DESC_MAX);
  return el(
    'area',
    null,
    text('areaDesc', desc),
    ring && text('polygon', capPolygon(ring)),
    !ring && text('circle', `${st.latitude.toFixed(5)},${st.longitude.toFixed(5)} ${s.fallbackRadiusKm}`),
    commune && el('geocode', null, text('valueName', 'GSO'), text('value', commune.gsoCode)),
  );
}

/**
 * The threshold a message states (a 24-hour rain alert): kept with the message when it was sent; a message
 * without one (a Cancel written by station editing, an older row) takes the newest earlier one at its level.
 */
function thresholdOf(m: CapMessageRow, earlier: CapMessageRow[]): number | null {
  const own = (m.snapshot as AlertCapSnapshot | null)?.threshold;
  if (own !== undefined && own !== null) return own;
  for (const e of [...earlier].reverse()) {
    const t = (e.snapshot as AlertCapSnapshot | null)?.threshold;
    if (e.level === m.level && t !== undefined && t !== null) return t;
  }
  return null;
}

/** When a message stops being in force; a row from before #23 without one: six hours after it was sent. */
const expiresOf = (m: CapMessageRow) => m.expiresAt ?? new Date(m.sentAt.getTime() + 6 * 3_600_000);

/** One CAP 1.2 alert message with a Vietnamese and an English `info` block. */
export function renderCapAlert(
  full: CapMessageFull,
  earlier: CapMessageRow[],
  commune: Commune | null,
  s: CapSettings,
): string {
  const { message: m, alert: a, station: st } = full;
  const kind = a.kind as AlertKind;
  const sent = formatIsoWithOffset(m.sentAt, s.timeZone);
  const cls = capClassification(kind, m.level, m.msgType);
  const texts = capInfoTexts({
    kind,
    msgType: m.msgType,
    level: m.level,
    value: m.value,
    stationName: st.name,
    positionText: st.description,
    timeText: formatDateTimeVi(m.sentAt, s.timeZone),
    withdrawn: m.msgType === 'Cancel' && a.cancelledAt !== null,
    threshold: thresholdOf(m, earlier),
  });
  const expires = formatIsoWithOffset(expiresOf(m), s.timeZone);
  const unit = kind === 'WATER_LEVEL' ? 'm' : kind === 'WATER_RISE' ? 'cm/h' : kind === 'RAIN_24H' ? 'mm/24h' : 'mm/h';
  const shown = kind === 'WATER_LEVEL' ? (m.value / 100).toFixed(2) : m.value.toFixed(1);
  const info = (lang: Language) =>
    el(
      'info',
      null,
      text('language', lang === 'vi' ? 'vi-VN' : 'en-US'),
      text('category', 'Met'),
      text('event', texts[lang].event),
      text('responseType', cls.responseType),
      text('urgency', cls.urgency),
      text('severity', cls.severity),
      text('certainty', cls.certainty),
      el(
        'eventCode',
        null,
        text('valueName', CAP_EVENT_CODE_NAME),
        text('value', ALERT_EVENT_CODES[kind as keyof typeof ALERT_EVENT_CODES]),
      ),
      text('effective', sent),
      text('expires', expires),
      text('senderName', s.senderName[lang]),
      text('headline', texts[lang].headline),
      text('description', texts[lang].description),
      text('instruction', texts[lang].instruction),
      text('web', `${s.baseUrl}/maps`),
      el('parameter', null, text('valueName', 'LEVEL'), text('value', String(m.level))),
      el('parameter', null, text('valueName', 'VALUE'), text('value', `${shown} ${unit}`)),
      el('parameter', null, text('valueName', 'STATION'), text('value', st.code)),
      area(full, commune, s, lang),
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${el(
    'alert',
    { xmlns: CAP_NS },
    text('identifier', capIdentifier(s, m.id)),
    text('sender', s.sender),
    text('sent', sent),
    text('status', s.demo ? 'Test' : 'Actual'),
    text('msgType', m.msgType),
    text('source', s.senderName.vi),
    text('scope', 'Public'),
    s.demo && text('note', 'Dữ liệu minh hoạ – không phải cảnh báo thật / Demo data – not a real warning'),
    earlier.length > 0 && text('references', earlier.map((e) => reference(s, e)).join(' ')),
    text('incidents', `${s.sender.replace(/[\s,<&]/g, '')}:alert:${a.id}`),
    info('vi'),
    info('en'),
  )}\n`;
}

/** One entry of the Atom index, whoever sent the message (an automatic alert or an officer, #23). */
export interface CapFeedEntry {
  id: string;
  title: string;
  summary: string;
  sentAt: Date;
  msgType: string;
  href: string;
}

/** The feed entry of an automatic alert's message. */
export function capFeedEntry(full: CapMessageFull, s: CapSettings): CapFeedEntry {
  const { message: m, alert: a, station: st } = full;
  const texts = capInfoTexts({
    kind: a.kind as AlertKind,
    msgType: m.msgType,
    level: m.level,
    value: m.value,
    stationName: st.name,
    positionText: st.description,
    timeText: formatDateTimeVi(m.sentAt, s.timeZone),
    withdrawn: m.msgType === 'Cancel' && a.cancelledAt !== null,
    threshold: thresholdOf(m, []),
  });
  return {
    id: capIdentifier(s, m.id),
    title: texts.vi.headline,
    summary: `${texts.vi.headline} / ${texts.en.headline}`,
    sentAt: m.sentAt,
    msgType: m.msgType,
    href: `${s.baseUrl}/api/cap/${m.id}.xml`,
  };
}

/**
 * The Atom index of recent CAP messages (the 'CAP feed' that aggregators poll). Its `updated` is the newest
 * message's time; an empty feed is up to date as of `now` (not 1970).
 */
export function renderCapFeed(items: CapFeedEntry[], s: CapSettings, now: Date): string {
  const updated = formatIsoWithOffset(items[0]?.sentAt ?? now, s.timeZone);
  const entry = (e: CapFeedEntry) => {
    const sent = formatIsoWithOffset(e.sentAt, s.timeZone);
    return el(
      'entry',
      null,
      text('id', e.id),
      text('title', e.title),
      text('updated', sent),
      text('published', sent),
      el('author', null, text('name', s.senderName.vi)),
      text('summary', e.summary),
      el('category', { term: e.msgType }),
      el('link', { rel: 'alternate', type: 'application/cap+xml', href: e.href }),
    );
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${el(
    'feed',
    { xmlns: 'http://www.w3.org/2005/Atom', 'xml:lang': 'vi' },
    text('id', `${s.baseUrl}/api/cap`),
    text('title', `Cảnh báo lũ, mưa (CAP 1.2) – ${s.senderName.vi}`),
    text('subtitle', 'Flood and rain warnings in the Common Alerting Protocol 1.2'),
    text('updated', updated),
    el('author', null, text('name', s.senderName.vi)),
    el('link', { rel: 'self', type: 'application/atom+xml', href: `${s.baseUrl}/api/cap` }),
    el('link', { rel: 'alternate', type: 'text/html', href: `${s.baseUrl}/maps` }),
    items.map(entry),
  )}\n`;
}

import {
  CAP_EVENT_CODE_NAME,
  formatIsoWithOffset,
  type Language,
  type SeverityScale,
  severityName,
  WARNING_EVENT_CODES,
  WARNING_KIND_LABELS,
  type WarningKind,
  warningCapClassification,
} from '@flood/domain';
import { el, text } from '../../lib/xml';
import { CAP_NS, type CapSettings, capIdentifier } from '../alerts/cap.xml';
import type { AreaPart } from './warning-area';
import type { CapRow } from './warnings.repository';

/** An officer's warning as it was when one of its CAP messages was sent (stored with the message). */
export interface WarningSnapshot {
  id: number;
  version: number;
  kind: WarningKind;
  severityScale: SeverityScale;
  severity: number;
  source: string | null;
  headlineVi: string;
  descriptionVi: string;
  instructionVi: string;
  headlineEn: string | null;
  descriptionEn: string | null;
  instructionEn: string | null;
  effectiveAt: string;
  expiresAt: string;
  /** What an update changed, or why it was cancelled. */
  note: string | null;
  attachment: { path: string; mime: string; name: string } | null;
  part: AreaPart;
}

const capPolygon = (ring: [number, number][]) => ring.map(([lon, lat]) => `${lat},${lon}`).join(' ');

const reference = (s: CapSettings, m: CapRow) =>
  `${s.sender},${capIdentifier(s, m.id)},${formatIsoWithOffset(m.sentAt, s.timeZone)}`;

/** The title of a warning in a language: 'Cảnh báo lũ – Báo động 2'. */
export function warningEventName(kind: WarningKind, lang: Language): string {
  return lang === 'en'
    ? `${WARNING_KIND_LABELS[kind].en} warning`
    : `Cảnh báo ${WARNING_KIND_LABELS[kind].vi.toLowerCase()}`;
}

/**
 * One CAP 1.2 message of an officer's warning: one `<alert>` for one contiguous part of its area, a Vietnamese
 * `info` and, when the officer wrote one, an English `info`; `references` names the earlier messages of the
 * same part.
 */
export function renderWarningCap(m: CapRow, earlier: CapRow[], s: CapSettings): string {
  const w = m.snapshot as unknown as WarningSnapshot;
  const msgType = m.msgType;
  const sent = formatIsoWithOffset(m.sentAt, s.timeZone);
  const cls = warningCapClassification(w.kind, w.severityScale, w.severity, new Date(w.effectiveAt), m.sentAt, msgType);
  const expires = formatIsoWithOffset(m.expiresAt ?? new Date(w.expiresAt), s.timeZone);
  const web = `${s.baseUrl}/canh-bao/${w.id}`;
  const cancelled = msgType === 'Cancel';
  // A cancel takes effect when it is sent.
  const effective = cancelled ? sent : formatIsoWithOffset(new Date(w.effectiveAt), s.timeZone);
  const info = (lang: Language) => {
    const vi = lang === 'vi';
    const headline = vi ? w.headlineVi : (w.headlineEn ?? w.headlineVi);
    const shownHeadline = cancelled ? `${vi ? 'Huỷ' : 'Cancelled'}: ${headline}` : headline;
    const description = cancelled
      ? vi
        ? `Cảnh báo đã được huỷ${w.note ? `: ${w.note}` : ''}.`
        : `The warning has been cancelled${w.note ? `: ${w.note}` : ''}.`
      : vi
        ? w.descriptionVi
        : (w.descriptionEn ?? w.descriptionVi);
    const instruction = cancelled
      ? vi
        ? 'Tiếp tục theo dõi thông tin của chính quyền địa phương.'
        : 'Keep following the local authorities’ information.'
      : vi
        ? w.instructionVi
        : (w.instructionEn ?? w.instructionVi);
    return el(
      'info',
      null,
      text('language', vi ? 'vi-VN' : 'en-US'),
      text('category', cls.category),
      text('event', warningEventName(w.kind, lang)),
      text('responseType', cls.responseType),
      text('urgency', cls.urgency),
      text('severity', cls.severity),
      text('certainty', cls.certainty),
      el('eventCode', null, text('valueName', CAP_EVENT_CODE_NAME), text('value', WARNING_EVENT_CODES[w.kind])),
      text('effective', effective),
      text('expires', expires),
      text('senderName', w.source ? `${s.senderName[lang]} – ${w.source}` : s.senderName[lang]),
      text('headline', shownHeadline),
      text('description', description),
      text('instruction', instruction),
      text('web', web),
      el(
        'parameter',
        null,
        text('valueName', w.severityScale === 'risk' ? 'DISASTER_RISK_LEVEL' : 'ALARM_LEVEL'),
        text('value', severityName(w.kind, w.severityScale, w.severity, lang)),
      ),
      w.attachment &&
        !cancelled &&
        el(
          'resource',
          null,
          text(
            'resourceDesc',
            vi ? `Bản tin chính thức: ${w.attachment.name}` : `Official bulletin: ${w.attachment.name}`,
          ),
          text('mimeType', w.attachment.mime),
          text('uri', `${s.baseUrl}${w.attachment.path}`),
        ),
      el(
        'area',
        null,
        text('areaDesc', w.part.desc),
        w.part.rings.map((r) => text('polygon', capPolygon(r))),
        w.part.key !== 'polygon' &&
          w.part.codes.map((c) => el('geocode', null, text('valueName', 'GSO'), text('value', c))),
      ),
    );
  };
  const id = s.sender.replace(/[\s,<&]/g, '');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${el(
    'alert',
    { xmlns: CAP_NS },
    text('identifier', capIdentifier(s, m.id)),
    text('sender', s.sender),
    text('sent', sent),
    text('status', s.demo ? 'Test' : 'Actual'),
    text('msgType', msgType),
    text('source', s.senderName.vi),
    text('scope', 'Public'),
    (s.demo || w.note) &&
      text(
        'note',
        [s.demo ? 'Dữ liệu minh hoạ – không phải cảnh báo thật / Demo data – not a real warning' : '', w.note ?? '']
          .filter(Boolean)
          .join(' · '),
      ),
    earlier.length > 0 && text('references', earlier.map((e) => reference(s, e)).join(' ')),
    text('incidents', `${id}:warning:${w.id}`),
    info('vi'),
    w.headlineEn && info('en'),
  )}\n`;
}

/** The feed entry fields of a warning's message (the Atom index). */
export function warningFeedEntry(m: CapRow, s: CapSettings) {
  const w = m.snapshot as unknown as WarningSnapshot;
  const title = `${m.msgType === 'Cancel' ? 'Huỷ: ' : m.msgType === 'Update' ? 'Cập nhật: ' : ''}${w.headlineVi} – ${w.part.desc}`;
  return {
    id: capIdentifier(s, m.id),
    title,
    summary: w.headlineEn ? `${title} / ${w.headlineEn}` : title,
    sentAt: m.sentAt,
    msgType: m.msgType,
    href: `${s.baseUrl}/api/cap/${m.id}.xml`,
  };
}

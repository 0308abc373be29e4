import { type PolygonalGeometry, type PolygonCoords, type Position, pointInRing } from '../geo/geometry';
import { closeRing, ringProblems } from '../geo/polygon-check';
import { CAP_EVENT_CODE_NAME, WARNING_EVENT_CODES } from '../warnings/warning-rules';
import { alertEndMessage, alertMessage, alertMessageEn } from './alert-rules';
import type { AlertKind } from './alerts.schemas';

/**
 * How a warning reads in a CAP 1.2 message (OASIS Common Alerting Protocol): one rule for every feed
 * reader — severity, urgency and the advice follow the level, in Vietnamese and English.
 */
export type CapMsgType = 'Alert' | 'Update' | 'Cancel';
export type CapSeverity = 'Extreme' | 'Severe' | 'Moderate' | 'Minor';
export type CapUrgency = 'Immediate' | 'Expected' | 'Past';
export type CapResponseType = 'Evacuate' | 'Prepare' | 'Monitor' | 'Avoid' | 'AllClear';

/** The alert kinds that the public feed carries (a silent station is an internal matter for staff). */
export const CAP_PUBLIC_KINDS: readonly AlertKind[] = ['WATER_LEVEL', 'WATER_RISE', 'RAIN_INTENSITY', 'RAIN_24H'];

/**
 * The event codes of the automatic alerts (`valueName` CAP_EVENT_CODE_NAME, docs/cap-profile.md): what was
 * measured, never a hazard the portal does not observe.
 */
export const ALERT_EVENT_CODES: Record<Exclude<AlertKind, 'STATION_SILENT'>, string> = {
  WATER_LEVEL: 'RIVER_LEVEL',
  WATER_RISE: 'RIVER_RISE',
  RAIN_INTENSITY: 'RAIN_HOURLY',
  RAIN_24H: 'RAIN_24H',
};

/** Every event code of the portal's CAP messages: the automatic alerts' and the officers' warnings'. */
export const CAP_EVENT_CODES: readonly string[] = [
  ...Object.values(ALERT_EVENT_CODES),
  ...Object.values(WARNING_EVENT_CODES),
];
export { CAP_EVENT_CODE_NAME };

/** How long an automatic alert's Alert or Update stays in force without news (Web Parameter default, minutes). */
export const CAP_ALERT_LIFETIME_MINUTES = 360;
/** How long a Cancel stays in a reader's list (CAP wants `expires` on it too). */
export const CAP_CANCEL_LIFETIME_MINUTES = 60;

/**
 * The `expires` of an automatic alert's CAP message (#23): an Alert or Update lasts `lifetimeMinutes` (the Web
 * Parameter capAlertLifetimeMinutes; renewed while the alert stays open), a Cancel one hour.
 */
export function capExpiresAt(msgType: CapMsgType, sentAt: Date, lifetimeMinutes: number): Date {
  const minutes = msgType === 'Cancel' ? CAP_CANCEL_LIFETIME_MINUTES : lifetimeMinutes;
  return new Date(sentAt.getTime() + minutes * 60_000);
}

/**
 * Whether an open alert's newest CAP message must be renewed (an Update with a new `expires`): it expires
 * within half the lifetime.
 */
export function capRenewalDue(expiresAt: Date, now: Date, lifetimeMinutes: number): boolean {
  return expiresAt.getTime() - now.getTime() <= (lifetimeMinutes * 60_000) / 2;
}

/** The area of a closed ring (absolute, in square degrees: only compared). */
const shoelace = (r: readonly Position[]) =>
  Math.abs(r.slice(1).reduce((sum, p, i) => sum + r[i]![0]! * p[1]! - p[0]! * r[i]![1]!, 0)) / 2;

const closed = (corners: [number, number][]): [number, number][] =>
  corners.length ? [...corners, [corners[0]![0], corners[0]![1]]] : [];

/**
 * A polygon ring as CAP's profile wants it (#23, docs/cap-profile.md): closed, at most 6 decimals, at least four
 * points, no edge crossing another. Corners that rounding made equal are merged. A ring that crosses itself
 * loses its spike: of the corners whose removal leaves a valid ring, the one that leaves the largest area (a
 * documented rendering rule, docs/cap-profile.md: the data file stays as it is); null when no single corner
 * does, or fewer than four points are left (the caller then gives a circle).
 */
export function capRing(ring: readonly Position[]): [number, number][] | null {
  const rounded = closeRing(ring, 6);
  const corners = rounded.slice(0, -1).filter((p, i, all) => {
    const prev = i === 0 ? null : all[i - 1]!;
    const first = all[0]!;
    const samePrev = prev !== null && p[0] === prev[0] && p[1] === prev[1];
    const sameFirst = i > 0 && i === all.length - 1 && p[0] === first[0] && p[1] === first[1];
    return !samePrev && !sameFirst;
  });
  let r = closed(corners);
  if (r.length >= 4 && ringProblems(r).includes('self-crossing')) {
    const valid = corners
      .map((_, i) => closed(corners.filter((_, j) => j !== i)))
      .filter((c) => c.length >= 4 && ringProblems(c).length === 0);
    r = valid.reduce<[number, number][]>((best, c) => (shoelace(c) > shoelace(best) ? c : best), []);
  }
  return r.length >= 4 && ringProblems(r).length === 0 ? r : null;
}

/**
 * The part of a commune that holds a point (#23: one CAP `<alert>` per contiguous area): a Polygon's outer ring,
 * or the outer ring of the MultiPolygon's part containing it (else its first part).
 */
export function partContaining(geometry: PolygonalGeometry, lon: number, lat: number): Position[] {
  const parts = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as PolygonCoords[];
  const part = parts.find((rings) => pointInRing(lon, lat, rings[0] ?? []));
  return (part ?? parts[0]!)[0] ?? [];
}

export interface CapInfoText {
  event: string;
  headline: string;
  description: string;
  instruction: string;
}

export interface CapClassification {
  urgency: CapUrgency;
  severity: CapSeverity;
  certainty: 'Observed';
  responseType: CapResponseType;
}

/** Level I moderate, II severe, III extreme; a cancelled warning is minor and in the past. */
export function capClassification(kind: AlertKind, level: number, msgType: CapMsgType): CapClassification {
  if (msgType === 'Cancel')
    return { urgency: 'Past', severity: 'Minor', certainty: 'Observed', responseType: 'AllClear' };
  const severity: CapSeverity = level >= 3 ? 'Extreme' : level === 2 ? 'Severe' : 'Moderate';
  const urgency: CapUrgency = level >= 2 || kind === 'WATER_RISE' ? 'Immediate' : 'Expected';
  const responseType: CapResponseType =
    kind === 'WATER_LEVEL'
      ? level >= 3
        ? 'Evacuate'
        : level === 2
          ? 'Prepare'
          : 'Monitor'
      : level >= 2
        ? 'Prepare'
        : 'Avoid';
  return { urgency, severity, certainty: 'Observed', responseType };
}

const EVENT: Record<string, { vi: string; en: string }> = {
  WATER_LEVEL: { vi: 'Lũ trên sông', en: 'River flood' },
  WATER_RISE: { vi: 'Nước lên nhanh', en: 'Rapid river rise' },
  RAIN_INTENSITY: { vi: 'Mưa lớn', en: 'Heavy rain' },
  RAIN_24H: { vi: 'Mưa lớn 24 giờ', en: '24-hour heavy rain' },
};

function instruction(
  kind: AlertKind,
  level: number,
  msgType: CapMsgType,
  withdrawn: boolean,
): { vi: string; en: string } {
  if (withdrawn)
    return {
      vi: 'Cảnh báo này đã được phát dựa trên số liệu đo sai và bị huỷ. Tiếp tục theo dõi thông tin của chính quyền địa phương.',
      en: 'This warning was issued on a faulty reading and is withdrawn. Keep following the local authorities’ information.',
    };
  if (msgType === 'Cancel')
    return {
      vi: 'Cảnh báo đã hết hiệu lực. Tiếp tục theo dõi thông tin của chính quyền địa phương.',
      en: 'The warning is over. Keep following the local authorities’ information.',
    };
  if (kind === 'WATER_LEVEL' && level >= 3)
    return {
      vi: 'Sơ tán ngay khỏi khu vực trũng thấp, ven sông suối đến điểm sơ tán gần nhất; làm theo hướng dẫn của chính quyền địa phương.',
      en: 'Leave low-lying and riverside areas now for the nearest evacuation point; follow the local authorities’ instructions.',
    };
  if (level >= 2)
    return {
      vi: 'Chuẩn bị sẵn sàng sơ tán người và tài sản khỏi khu vực trũng thấp, ven sông suối, sườn đồi; không đi qua ngầm, tràn.',
      en: 'Get ready to move people and belongings away from low-lying, riverside and hillside areas; do not cross fords or spillways.',
    };
  return {
    vi: 'Theo dõi chặt chẽ diễn biến mưa, lũ; không đi qua ngầm, tràn và khu vực trũng thấp.',
    en: 'Follow the rain and river closely; do not cross fords, spillways or low-lying areas.',
  };
}

export interface CapTextInput {
  kind: AlertKind;
  msgType: CapMsgType;
  level: number;
  value: number;
  stationName: string;
  positionText: string;
  /** The time of the message as people read it (district time, e.g. '22/11/2026 14:05'). */
  timeText: string;
  /** A Cancel of a warning that rested on a faulty reading (#22): withdrawn, not over. */
  withdrawn?: boolean;
  /** The threshold of the level when the message was sent (a 24-hour rain alert states it). */
  threshold?: number | null;
}

/** The Vietnamese and English `info` texts of one CAP message. */
export function capInfoTexts(i: CapTextInput): { vi: CapInfoText; en: CapInfoText } {
  const event = EVENT[i.kind] ?? { vi: 'Cảnh báo', en: 'Warning' };
  const cancel = i.msgType === 'Cancel';
  const withdrawn = cancel && i.withdrawn === true;
  const t = i.threshold;
  const vi = withdrawn
    ? `Huỷ cảnh báo – ${alertMessage(i.kind, i.stationName, i.level, i.value, t)}: số liệu đo sai`
    : cancel
      ? `Hết cảnh báo – ${alertEndMessage(i.kind, i.stationName, i.level, i.value, 'vi', t)}`
      : alertMessage(i.kind, i.stationName, i.level, i.value, t);
  const en = withdrawn
    ? `Warning withdrawn – ${alertMessageEn(i.kind, i.stationName, i.level, i.value, t)}: faulty reading`
    : cancel
      ? `Warning over – ${alertEndMessage(i.kind, i.stationName, i.level, i.value, 'en', t)}`
      : alertMessageEn(i.kind, i.stationName, i.level, i.value, t);
  const where = i.positionText ? ` (${i.positionText})` : '';
  const advice = instruction(i.kind, i.level, i.msgType, withdrawn);
  return {
    vi: {
      event: event.vi,
      headline: vi,
      description: `${vi}. Trạm ${i.stationName}${where}, số liệu lúc ${i.timeText}.`,
      instruction: advice.vi,
    },
    en: {
      event: event.en,
      headline: en,
      description: `${en}. Station ${i.stationName}${where}, reading of ${i.timeText} (Vietnam time).`,
      instruction: advice.en,
    },
  };
}

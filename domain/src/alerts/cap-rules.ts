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
  RAIN_24H: { vi: 'Nguy cơ lũ quét, sạt lở đất', en: 'Flash flood and landslide risk' },
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
}

/** The Vietnamese and English `info` texts of one CAP message. */
export function capInfoTexts(i: CapTextInput): { vi: CapInfoText; en: CapInfoText } {
  const event = EVENT[i.kind] ?? { vi: 'Cảnh báo', en: 'Warning' };
  const cancel = i.msgType === 'Cancel';
  const withdrawn = cancel && i.withdrawn === true;
  const vi = withdrawn
    ? `Huỷ cảnh báo – ${alertMessage(i.kind, i.stationName, i.level, i.value)}: số liệu đo sai`
    : cancel
      ? `Hết cảnh báo – ${alertEndMessage(i.kind, i.stationName, i.level, i.value, 'vi')}`
      : alertMessage(i.kind, i.stationName, i.level, i.value);
  const en = withdrawn
    ? `Warning withdrawn – ${alertMessageEn(i.kind, i.stationName, i.level, i.value)}: faulty reading`
    : cancel
      ? `Warning over – ${alertEndMessage(i.kind, i.stationName, i.level, i.value, 'en')}`
      : alertMessageEn(i.kind, i.stationName, i.level, i.value);
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

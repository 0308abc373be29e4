import {
  type Language,
  RISK_LEVEL_COLOURS,
  type SeverityScale,
  severityColour,
  severityMax,
  severityName,
  type Warning,
  type WarningBody,
  type WarningChannel,
  type WarningKind,
} from '@flood/domain';
import type { Dayjs } from 'dayjs';
import { districtPickToOffsetIso, utcIsoToDistrictPick } from '../../../lib/format/date';

export type AreaMode = 'communes' | 'polygon';
/** A ring of [lon, lat] corners, closed (the last corner is the first). */
export type Ring = [number, number][];

/** The uploaded bulletin: its file id and name. */
export interface AttachmentValue {
  id: string;
  name: string | null;
  url: string | null;
}

/** What the composer's form holds; `warningBodyOf` turns it into the API's body. */
export interface WarningValues {
  kind: WarningKind;
  areaMode: AreaMode;
  communes: string[];
  polygon: Ring | null;
  /** 'Chuyển tiếp bản tin chính thức': the severity is then the decision's risk level, with its source. */
  relay: boolean;
  severity: number | undefined;
  source: string;
  headlineVi: string;
  descriptionVi: string;
  instructionVi: string;
  headlineEn: string;
  descriptionEn: string;
  instructionEn: string;
  effectiveAt: Dayjs | null;
  expiresAt: Dayjs | null;
  channels: WarningChannel[];
  attachment: AttachmentValue | null;
  /** 'Nội dung thay đổi' of an update of a published warning. */
  note?: string;
}

export const DEFAULT_CHANNELS: WarningChannel[] = ['banner', 'cap'];
/** A new warning is in force from now for this long, until the officer says otherwise. */
const DEFAULT_HOURS = 24;

/** The 32-hex id of an uploaded file from its URL (`/api/files/<id>`), or null. */
export function fileIdOf(url: string | null | undefined): string | null {
  return /\/files\/([0-9a-f]{32})(?:$|[/?#])/.exec(url ?? '')?.[1] ?? null;
}

/** The form of a new warning (`now` a district-clock picker value) or of a stored one. */
export function initialWarningValues(warning: Warning | null, now: Dayjs): WarningValues {
  if (!warning) {
    const from = now.second(0).millisecond(0);
    return {
      kind: 'flood',
      areaMode: 'communes',
      communes: [],
      polygon: null,
      relay: false,
      severity: undefined,
      source: '',
      headlineVi: '',
      descriptionVi: '',
      instructionVi: '',
      headlineEn: '',
      descriptionEn: '',
      instructionEn: '',
      effectiveAt: from,
      expiresAt: from.add(DEFAULT_HOURS, 'hour'),
      channels: DEFAULT_CHANNELS,
      attachment: null,
    };
  }
  const attachmentId = warning.attachmentId ?? fileIdOf(warning.attachmentUrl);
  return {
    kind: warning.kind,
    areaMode: warning.polygon && warning.polygon.length > 0 ? 'polygon' : 'communes',
    communes: warning.communes,
    polygon: warning.polygon ? (warning.polygon.map(([lon, lat]) => [lon, lat]) as Ring) : null,
    relay: warning.severityScale === 'risk',
    severity: warning.severity,
    source: warning.source ?? '',
    headlineVi: warning.headlineVi,
    descriptionVi: warning.descriptionVi,
    instructionVi: warning.instructionVi,
    headlineEn: warning.headlineEn ?? '',
    descriptionEn: warning.descriptionEn ?? '',
    instructionEn: warning.instructionEn ?? '',
    effectiveAt: utcIsoToDistrictPick(warning.effectiveAt),
    expiresAt: utcIsoToDistrictPick(warning.expiresAt),
    channels: warning.channels,
    attachment: attachmentId ? { id: attachmentId, name: warning.attachmentName, url: warning.attachmentUrl } : null,
  };
}

export const scaleOf = (relay: boolean): SeverityScale => (relay ? 'risk' : 'level');

/**
 * The API's body of the form: the area is the chosen communes or the drawn ring (never both), the severity on
 * the decision's scale when a bulletin is relayed, the times on the district's clock with its offset.
 */
export function warningBodyOf(v: Partial<WarningValues>): WarningBody {
  const polygonMode = v.areaMode === 'polygon';
  return {
    kind: v.kind ?? 'flood',
    communes: polygonMode ? [] : (v.communes ?? []),
    polygon: polygonMode ? (v.polygon ?? null) : null,
    severityScale: scaleOf(Boolean(v.relay)),
    severity: v.severity as number,
    source: v.relay ? v.source?.trim() || null : null,
    headlineVi: v.headlineVi ?? '',
    descriptionVi: v.descriptionVi ?? '',
    instructionVi: v.instructionVi ?? '',
    headlineEn: v.headlineEn?.trim() || null,
    descriptionEn: v.descriptionEn?.trim() || null,
    instructionEn: v.instructionEn?.trim() || null,
    effectiveAt: v.effectiveAt ? districtPickToOffsetIso(v.effectiveAt) : '',
    expiresAt: v.expiresAt ? districtPickToOffsetIso(v.expiresAt) : '',
    channels: v.channels ?? [],
    attachmentId: v.attachment?.id ?? null,
  };
}

/**
 * The form field that shows a problem of the body's field (a zod issue's path or a server's `fields[].field`,
 * `warning.` in front for an update): the scale's problems on the severity, the file's on the attachment, the
 * area's on the communes or the drawn area, whichever is being used.
 */
export function formFieldOf(path: string, areaMode: AreaMode | undefined): keyof WarningValues {
  const first = path.replace(/^warning\./, '').split('.')[0] ?? '';
  switch (first) {
    case 'severityScale':
      return 'severity';
    case 'attachmentId':
      return 'attachment';
    case 'communes':
    case 'polygon':
      return areaMode === 'polygon' ? 'polygon' : 'communes';
    default:
      return first as keyof WarningValues;
  }
}

export interface SeverityOption {
  value: number;
  name: string;
  colour: string;
}

/**
 * The severities the form offers: 1 to the highest of the kind on the scale ('risk' up to RISK_LEVEL_MAX of the
 * kind, in the decision's colours; 'level' the portal's own names of the kind).
 */
export function severityOptions(kind: WarningKind, scale: SeverityScale, lang: Language): SeverityOption[] {
  return Array.from({ length: severityMax(kind, scale) }, (_, i) => i + 1).map((value) => ({
    value,
    name: severityName(kind, scale, value, lang),
    colour: scale === 'risk' ? (RISK_LEVEL_COLOURS[value] ?? '') : severityColour(kind, scale, value),
  }));
}

/** Corners as the API wants them: 6 decimals (about 10 cm), repeated neighbours dropped, the ring closed. */
export function closedRing(points: readonly [number, number][]): Ring {
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  const out: Ring = [];
  for (const [lon, lat] of points) {
    const p: [number, number] = [round(lon), round(lat)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && out.length > 1 && (first[0] !== last[0] || first[1] !== last[1])) out.push([first[0], first[1]]);
  return out;
}

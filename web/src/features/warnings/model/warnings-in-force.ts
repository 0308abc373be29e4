import { type Language, type PublicWarning, severityRank } from '@flood/domain';
import { formatDistrictDateTime } from '../../../lib/format/date';

const time = (iso: string) => new Date(iso).getTime();

/**
 * The warnings still in force at `now`, most severe first (then the newest): the server's list is read once a
 * minute, so a warning that expired since leaves the banner and the map by the client's clock, without a reload.
 */
export function warningsInForce(warnings: readonly PublicWarning[], now: number): PublicWarning[] {
  return warnings
    .filter((w) => !w.cancelledAt && time(w.expiresAt) > now)
    .sort(
      (a, b) =>
        severityRank(b.kind, b.severityScale, b.severity) - severityRank(a.kind, a.severityScale, a.severity) ||
        time(b.effectiveAt) - time(a.effectiveAt) ||
        b.id - a.id,
    );
}

/** Milliseconds until the next of these warnings expires after `now`, or null when none will. */
export function msUntilNextExpiry(warnings: readonly PublicWarning[], now: number): number | null {
  const next = Math.min(...warnings.map((w) => time(w.expiresAt)).filter((t) => t > now));
  return Number.isFinite(next) ? next - now : null;
}

/** 'HH:mm DD/MM/YYYY' on the district's clock: the hour first, as a warning's end is read ('đến 14:00 26/11/2026'). */
export function hourThenDate(iso: string): string {
  const text = formatDistrictDateTime(iso);
  return text ? `${text.slice(11)} ${text.slice(0, 10)}` : '';
}

/** The area as people read it: the communes' names, or null for an area drawn on the map. */
export function areaNames(warning: Pick<PublicWarning, 'area'>): string | null {
  return warning.area.names.length ? warning.area.names.join(', ') : null;
}

/** The headline in the reader's language (Vietnamese when no English was written). */
export function headlineOf(warning: Pick<PublicWarning, 'headlineVi' | 'headlineEn'>, lang: Language): string {
  return lang === 'en' && warning.headlineEn ? warning.headlineEn : warning.headlineVi;
}

/** The public page of a warning, served by the server as plain HTML (not a route of the app). */
export function publicWarningPath(id: number): string {
  return `/canh-bao/${id}`;
}

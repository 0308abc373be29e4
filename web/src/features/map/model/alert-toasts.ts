import { type Alert, compareAlertSeverity } from '@flood/domain';

/** The highest level already seen, by alert id; null before the first list of open warnings arrived. */
export type ToastedLevels = ReadonlyMap<number, number> | null;

/** At most this many warning toasts at once; the banner lists every warning. */
export const MAX_ALERT_TOASTS = 3;

/**
 * Which open warnings to toast now: only what is new while the page is open — an alert first seen, or one that
 * escalated — never those already open when the page loads (the banner shows them), never again on a poll or a
 * refresh, nor when one is lowered. A silent station is not a hazard and is not toasted (the banner lists it).
 * Several at once come most severe first (`compareAlertSeverity`).
 */
export function pickAlertsToToast(
  alerts: readonly Alert[],
  seen: ToastedLevels,
): { toast: Alert[]; toasted: Map<number, number> } {
  const next = new Map(seen ?? []);
  const toast: Alert[] = [];
  for (const alert of alerts) {
    if (alert.kind === 'STATION_SILENT' || alert.level < 1 || alert.clearedAt) continue;
    const before = next.get(alert.id);
    if (before !== undefined && alert.level <= before) continue;
    next.set(alert.id, alert.level);
    if (seen) toast.push(alert);
  }
  return { toast: toast.sort(compareAlertSeverity), toasted: next };
}

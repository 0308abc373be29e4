import type { Alert } from '@flood/domain';

/** The highest level already toasted, by alert id. */
export type ToastedLevels = ReadonlyMap<number, number>;

/**
 * Which open warnings to toast now (DECISIONS "Warnings": every station at or above its level 1): each alert
 * once per level it reaches — on opening and on every escalation — never again on a poll or a refresh, nor
 * when it is lowered. A silent station is not a hazard and is not toasted (the banner lists it).
 */
export function pickAlertsToToast(
  alerts: readonly Alert[],
  toasted: ToastedLevels,
): { toast: Alert[]; toasted: Map<number, number> } {
  const next = new Map(toasted);
  const toast: Alert[] = [];
  for (const alert of alerts) {
    if (alert.kind === 'STATION_SILENT' || alert.level < 1 || alert.clearedAt) continue;
    const before = next.get(alert.id);
    if (before !== undefined && alert.level <= before) continue;
    next.set(alert.id, alert.level);
    toast.push(alert);
  }
  return { toast, toasted: next };
}

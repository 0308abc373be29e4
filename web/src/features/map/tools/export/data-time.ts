import type { GeodataItem, StationReading } from '@flood/domain';
import { chosenItem, type LayerState, shownStationKind } from '../../../../map-kit/model/layer-state';

/**
 * The moment the map's data describes, for the printed and exported map ('Dữ liệu lúc …'): the chosen
 * item's time for a timed layer, the newest reading of the shown stations for a live layer; null when
 * nothing is known (no reading yet, or the lists are still loading).
 */
export function mapDataTime(
  layers: LayerState,
  readings: readonly StationReading[] | undefined,
  timedItems: readonly GeodataItem[] | undefined,
): Date | null {
  const chosen = chosenItem(layers);
  if (chosen) {
    const time = timedItems?.find((i) => i.id === chosen.itemId)?.time;
    return time ? new Date(time) : null;
  }
  if (!shownStationKind(layers)) return null;
  let newest: number | null = null;
  for (const r of readings ?? []) {
    if (!r.observedAt) continue;
    const t = Date.parse(r.observedAt);
    if (Number.isFinite(t) && (newest === null || t > newest)) newest = t;
  }
  return newest === null ? null : new Date(newest);
}

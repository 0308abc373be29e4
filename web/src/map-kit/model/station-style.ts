import {
  RAIN_MARKER_COLOURS,
  rainMarkerClass,
  type StationReading,
  WATER_MARKER_COLOURS,
  type WaterStatus,
} from '@flood/domain';

/** Silent and empty stations are grey (and drawn dashed when silent). */
export const MUTED_MARKER_COLOUR = '#9e9e9e';

export interface MarkerLook {
  colour: string;
  /** 'Mất kết nối': drawn grey and dashed. */
  disconnected: boolean;
}

/** Rain markers by the rain marker classes (30/15/5/0 mm/h), water markers by the station's warning level. */
export function markerLook(reading: StationReading): MarkerLook {
  if (reading.disconnected) return { colour: MUTED_MARKER_COLOUR, disconnected: true };
  if (reading.value === null) return { colour: MUTED_MARKER_COLOUR, disconnected: false };
  if (reading.kind === 'rain')
    return { colour: RAIN_MARKER_COLOURS[rainMarkerClass(reading.value)], disconnected: false };
  const colour = WATER_MARKER_COLOURS[reading.status as WaterStatus] ?? MUTED_MARKER_COLOUR;
  return { colour, disconnected: false };
}

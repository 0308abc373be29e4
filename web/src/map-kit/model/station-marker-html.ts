import type { Language, StationReading } from '@flood/domain';
import { textOn } from '../../components/reading-colours';
import { escapeHtml } from './html';
import { stationValueText } from './map-texts';
import { markerLook } from './station-style';

/** The pill on the map: the value, coloured by class or level; silent stations grey and dashed. */
export function markerHtml(reading: StationReading, lang: Language): string {
  const look = markerLook(reading);
  const value = reading.value === null ? '–' : stationValueText(reading.kind, reading.value, lang);
  const classes = ['station-marker', `station-marker-${reading.kind}`];
  if (look.disconnected) classes.push('station-marker-disconnected');
  const colours = look.disconnected ? '' : `background:${look.colour};color:${textOn(look.colour)};`;
  return `<span class="${classes.join(' ')}" style="${colours}" data-testid="station-marker-${escapeHtml(
    reading.stationCode,
  )}" data-status="${escapeHtml(reading.status)}">${escapeHtml(value)}</span>`;
}

import type { Language, StationReading } from '@flood/domain';
import type { TFunction } from 'i18next';
import { readingMark, textOn } from '../../components/reading-colours';
import { escapeHtml } from './html';
import { readingMarkText, stationValueText } from './map-texts';
import { markerLook } from './station-style';

/**
 * The pill on the map: the value, coloured by class or level; silent stations grey and dashed. A value not
 * confirmed yet or doubted (#22) keeps its colour, takes a dashed dark outline and its word under the pill
 * ('chưa xác nhận', 'nghi ngờ'), so it never looks like a confirmed level.
 */
export function markerHtml(reading: StationReading, lang: Language, t: TFunction): string {
  const look = markerLook(reading);
  const value = reading.value === null ? '–' : stationValueText(reading.kind, reading.value, lang);
  const mark = readingMark(reading);
  const classes = ['station-marker', `station-marker-${reading.kind}`];
  if (look.disconnected) classes.push('station-marker-disconnected');
  if (mark) classes.push('station-marker-marked', `station-marker-${mark}`);
  const colours = look.disconnected ? '' : `background:${look.colour};color:${textOn(look.colour)};`;
  // The word is drawn by the stylesheet (::after) from data-mark-label: the pill's text stays its value, and the
  // marker's accessible name (its tooltip) says the word.
  const marked = mark ? ` data-mark="${mark}" data-mark-label="${escapeHtml(readingMarkText(t, reading) ?? '')}"` : '';
  return `<span class="${classes.join(' ')}" style="${colours}" data-testid="station-marker-${escapeHtml(
    reading.stationCode,
  )}" data-status="${escapeHtml(reading.status)}"${marked}>${escapeHtml(value)}</span>`;
}

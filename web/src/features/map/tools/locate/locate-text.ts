import type { Language } from '@flood/domain';
import type { TFunction } from 'i18next';
import { formatMapNumber } from '../../../../map-kit/model/map-texts';

/** Spec §9: the locate control's feet per metre. */
export const FEET_PER_METRE = 3.28;

/** The located position's popup: the accuracy in whole metres (and feet in English, spec §9). */
export function accuracyText(t: TFunction, accuracyMetres: number, lang: Language): string {
  return t('map.locate.here', {
    metres: formatMapNumber(Math.round(accuracyMetres), 0, lang),
    feet: formatMapNumber(Math.round(accuracyMetres * FEET_PER_METRE), 0, lang),
  });
}

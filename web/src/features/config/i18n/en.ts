import type { TextsOf } from '../../../lib/i18n/texts-of';
import type { configVi } from './vi';

/** English texts of the configurations page: the keys of `vi.ts`, no more, no fewer (checked by the type). */
export const configEn: TextsOf<typeof configVi> = {
  config: {
    add: 'Add configuration',
    name: 'Name',
    createdAt: 'Created at',
    params: 'Parameters',
    parametersTitle: 'Display parameters',
    metresPerHour: 'm/h',
    contentTitle: 'Content',
    createTitle: 'Add configuration',
    content: 'Content',
    createSuccess: 'Configuration added',
    updateSuccess: 'Updated',
    deleteSuccess: 'Configuration deleted!',
    param: {
      waterHigh: 'High water – default level III (m)',
      waterMedium: 'Medium water – default level II (m)',
      waterLow: 'Low water – default level I (m)',
      rainVeryHigh: 'Very heavy rain (mm/h)',
      rainHigh: 'Heavy rain (mm/h)',
      rainMedium: 'Moderate rain (mm/h)',
      rainLow: 'Light rain (mm/h)',
      notRain: 'No rain (mm/h)',
      disconnectAfterMinutes: 'Disconnected after (minutes)',
      rain24hLevel1: '24-hour rain – level I (mm)',
      rain24hLevel2: '24-hour rain – level II (mm)',
      rain24hLevel3: '24-hour rain – level III (mm)',
      waterRiseCmPerHour: 'Fast water rise (m/hour)',
      waterClearMarginCm: 'Water margin before a warning lowers (m)',
      rainClearMarginMm: 'Rain margin before a warning lowers (mm)',
      alertClearMinutes: 'Time below before a warning lowers (minutes)',
    },
  },
};

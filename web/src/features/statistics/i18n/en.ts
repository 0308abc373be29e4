import type { TextsOf } from '../../../lib/i18n/texts-of';
import type { statisticsVi } from './vi';

/**
 * English texts of the statistics pages (flood analysis's charts use some too): the keys of `vi.ts`, no more, no fewer
 * (checked by the type).
 */
export const statisticsEn: TextsOf<typeof statisticsVi> = {
  statistics: {
    rainStations: 'Rain stations',
    comparison: 'Compare data',
    rainTab: 'Rain data',
    waterTab: 'Water-level data',
    modeRange: 'One station over time',
    modeMoment: 'Several stations at one moment',
    station: 'Station',
    chooseStation: 'Choose a station',
    range: 'Period',
    date: 'Date',
    hour: 'Hour',
    export: 'Export to Excel',
    noData: 'No data',
    noValue: 'No value',
    axisTime: 'Time',
    axisStation: 'Station',
    axisRain: 'Rainfall (mm/h)',
    floodPeak: 'Largest recorded flood: {{value}} ({{event}})',
    axisWater: 'Water level (m)',
    level1: 'Level I',
    level2: 'Level II',
    level3: 'Level III',
    rainRangeChart: 'Rainfall over time',
    waterRangeChart: 'Water level over time',
    rainMomentChart: 'Rainfall of the stations at one moment',
    waterMomentChart: 'Water level of the stations at one moment',
  },
};

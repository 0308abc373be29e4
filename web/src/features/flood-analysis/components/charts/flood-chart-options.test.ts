import type { StationSeries } from '@flood/domain';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { seriesSummaryRows } from './flood-chart-options';

const t = i18n.getFixedT('vi');

describe("the water chart's text alternative", () => {
  it('reads its figures off the line: a suspect reading (#22) counts in none of them', () => {
    const series: StationSeries = {
      stationCode: 'F01024',
      stationName: 'Cầu Ba Chẽ',
      kind: 'water',
      levels: null,
      points: [
        { time: '2026-11-23T00:00:00.000Z', value: 40 },
        { time: '2026-11-23T01:00:00.000Z', value: 900, quality: 'suspect' },
        { time: '2026-11-23T02:00:00.000Z', value: 60 },
        { time: '2026-11-23T03:00:00.000Z', value: 5, quality: 'suspect' },
      ],
    };
    expect(seriesSummaryRows(series, t).map((row) => row.slice(0, 2))).toEqual([
      ['Cao nhất', '0,60'],
      ['Thấp nhất', '0,40'],
      ['Trung bình', '0,50'],
      ['Mới nhất', '0,60'],
    ]);
  });
});

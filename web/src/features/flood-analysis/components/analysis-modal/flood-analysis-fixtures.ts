import type { FloodAnalysis } from '@flood/domain';

// A flood layer measured against two communes (as `GET /api/flood-analysis/{id}` answers), for the tests.

const area = (id: string, name: string, areaHa: number, byClass: [string, number][]) => {
  const floodedHa = Math.round(byClass.reduce((s, [, ha]) => s + ha, 0) * 100) / 100;
  return {
    id,
    code: null,
    name,
    fullName: id === 'TOTAL' ? 'Tổng' : `Xã ${name}`,
    areaHa,
    floodedM2: Math.round(floodedHa * 10_000),
    floodedHa,
    sharePercent: Math.round((1000 * floodedHa) / areaHa) / 10,
    byClass: byClass.map(([key, ha]) => ({ key, floodedM2: Math.round(ha * 10_000), floodedHa: ha })),
  };
};

export const SAMPLE_ANALYSIS: FloodAnalysis = {
  geodataId: 42,
  name: 'ngap-15-06.geojson',
  type: 'CURRENT_HIGH',
  time: '2024-06-15T03:00:00.000Z',
  demo: false,
  status: 'DONE',
  error: null,
  regionLayerId: 7,
  computedAt: '2024-06-15T03:01:00.000Z',
  durationMs: 40,
  classes: [
    { key: '0.5-1', fromM: 0.5, toM: 1, colour: '#deebf7', vi: '0,5–1 m', en: '0.5–1 m' },
    { key: '2.5-3', fromM: 2.5, toM: 3, colour: '#4292c6', vi: '2,5–3 m', en: '2.5–3 m' },
  ],
  total: area('TOTAL', 'Tổng', 900, [
    ['0.5-1', 240.5],
    ['2.5-3', 12.25],
  ]),
  communes: [
    area('101', 'Thanh Sơn', 400, [
      ['0.5-1', 120.25],
      ['2.5-3', 0],
    ]),
    area('102', 'Đồn Đạc', 500, [
      ['0.5-1', 120.25],
      ['2.5-3', 12.25],
    ]),
  ],
  outsideHa: 3.5,
  features: 3,
  skipped: 0,
};

/** The same layer without depths (`value`): every flooded area is of the 'unknown' class. */
export const NO_DEPTH_ANALYSIS: FloodAnalysis = {
  ...SAMPLE_ANALYSIS,
  classes: [{ key: 'unknown', fromM: null, toM: null, colour: '#bdbdbd', vi: 'Không rõ độ sâu', en: 'Unknown depth' }],
  communes: SAMPLE_ANALYSIS.communes.map((c) => ({
    ...c,
    byClass: [{ key: 'unknown', floodedM2: c.floodedM2, floodedHa: c.floodedHa }],
  })),
};

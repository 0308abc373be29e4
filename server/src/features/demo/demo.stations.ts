/**
 * Demo stations (fictional gauges at real places of Ba Chẽ district; the commune points come from
 * seed/geo/commune_label_points.geojson, see seed/geo/SOURCES.md). F01024 plays the observed scenario of
 * DECISIONS.md: opposite the district medical centre, level II = 0.5 m.
 */
export interface DemoStation {
  code: string;
  name: string;
  description: string;
  lat: number;
  long: number;
  /** Water stations: levels (cm), normal level and how strongly the water answers rain. */
  levels?: [number, number, number];
  base?: number;
  gain?: number;
  /** Rain stations: how much wetter than the district average (1 = average). */
  wetness?: number;
}

export const DEMO_STATIONS: DemoStation[] = [
  {
    code: 'F00001',
    name: 'Trạm đo mưa Thị trấn Ba Chẽ',
    description: 'UBND thị trấn Ba Chẽ (minh hoạ)',
    lat: 21.268,
    long: 107.29096,
    wetness: 1,
  },
  {
    code: 'F00002',
    name: 'Trạm đo mưa Thanh Sơn',
    description: 'Xã Thanh Sơn (minh hoạ)',
    lat: 21.30228,
    long: 107.21155,
    wetness: 1.1,
  },
  {
    code: 'F00003',
    name: 'Trạm đo mưa Thanh Lâm',
    description: 'Xã Thanh Lâm (minh hoạ)',
    lat: 21.31759,
    long: 107.14836,
    wetness: 1.25,
  },
  {
    code: 'F00004',
    name: 'Trạm đo mưa Đạp Thanh',
    description: 'Xã Đạp Thanh (minh hoạ)',
    lat: 21.29373,
    long: 107.10343,
    wetness: 1.2,
  },
  {
    code: 'F00005',
    name: 'Trạm đo mưa Nam Sơn',
    description: 'Xã Nam Sơn (minh hoạ)',
    lat: 21.25033,
    long: 107.30416,
    wetness: 0.9,
  },
  {
    code: 'F00006',
    name: 'Trạm đo mưa Lương Minh',
    description: 'Xã Lương Minh (minh hoạ)',
    lat: 21.25209,
    long: 107.03184,
    wetness: 1.15,
  },
  {
    code: 'F00007',
    name: 'Trạm đo mưa Đồn Đạc',
    description: 'Xã Đồn Đạc (minh hoạ)',
    lat: 21.2035,
    long: 107.24719,
    wetness: 0.95,
  },
  {
    code: 'F00008',
    name: 'Trạm đo mưa Khe Lạnh',
    description: 'Thượng nguồn suối Khe Lạnh (minh hoạ)',
    lat: 21.345,
    long: 107.2,
    wetness: 1.3,
  },
  {
    code: 'F01024',
    name: 'Trạm thuỷ văn Ba Chẽ',
    description: 'Đối diện Trung tâm Y tế huyện Ba Chẽ (minh hoạ)',
    lat: 21.273,
    long: 107.2896,
    levels: [30, 50, 70],
    base: 12,
    gain: 0.31,
  },
  {
    code: 'F01021',
    name: 'Trạm thuỷ văn Thanh Lâm',
    description: 'Cầu Thanh Lâm (minh hoạ)',
    lat: 21.31,
    long: 107.155,
    levels: [150, 200, 250],
    base: 80,
    gain: 0.77,
  },
  {
    code: 'F01022',
    name: 'Trạm thuỷ văn Thanh Sơn',
    description: 'Bến Thanh Sơn (minh hoạ)',
    lat: 21.295,
    long: 107.225,
    levels: [180, 240, 300],
    base: 95,
    gain: 0.91,
  },
  {
    code: 'F01023',
    name: 'Trạm thuỷ văn Nam Sơn',
    description: 'Cầu Nam Sơn (minh hoạ)',
    lat: 21.255,
    long: 107.31,
    levels: [200, 260, 320],
    base: 110,
    gain: 0.94,
  },
  {
    code: 'F01025',
    name: 'Trạm thuỷ văn Đồn Đạc',
    description: 'Ngầm Đồn Đạc (minh hoạ)',
    lat: 21.21,
    long: 107.25,
    levels: [120, 170, 220],
    base: 60,
    gain: 0.71,
  },
];

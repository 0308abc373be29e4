/**
 * The map's data layers (GLOSSARY "Map layers"): the map shows a layer only when the data-layer list holds
 * it by its exact Vietnamese name and it is on. These six are seeded (migration 0005).
 */
export const MAP_LAYERS = {
  realRain: { vi: 'Mưa thực đo', en: 'Measured rainfall' },
  satelliteRain: { vi: 'Mưa vệ tinh', en: 'Satellite rainfall' },
  forecastRain: { vi: 'Mưa dự báo', en: 'Forecast rainfall' },
  realWater: { vi: 'Mực nước thực đo', en: 'Measured water level' },
  flood: { vi: 'Ngập lụt', en: 'Flooding' },
  floodScenario: { vi: 'Kịch bản ngập lụt', en: 'Flood scenario' },
} as const;
export type MapLayerKey = keyof typeof MAP_LAYERS;

/** The symbols a layer can have: an icon and a colour, chosen as a pair; a new layer gets the first. */
export const DATA_LAYER_SYMBOLS = [
  { icon: 'cloud', color: '#1677ff' },
  { icon: 'global', color: '#13c2c2' },
  { icon: 'clock', color: '#722ed1' },
  { icon: 'drop', color: '#0958d9' },
  { icon: 'flood', color: '#d4380d' },
  { icon: 'experiment', color: '#fa8c16' },
  { icon: 'environment', color: '#389e0d' },
  { icon: 'flag', color: '#cf1322' },
] as const;
export type DataLayerSymbol = (typeof DATA_LAYER_SYMBOLS)[number];

/**
 * What other features and the map kit may use of stations: the readings and stations APIs (the map, the
 * statistics, flood analysis and the parameters read them). Everything else in this folder is its own.
 */
export {
  fetchReadings,
  fetchSeries,
  momentExportPath,
  READING_TYPE_OF,
  type ReadingType,
  seriesExportPath,
  waterKeys,
  webParametersKey,
} from './api/readings-api';
export { fetchStations, fetchStationsOfKind, stationsKeys } from './api/stations-api';

/**
 * What other features may use of the officers' warnings (#23): the warnings in force and their banner line (the
 * alerts banner), their areas (the public map), and the communes to choose from (the SMS recipients).
 */
export { useWarningsInForce } from './api/use-warnings-in-force';
export { activeWarningsQuery, useCommunes } from './api/warnings-api';
export { WarningLine } from './components/warning-line';
/** The areas on the public map and their list (with Leaflet: loaded by the map page only, never by the banner). */
export const loadWarningAreas = () => import('./components/warning-areas');
/** The small map of the communes (the composer's; the 'Khu vực' page previews the units with it). */
export const loadCommuneMap = () => import('./components/commune-map');

/** What other features and the map kit may use of the app's information (the map's tiles). */
export { appInfoQuery, useAppInfo } from './api/app-info-api';

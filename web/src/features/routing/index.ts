/** What other features and the map kit may use of route planning: the route and the saved routes. */
export { useDeleteSavedRoute, useRoute, useSavedRoutes, useSaveRoute } from './api/routing-api';

/** What other features may use of the warnings: the open warnings query (the map's toasts). */
export { activeAlertsQuery, useActiveAlerts } from './api/alerts-api';

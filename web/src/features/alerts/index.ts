/** What other features may use of the warnings: the open warnings query (the map's toasts). */
export { useActiveAlerts } from './api/alerts-api';

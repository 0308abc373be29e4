// Every table of the portal, for drizzle-kit and the typed client.

export * from '../features/alerts/alert-evaluations.table';
export * from '../features/alerts/alerts.table';
export * from '../features/alerts/cap.table';
export * from '../features/alerts/gateway-log.table';
export * from '../features/alerts/sms-admin.table';
export * from '../features/audit/audit.table';
export * from '../features/auth/sessions.table';
export * from '../features/categories/categories.table';
export * from '../features/config/config.table';
export * from '../features/damage/damage.table';
export * from '../features/data-layers/data-layers.table';
export * from '../features/feedback/feedback.table';
export * from '../features/files/files.table';
export * from '../features/flood-analysis/flood-analysis.table';
export * from '../features/flood-events/flood-events.table';
export * from '../features/flood-photos/flood-photos.table';
export * from '../features/geodata/geodata.table';
export * from '../features/groups/groups.table';
export * from '../features/news/news.table';
export * from '../features/readings/import-jobs.table';
export * from '../features/readings/readings.table';
export * from '../features/routing/saved-routes.table';
export * from '../features/stations/stations.table';
export * from '../features/subscriptions/subscriptions.table';
export * from '../features/users/users.table';
export * from '../features/warnings/warnings.table';

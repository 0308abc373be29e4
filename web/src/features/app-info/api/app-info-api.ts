import { type AppInfo, AppInfoSchema } from '@flood/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export async function fetchAppInfo(): Promise<AppInfo> {
  return AppInfoSchema.parse(await api.get('/app-info', { errorHandling: 'none' }));
}

export const appInfoQuery = queryOptions({ queryKey: ['app-info'], queryFn: fetchAppInfo, staleTime: 10 * 60_000 });

/** Installation facts (demo mode, time zone), fetched once per page load. */
export function useAppInfo() {
  return useQuery(appInfoQuery);
}

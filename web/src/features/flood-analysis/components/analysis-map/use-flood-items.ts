import { useQuery } from '@tanstack/react-query';
import { fetchGeodataList, mapKeys } from '../../../../map-kit/api/map-api';
import { FLOOD_MENU_TYPES, type FloodMenu } from './analysis-layer-state';

/** The items (times) of one layer menu, newest first: the map's own list read, shared with the public map's cache. */
export function useFloodItems(menu: FloodMenu) {
  const type = FLOOD_MENU_TYPES[menu];
  return useQuery({ queryKey: mapKeys.geodataList(type), queryFn: () => fetchGeodataList(type), staleTime: 30_000 });
}

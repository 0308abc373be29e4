import { type Area, AreaSchema, type AreaSettingsBody, type RegionUnits, RegionUnitsSchema } from '@flood/domain';
import { api } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

export { areaKey } from '../../../lib/area/use-area';

/** The units of the current region layer read with the chosen properties. */
export async function fetchRegionUnits(q: {
  codeProperty: string;
  nameProperty: string;
  typeProperty?: string;
}): Promise<RegionUnits> {
  return RegionUnitsSchema.parse(await api.get(`/area/region-units${queryString(q)}`, { errorHandling: 'no-toast' }));
}

export async function saveArea(body: AreaSettingsBody): Promise<Area> {
  return AreaSchema.parse(await api.put('/area', body, { errorHandling: 'no-toast' }));
}

/** Back to the built-in area (the former district's pre-2025 units). */
export async function resetArea(): Promise<Area> {
  return AreaSchema.parse(await api.delete('/area', { errorHandling: 'no-toast' }));
}

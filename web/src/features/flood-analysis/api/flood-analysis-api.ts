import { type FloodAnalysis, FloodAnalysisSchema } from '@flood/domain';
import { API_PREFIX } from '../../../lib/api/client';

/** Query key of a flood layer's analysis (the public map's flood modal). */
export const floodAnalysisKey = (geodataId: number) => ['map', 'flood-analysis', geodataId] as const;

/**
 * `GET /api/flood-analysis/{geodataId}` (public): the flooded area per commune of one flood layer. A layer
 * without an analysis (404) gives null, which the modal shows as 'Không có dữ liệu'. Revalidated every time
 * (`no-cache`): the modal polls it while the analysis is under way.
 */
export async function fetchFloodAnalysis(geodataId: number): Promise<FloodAnalysis | null> {
  const response = await fetch(`${API_PREFIX}/flood-analysis/${geodataId}`, {
    headers: { Accept: 'application/json' },
    cache: 'no-cache',
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${response.status} /flood-analysis/${geodataId}`);
  return FloodAnalysisSchema.parse(await response.json());
}

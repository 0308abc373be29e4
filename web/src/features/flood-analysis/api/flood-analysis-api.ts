import { type FloodAnalysis, FloodAnalysisSchema } from '@flood/domain';
import { ApiError, api } from '../../../lib/api/client';

/** Query key of a flood layer's analysis (the public map's flood modal). */
export const floodAnalysisKey = (geodataId: number) => ['map', 'flood-analysis', geodataId] as const;

/**
 * `GET /api/flood-analysis/{geodataId}` (public): the flooded area per commune of one flood layer. A layer
 * without an analysis (404) gives null, which the modal shows as 'Không có dữ liệu'. Revalidated every time
 * (`no-cache`): the modal polls it while the analysis is under way.
 */
export async function fetchFloodAnalysis(geodataId: number): Promise<FloodAnalysis | null> {
  try {
    return FloodAnalysisSchema.parse(
      await api.get(`/flood-analysis/${geodataId}`, { anonymous: true, cache: 'no-cache', errorHandling: 'none' }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

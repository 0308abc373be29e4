import {
  type CorrectionResult,
  CorrectionResultSchema,
  type CorrectReadingBody,
  type FlagRangeBody,
  type ReadingsReview,
  ReadingsReviewSchema,
} from '@flood/domain';
import { api } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

/**
 * Query keys of the readings review (#22): under `water`, so a new reading (SSE) or new thresholds refresh the
 * page like every other view of readings, and a correction refreshes the latest values with it.
 */
export const reviewKeys = {
  all: ['water', 'review'] as const,
  review: (stationCode: string, from?: string, to?: string) =>
    ['water', 'review', stationCode, from ?? null, to ?? null] as const,
};

/** One station's readings with their quality flags, its levels and its last corrections; no dates = the last 24 h. */
export async function fetchReadingsReview(stationCode: string, from?: string, to?: string): Promise<ReadingsReview> {
  return ReadingsReviewSchema.parse(await api.get(`/readings/review${queryString({ stationCode, from, to })}`));
}

/** One reading corrected, marked faulty or accepted as good (values in the stored unit: water cm, rain mm). */
export async function correctReading(body: CorrectReadingBody): Promise<CorrectionResult> {
  return CorrectionResultSchema.parse(await api.post('/readings/correct', body, { errorHandling: 'no-toast' }));
}

/** Every reading of the station between two instants marked faulty. */
export async function flagReadingsRange(body: FlagRangeBody): Promise<CorrectionResult> {
  return CorrectionResultSchema.parse(await api.post('/readings/flag-range', body, { errorHandling: 'no-toast' }));
}

import {
  type FloodEvent,
  type FloodEventBody,
  type FloodEventPage,
  FloodEventPageSchema,
  type FloodEventRecomputeResult,
  FloodEventRecomputeResultSchema,
  FloodEventSchema,
} from '@flood/domain';
import { api } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

export interface FloodEventListQuery {
  page: number;
  pageSize: number;
  /** A part of the shown name ('Trận lũ ngày 03/11/2026'), so a date or a month finds its events too. */
  q?: string;
}

/** Query keys of the flood events: every list sits under `all`, so one invalidation refreshes them. */
export const floodEventsKeys = {
  all: ['flood-events'] as const,
  list: (q: FloodEventListQuery) => ['flood-events', 'list', q] as const,
};

export async function fetchFloodEvents(q: FloodEventListQuery): Promise<FloodEventPage> {
  return FloodEventPageSchema.parse(await api.get(`/flood-event${queryString({ ...q })}`));
}

export async function createFloodEvent(body: FloodEventBody): Promise<FloodEvent> {
  return FloodEventSchema.parse(await api.post('/flood-event', body, { errorHandling: 'no-toast' }));
}

export async function updateFloodEvent(id: number, body: FloodEventBody): Promise<FloodEvent> {
  return FloodEventSchema.parse(await api.put(`/flood-event/${id}`, body, { errorHandling: 'no-toast' }));
}

export async function deleteFloodEvent(id: number): Promise<void> {
  await api.delete(`/flood-event/${id}`, { errorHandling: 'no-toast' });
}

/** Detects the events of a period again from the stored water readings (staff's own events stay). */
export async function recomputeFloodEvents(from: string, to: string): Promise<FloodEventRecomputeResult> {
  return FloodEventRecomputeResultSchema.parse(
    await api.post('/flood-event/recompute', { from, to }, { errorHandling: 'no-toast' }),
  );
}

import {
  type Feedback,
  type FeedbackBody,
  type FeedbackListQuery,
  type FeedbackPage,
  FeedbackPageSchema,
  FeedbackSchema,
} from '@flood/domain';
import { api } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

/** Query keys of the feedback list: every page sits under `all`, so one invalidation refreshes them. */
export const feedbackKeys = {
  all: ['feedback'] as const,
  list: (q: FeedbackListQuery) => ['feedback', 'list', q] as const,
};

/** `POST /api/feedback` (public): the form shows its own field errors and messages, so no global toast. */
export async function sendFeedback(body: FeedbackBody): Promise<Feedback> {
  return FeedbackSchema.parse(await api.post('/feedback', body, { errorHandling: 'no-toast' }));
}

/** `GET /api/feedback` (permission `system`): newest first. */
export async function fetchFeedbackList(q: FeedbackListQuery): Promise<FeedbackPage> {
  return FeedbackPageSchema.parse(await api.get(`/feedback${queryString({ ...q })}`));
}

export async function updateFeedback(id: number, body: FeedbackBody): Promise<Feedback> {
  return FeedbackSchema.parse(await api.put(`/feedback/${id}`, body, { errorHandling: 'no-toast' }));
}

export async function deleteFeedback(id: number): Promise<void> {
  await api.delete(`/feedback/${id}`, { errorHandling: 'no-toast' });
}

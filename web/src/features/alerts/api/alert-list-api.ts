import {
  type AcknowledgeBody,
  type Alert,
  type AlertDetail,
  AlertDetailSchema,
  type AlertPage,
  AlertPageSchema,
  AlertSchema,
} from '@flood/domain';
import { api } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

/** 'open': the alerts still on (unconfirmed ones included); 'all': every alert, newest first. */
export type AlertStatusFilter = 'open' | 'all';

export interface AlertListQuery {
  page: number;
  pageSize: number;
  status: AlertStatusFilter;
}

/**
 * Query keys of the alerts page, under the warnings' root (`alertsKeys.all`) but apart from the public open
 * warnings, so refreshing the page does not refetch the banner and the reverse.
 */
export const alertListKeys = {
  list: ['alerts', 'list'] as const,
  listPage: (q: AlertListQuery) => ['alerts', 'list', q] as const,
  detail: ['alerts', 'detail'] as const,
  detailOf: (id: number) => ['alerts', 'detail', id] as const,
};

/** `GET /api/alerts`: one page of the alerts, newest first (staff with `sms`). */
export async function fetchAlertPage(q: AlertListQuery): Promise<AlertPage> {
  return AlertPageSchema.parse(
    await api.get(`/alerts${queryString({ page: q.page, pageSize: q.pageSize, status: q.status })}`),
  );
}

/** `GET /api/alerts/{id}`: the alert, its timeline and how its messages went. */
export async function fetchAlertDetail(id: number): Promise<AlertDetail> {
  return AlertDetailSchema.parse(await api.get(`/alerts/${id}`));
}

/** `POST /api/alerts/{id}/acknowledge`: the signed-in user takes charge; 409 when someone already has. */
export async function acknowledgeAlert(id: number, body: AcknowledgeBody): Promise<Alert> {
  return AlertSchema.parse(await api.post(`/alerts/${id}/acknowledge`, body, { errorHandling: 'no-toast' }));
}

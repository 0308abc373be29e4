import {
  type UploadedFile,
  UploadedFileSchema,
  type Warning,
  type WarningBody,
  type WarningDetail,
  WarningDetailSchema,
  type WarningPage,
  WarningPageSchema,
  WarningSchema,
  type WarningStatus,
} from '@flood/domain';
import { api, apiRaw } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

export type WarningStatusFilter = 'all' | WarningStatus;

export interface WarningListQuery {
  page: number;
  pageSize: number;
  status: WarningStatusFilter;
}

/** Query keys of the back-office page, apart from the public warnings in force. */
export const warningAdminKeys = {
  list: ['warnings', 'list'] as const,
  listPage: (q: WarningListQuery) => ['warnings', 'list', q] as const,
  detail: ['warnings', 'detail'] as const,
  detailOf: (id: number) => ['warnings', 'detail', id] as const,
};

/** `GET /api/warnings` (permission `warning`): one page of the warnings, newest first. */
export async function fetchWarningPage(q: WarningListQuery): Promise<WarningPage> {
  return WarningPageSchema.parse(
    await api.get(`/warnings${queryString({ status: q.status, page: q.page, pageSize: q.pageSize })}`),
  );
}

/** `GET /api/warnings/{id}`: the warning, its timeline, its CAP messages and how its messages went. */
export async function fetchWarningDetail(id: number): Promise<WarningDetail> {
  return WarningDetailSchema.parse(await api.get(`/warnings/${id}`));
}

/** `POST /api/warnings`: a new draft, waiting for another officer's approval. */
export async function createWarning(body: WarningBody): Promise<Warning> {
  return WarningSchema.parse(await api.post('/warnings', body, { errorHandling: 'no-toast' }));
}

/** `PUT /api/warnings/{id}`: edits a draft. */
export async function editWarning(id: number, body: WarningBody): Promise<Warning> {
  return WarningSchema.parse(await api.put(`/warnings/${id}`, body, { errorHandling: 'no-toast' }));
}

/** `DELETE /api/warnings/{id}`: a draft only. */
export async function deleteWarning(id: number): Promise<void> {
  await api.delete(`/warnings/${id}`);
}

/**
 * `POST /api/warnings/{id}/approve`: publishes a draft. The server refuses (403) whoever composed or last edited
 * it; that refusal is not a lost permission, so it is not handled globally (which would send the officer home).
 */
export async function approveWarning(id: number): Promise<Warning> {
  return WarningSchema.parse(await api.post(`/warnings/${id}/approve`, undefined, { errorHandling: 'none' }));
}

/** `POST /api/warnings/{id}/publish-urgent`: the composer publishes alone, saying why (audited). */
export async function publishWarningUrgently(id: number, reason: string): Promise<Warning> {
  return WarningSchema.parse(await api.post(`/warnings/${id}/publish-urgent`, { reason }, { errorHandling: 'none' }));
}

/** `POST /api/warnings/{id}/update`: a new version of a published warning (CAP Update, a short update SMS). */
export async function updatePublishedWarning(id: number, warning: WarningBody, note: string): Promise<Warning> {
  return WarningSchema.parse(
    await api.post(`/warnings/${id}/update`, { warning, note }, { errorHandling: 'no-toast' }),
  );
}

/** `POST /api/warnings/{id}/cancel`: lifts a published warning (CAP Cancel, a cancel SMS). */
export async function cancelWarning(id: number, reason: string): Promise<Warning> {
  return WarningSchema.parse(await api.post(`/warnings/${id}/cancel`, { reason }, { errorHandling: 'no-toast' }));
}

/** `POST /api/files` (multipart field `file`), the upload of the news attachments: the official bulletin's PDF. */
export async function uploadBulletin(file: Blob, fileName: string): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, fileName);
  const response = await apiRaw('/files', { method: 'POST', body, errorHandling: 'no-toast' });
  return UploadedFileSchema.parse(await response.json());
}

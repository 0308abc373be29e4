import {
  type DirectiveDocumentPage,
  DirectiveDocumentPageSchema,
  type News,
  type NewsBody,
  type NewsPage,
  NewsPageSchema,
  NewsSchema,
  type NewsStatus,
  type NewsType,
  type UploadedFile,
  UploadedFileSchema,
  type ViewCount,
  ViewCountSchema,
  type ViewStatistic,
  ViewStatisticSchema,
} from '@flood/domain';
import { api, apiRaw } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

// One client for the news resource, shared by the public pages and the news management page.

export interface NewsListParams {
  page: number;
  pageSize: number;
  type?: NewsType;
  /** Back-office list (permission `news`): drafts and scheduled items too. */
  all?: boolean;
  status?: NewsStatus;
  /** One unit's pages (#26 point 4): its items and the whole area's. */
  unit?: string;
}

/** Query keys of the news: every list and item sits under `all`, so one invalidation refreshes them. */
export const newsKeys = {
  all: ['news'] as const,
  list: (q: NewsListParams) => ['news', 'list', q] as const,
  item: (id: number) => ['news', 'item', id] as const,
  about: ['news', 'about'] as const,
  documents: (q: { page: number; pageSize: number }) => ['news', 'documents', q] as const,
  views: (id: number) => ['news', 'views', id] as const,
  statistic: ['news', 'view-statistic'] as const,
};

/** `GET /api/news`: the public list (published, date come) or, with `all`, the back-office list. */
export async function fetchNewsList(q: NewsListParams): Promise<NewsPage> {
  return NewsPageSchema.parse(await api.get(`/news${queryString({ ...q, all: q.all ? 'true' : undefined })}`));
}

/** `GET /api/news/{id}`; `errorHandling` lets the detail page show its own 'Không tìm thấy bài viết'. */
export async function fetchNews(id: number, errorHandling: 'global' | 'none' = 'global'): Promise<News> {
  return NewsSchema.parse(await api.get(`/news/${id}`, { errorHandling }));
}

/** `GET /api/news/about`: the single GIOI_THIEU record, or null while none exists (404). */
export async function fetchAbout(): Promise<News | null> {
  try {
    return NewsSchema.parse(await api.get('/news/about', { errorHandling: 'none' }));
  } catch (error) {
    if (error instanceof Error && 'status' in error && (error as { status: number }).status === 404) return null;
    throw error;
  }
}

export async function createNews(body: NewsBody): Promise<News> {
  return NewsSchema.parse(await api.post('/news', body, { errorHandling: 'no-toast' }));
}

export async function updateNews(id: number, body: NewsBody): Promise<News> {
  return NewsSchema.parse(await api.put(`/news/${id}`, body, { errorHandling: 'no-toast' }));
}

export async function deleteNews(id: number): Promise<void> {
  await api.delete(`/news/${id}`, { errorHandling: 'no-toast' });
}

/** `GET /api/document`: the published directive documents, newest first. */
export async function fetchDocuments(q: { page: number; pageSize: number }): Promise<DirectiveDocumentPage> {
  return DirectiveDocumentPageSchema.parse(await api.get(`/document${queryString({ ...q })}`));
}

/** `POST /api/view`: counts one reading of a public item (no toast: a lost count must not bother a reader). */
export async function registerView(newsId: number): Promise<void> {
  await api.post('/view', { newsId }, { errorHandling: 'none' });
}

/** `GET /api/view?newsId=`: the item's view count. */
export async function fetchViewCount(newsId: number): Promise<ViewCount> {
  return ViewCountSchema.parse(await api.get(`/view${queryString({ newsId })}`, { errorHandling: 'none' }));
}

/** `GET /api/view-statistic` (permission `news`): today, week, month, year. */
export async function fetchViewStatistic(): Promise<ViewStatistic> {
  return ViewStatisticSchema.parse(await api.get('/view-statistic'));
}

/** `POST /api/files` (permission `news`, multipart field `file`): the stored file with its URL. */
export async function uploadFile(file: Blob, fileName: string): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, fileName);
  const response = await apiRaw('/files', { method: 'POST', body, errorHandling: 'no-toast' });
  return UploadedFileSchema.parse(await response.json());
}

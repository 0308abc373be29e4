import {
  type CrsChoice,
  ERROR_MESSAGES,
  ErrorBodySchema,
  type GeodataFileType,
  type GeodataFolderBody,
  type GeodataItem,
  GeodataItemSchema,
  type GeodataPage,
  GeodataPageSchema,
  type GeodataType,
  MAX_PAGE_SIZE,
  type ReportData,
  ReportDataSchema,
  UserDetailSchema,
} from '@flood/domain';
import { API_PREFIX, ApiError, api } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/api/download';
import { queryString } from '../../../lib/api/query-string';
import { clearSession, getToken, updateUserDetail } from '../../../lib/session/session-store';

export interface FolderQuery {
  parentId: number | null;
  page: number;
  pageSize: number;
}

/** Query keys of the geodata files: every list sits under `geodata`, so one invalidation refreshes them all. */
export const geodataKeys = {
  all: ['geodata'] as const,
  folder: (q: FolderQuery) => ['geodata', 'folder', q] as const,
  ofType: (type: GeodataType) => ['geodata', 'type', type] as const,
  reportData: ['geodata', 'report-data'] as const,
};

/** The content of a folder (the root when `parentId` is null), folders first then newest. */
export async function fetchFolder(q: FolderQuery): Promise<GeodataPage> {
  const search = queryString({ parentId: q.parentId, page: q.page, pageSize: q.pageSize });
  return GeodataPageSchema.parse(await api.get(`/geojson${search}`));
}

/** Every item of a type, newest first (the gallery's png images). */
export async function fetchGeodataOfType(type: GeodataType): Promise<GeodataItem[]> {
  const page = GeodataPageSchema.parse(await api.get(`/geojson${queryString({ type, pageSize: MAX_PAGE_SIZE })}`));
  return page.items;
}

export async function createFolder(body: GeodataFolderBody): Promise<GeodataItem> {
  return GeodataItemSchema.parse(await api.post('/geojson/folder', body, { errorHandling: 'no-toast' }));
}

/** Deletes a file, or a folder with all its content. */
export async function deleteGeodata(id: number): Promise<void> {
  await api.delete(`/geojson/${id}`, { errorHandling: 'no-toast' });
}

/** Saves the bytes of a file under its original name (`?download=1` makes the server name it). */
export async function downloadGeodata(item: GeodataItem): Promise<string> {
  if (!item.url) throw new Error('a folder has no bytes');
  const path = item.url.startsWith(API_PREFIX) ? item.url.slice(API_PREFIX.length) : item.url;
  return downloadFile(`${path}${path.includes('?') ? '&' : '?'}download=1`, item.name);
}

// ---------- upload with progress ----------

export interface UploadFields {
  type: GeodataFileType;
  /** UTC ISO without milliseconds, e.g. 2026-11-22T07:00:00Z (timed types). */
  time?: string;
  parentId?: number | null;
  /** The file's coordinate system (#26 point 5); 'auto' is the server's default. */
  crs?: CrsChoice;
  /** TM-3's central meridian, for crs 'vn2000-tm3'. */
  meridian?: number;
  /** Repair self-crossing or overlapping polygons instead of refusing them. */
  repair?: boolean;
}

function errorFromXhr(xhr: XMLHttpRequest): ApiError {
  let data: unknown;
  try {
    data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
  } catch {
    data = undefined;
  }
  const parsed = ErrorBodySchema.safeParse(data);
  if (parsed.success) return new ApiError(xhr.status, parsed.data);
  const code = xhr.status === 401 ? 'UNAUTHENTICATED' : xhr.status === 403 ? 'FORBIDDEN' : 'INTERNAL';
  return new ApiError(xhr.status, { code, message: ERROR_MESSAGES[code], requestId: '' });
}

/** 401 signs out (the access guard then leaves the page); 403 reloads the user's permissions, as the API client does. */
async function handleAuthFailure(error: ApiError): Promise<void> {
  if (error.status === 401) {
    clearSession();
  } else if (error.status === 403) {
    try {
      updateUserDetail(UserDetailSchema.parse(await api.get('/user-info', { errorHandling: 'none' })));
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 401) clearSession();
    }
  }
}

/**
 * `POST /api/geojson` as multipart (the file last), through XMLHttpRequest so the dialog can show how much
 * was sent. Rejects with `ApiError` (status 0 for a network failure) or an AbortError DOMException.
 */
export function uploadGeodata(
  fields: UploadFields,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<GeodataItem> {
  const form = new FormData();
  form.append('type', fields.type);
  if (fields.time) form.append('time', fields.time);
  if (fields.parentId) form.append('parentId', String(fields.parentId));
  if (fields.crs && fields.crs !== 'auto') form.append('crs', fields.crs);
  if (fields.crs === 'vn2000-tm3' && fields.meridian !== undefined) form.append('meridian', String(fields.meridian));
  if (fields.repair) form.append('repair', 'true');
  form.append('file', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PREFIX}/geojson`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          onProgress(100);
          resolve(GeodataItemSchema.parse(JSON.parse(xhr.responseText)));
        } catch (cause) {
          reject(cause);
        }
        return;
      }
      const error = errorFromXhr(xhr);
      void handleAuthFailure(error).finally(() => reject(error));
    };
    xhr.onerror = () => reject(new ApiError(0, { code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL, requestId: '' }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

// ---------- statistics workbook ----------

export type ReportSheet = ReportData['sheets'][number];

/** `GET /api/report-data`: the first two sheets of the newest xlsx file. */
export async function fetchReportData(): Promise<ReportData> {
  return ReportDataSchema.parse(await api.get('/report-data'));
}

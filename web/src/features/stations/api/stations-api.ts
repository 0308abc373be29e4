import {
  type ImportJob,
  ImportJobSchema,
  MAX_PAGE_SIZE,
  type Station,
  type StationBody,
  type StationDetail,
  StationDetailSchema,
  type StationKind,
  type StationPage,
  StationPageSchema,
  type StationStatus,
} from '@flood/domain';
import { api, apiRaw } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

export interface StationListQuery {
  page: number;
  pageSize: number;
  keyword?: string;
  kind?: StationKind;
  /** One unit's stations (a unit's public pages, #26 point 4). */
  unit?: string | undefined;
}

/** Query keys of stations: every list and detail sits under `stations`, so one invalidation refreshes them. */
export const stationsKeys = {
  all: ['stations'] as const,
  list: (q: StationListQuery) => ['stations', 'list', q] as const,
  ofKind: (kind: StationKind) => ['stations', 'kind', kind] as const,
  detail: (id: number) => ['stations', 'detail', id] as const,
  importJob: (id: string) => ['stations', 'import', id] as const,
};

export async function fetchStations(q: StationListQuery): Promise<StationPage> {
  return StationPageSchema.parse(await api.get(`/station${queryString({ ...q })}`));
}

/** Every station of a kind (selects of the statistics page). */
export async function fetchStationsOfKind(kind: StationKind): Promise<Station[]> {
  return (await fetchStations({ page: 1, pageSize: MAX_PAGE_SIZE, kind })).items;
}

/** The station with its push key (staff with `database`). */
export async function fetchStation(id: number): Promise<StationDetail> {
  return StationDetailSchema.parse(await api.get(`/station/${id}`));
}

export async function createStation(body: StationBody): Promise<StationDetail> {
  return StationDetailSchema.parse(await api.post('/station', body, { errorHandling: 'no-toast' }));
}

export async function updateStation(id: number, body: StationBody): Promise<StationDetail> {
  return StationDetailSchema.parse(await api.put(`/station/${id}`, body, { errorHandling: 'no-toast' }));
}

/** Issues a new push key; the old one stops working at once. */
export async function regeneratePushKey(id: number): Promise<StationDetail> {
  return StationDetailSchema.parse(await api.post(`/station/${id}/push-key`, undefined, { errorHandling: 'no-toast' }));
}

/** 'Ngừng hoạt động' (pushes refused, open warnings cancelled, history kept) or back to 'Hoạt động'. */
export async function setStationStatus(id: number, status: StationStatus): Promise<StationDetail> {
  return StationDetailSchema.parse(await api.put(`/station/${id}/status`, { status }, { errorHandling: 'no-toast' }));
}

/** Deletes the station and its readings; `confirm` is the station code as staff typed it again. */
export async function deleteStation(id: number, confirm: string): Promise<void> {
  await api.delete(`/station/${id}${queryString({ confirm })}`, { errorHandling: 'no-toast' });
}

// ---------- bulk import of readings ----------

/** Uploads a CSV / xlsx file of readings; the server answers 202 with the job to follow. */
export async function uploadReadings(file: File): Promise<ImportJob> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await apiRaw('/readings/import', { method: 'POST', body: form, errorHandling: 'no-toast' });
  return ImportJobSchema.parse(await response.json());
}

export async function fetchImportJob(id: string): Promise<ImportJob> {
  return ImportJobSchema.parse(await api.get(`/readings/import/${encodeURIComponent(id)}`));
}

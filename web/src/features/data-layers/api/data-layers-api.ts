import {
  type DataLayer,
  type DataLayerBody,
  type DataLayerPage,
  DataLayerPageSchema,
  DataLayerSchema,
} from '@flood/domain';
import { api } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

export interface DataLayerListQuery {
  page: number;
  pageSize: number;
}

/** Query keys of the data layers: every list sits under `all`, so one invalidation refreshes them. */
export const dataLayersKeys = {
  all: ['data-layers'] as const,
  list: (q: DataLayerListQuery) => ['data-layers', 'list', q] as const,
};

export async function fetchDataLayers(q: DataLayerListQuery): Promise<DataLayerPage> {
  return DataLayerPageSchema.parse(await api.get(`/data-layer${queryString({ ...q })}`));
}

export async function createDataLayer(body: DataLayerBody): Promise<DataLayer> {
  return DataLayerSchema.parse(await api.post('/data-layer', body, { errorHandling: 'no-toast' }));
}

export async function updateDataLayer(id: number, body: DataLayerBody): Promise<DataLayer> {
  return DataLayerSchema.parse(await api.put(`/data-layer/${id}`, body, { errorHandling: 'no-toast' }));
}

export async function deleteDataLayer(id: number): Promise<void> {
  await api.delete(`/data-layer/${id}`, { errorHandling: 'no-toast' });
}

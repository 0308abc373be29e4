import {
  type SystemParameter,
  type SystemParameterBody,
  type SystemParameterPage,
  SystemParameterPageSchema,
  SystemParameterSchema,
} from '@flood/domain';
import { api } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

export const configKeys = {
  all: ['config'] as const,
  list: (page: number, pageSize: number) => ['config', 'list', page, pageSize] as const,
};

export async function fetchParameters(page: number, pageSize: number): Promise<SystemParameterPage> {
  return SystemParameterPageSchema.parse(await api.get(`/system-parameter${queryString({ page, pageSize })}`));
}

export async function createParameter(body: SystemParameterBody): Promise<SystemParameter> {
  return SystemParameterSchema.parse(await api.post('/system-parameter', body, { errorHandling: 'no-toast' }));
}

export async function updateParameter(id: number, body: SystemParameterBody): Promise<SystemParameter> {
  return SystemParameterSchema.parse(await api.put(`/system-parameter/${id}`, body, { errorHandling: 'no-toast' }));
}

export async function deleteParameter(id: number): Promise<void> {
  await api.delete(`/system-parameter/${id}`, { errorHandling: 'no-toast' });
}

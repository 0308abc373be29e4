import {
  type Damage,
  type DamageBody,
  type DamagePage,
  DamagePageSchema,
  DamageSchema,
  type DamageType,
} from '@flood/domain';
import { api } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

export interface DamageListQuery {
  page: number;
  pageSize: number;
  type: DamageType;
  /** By date: newest first (the server's default) or oldest first. */
  order: 'asc' | 'desc';
}

/** Query keys of the damage records: every list sits under `all`, so one invalidation refreshes them. */
export const damageKeys = {
  all: ['damage'] as const,
  list: (q: DamageListQuery) => ['damage', 'list', q] as const,
};

export async function fetchDamage(q: DamageListQuery): Promise<DamagePage> {
  return DamagePageSchema.parse(await api.get(`/damage${queryString({ ...q })}`));
}

export async function createDamage(body: DamageBody): Promise<Damage> {
  return DamageSchema.parse(await api.post('/damage', body, { errorHandling: 'no-toast' }));
}

export async function updateDamage(id: number, body: DamageBody): Promise<Damage> {
  return DamageSchema.parse(await api.put(`/damage/${id}`, body, { errorHandling: 'no-toast' }));
}

export async function deleteDamage(id: number): Promise<void> {
  await api.delete(`/damage/${id}`, { errorHandling: 'no-toast' });
}

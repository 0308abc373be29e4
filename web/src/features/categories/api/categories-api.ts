import { type Category, type CategoryBody, type CategoryPage, CategoryPageSchema, CategorySchema } from '@flood/domain';
import { api } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

export interface CategoryListQuery {
  page: number;
  pageSize: number;
  /** A part of the name; case and accents are ignored by the server. */
  name?: string;
}

/** Query keys of the categories: every list sits under `all`, so one invalidation refreshes them. */
export const categoriesKeys = {
  all: ['categories'] as const,
  list: (q: CategoryListQuery) => ['categories', 'list', q] as const,
};

export async function fetchCategories(q: CategoryListQuery): Promise<CategoryPage> {
  return CategoryPageSchema.parse(await api.get(`/system-category${queryString({ ...q })}`));
}

export async function createCategory(body: CategoryBody): Promise<Category> {
  return CategorySchema.parse(await api.post('/system-category', body, { errorHandling: 'no-toast' }));
}

export async function updateCategory(id: number, body: CategoryBody): Promise<Category> {
  return CategorySchema.parse(await api.put(`/system-category/${id}`, body, { errorHandling: 'no-toast' }));
}

export async function deleteCategory(id: number): Promise<void> {
  await api.delete(`/system-category/${id}`, { errorHandling: 'no-toast' });
}

import type { TextsOf } from '../../../lib/i18n/texts-of';
import type { categoriesVi } from './vi';

/** English texts of the categories page: the keys of `vi.ts`, no more, no fewer (checked by the type). */
export const categoriesEn: TextsOf<typeof categoriesVi> = {
  categories: {
    search: 'Search by name',
    add: 'Add category',
    createTitle: 'Add category',
    editTitle: 'Edit category',
    name: 'Category name',
    nameRequired: 'Category name is required',
    data: 'Data',
    creator: 'Creator',
    createdAt: 'Created at',
    createSuccess: 'Category created',
    updateSuccess: 'Category updated',
    deleteSuccess: 'Category deleted!',
  },
};

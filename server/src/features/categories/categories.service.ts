import type { Category, CategoryBodySchema, CategoryListQuery, CategoryPage } from '@flood/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { deleteCategory, findCategory, insertCategory, listCategories, updateCategory } from './categories.repository';

type CategoryBody = z.output<typeof CategoryBodySchema>;

const notFound = () => new AppError('NOT_FOUND', 'Không tìm thấy danh mục');

/** Categories (database view, permission `database`, DECISIONS.md); every change is audited in its transaction. */
export function createCategoriesService({ db }: { db: Db }) {
  return {
    list(actor: Actor | undefined, q: CategoryListQuery): Promise<CategoryPage> {
      requirePermission(actor, 'database');
      return listCategories(db, q);
    },

    async get(actor: Actor | undefined, id: number): Promise<Category> {
      requirePermission(actor, 'database');
      const category = await findCategory(db, id);
      if (!category) throw notFound();
      return category;
    },

    async create(actor: Actor | undefined, body: CategoryBody): Promise<Category> {
      const a = requirePermission(actor, 'database');
      const id = await db.transaction(async (tx) => {
        const newId = await insertCategory(tx, { name: body.name, data: body.objectValue.data, userId: a.userId });
        await recordAudit(tx, a, `Tạo danh mục ${body.name}`);
        return newId;
      });
      return (await findCategory(db, id))!;
    },

    async update(actor: Actor | undefined, id: number, body: CategoryBody): Promise<Category> {
      const a = requirePermission(actor, 'database');
      await db.transaction(async (tx) => {
        if (!(await updateCategory(tx, id, { name: body.name, data: body.objectValue.data }))) throw notFound();
        await recordAudit(tx, a, `Sửa danh mục ${body.name}`);
      });
      return (await findCategory(db, id))!;
    },

    async remove(actor: Actor | undefined, id: number): Promise<void> {
      const a = requirePermission(actor, 'database');
      await db.transaction(async (tx) => {
        const name = await deleteCategory(tx, id);
        if (name === undefined) throw notFound();
        await recordAudit(tx, a, `Xoá danh mục ${name}`);
      });
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;

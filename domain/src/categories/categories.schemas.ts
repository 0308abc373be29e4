import '../common/zod-messages';
import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE, pageOf } from '../common/pagination';
import { TEXT_MAX } from '../common/text';

/** The category form's required-name text (back-office §5). */
export const CATEGORY_NAME_REQUIRED = 'Tên danh mục là trường bắt buộc';

export const CategorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** The category's one free value, nested as the observed API had it. */
    objectValue: z.object({ data: z.string().nullable() }),
    userId: z.number().int().nullable(),
    /** The creator's name, resolved from the users. */
    userName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof CategorySchema>;

/** Category form (back-office §5): name required, max 255; data optional, max 255. */
export const CategoryBodySchema = z
  .object({
    name: z
      .string({ error: (issue) => (issue.input == null ? CATEGORY_NAME_REQUIRED : undefined) })
      .trim()
      .min(1, CATEGORY_NAME_REQUIRED)
      .max(TEXT_MAX),
    objectValue: z
      .object({
        data: z
          .string()
          .trim()
          .max(TEXT_MAX)
          .nullish()
          .transform((v) => (v ? v : null)),
      })
      .default({ data: null }),
  })
  .meta({ id: 'CategoryBody' });
export type CategoryBody = z.input<typeof CategoryBodySchema>;

export const CategoryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  /** Search by name (back-office §2.6), ignoring case and Vietnamese accents. */
  name: z.string().trim().max(TEXT_MAX).optional(),
});
export type CategoryListQuery = z.infer<typeof CategoryListQuerySchema>;
export const CategoryPageSchema = pageOf(CategorySchema).meta({ id: 'CategoryPage' });
export type CategoryPage = z.infer<typeof CategoryPageSchema>;

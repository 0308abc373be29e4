import '../common/zod-messages';
import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE, pageOf } from '../common/pagination';
import { TEXT_MAX } from '../common/text';
import { DATA_LAYER_SYMBOLS, type DataLayerSymbol } from './data-layers.rules';

/** The data-layer form's required-name text (back-office §5). */
export const DATA_LAYER_NAME_REQUIRED = 'Tên lớp dữ liệu là trường bắt buộc';
export const DATA_LAYER_SYMBOL_INVALID = 'Biểu tượng không hợp lệ';

/** The status options of a layer in their order: on ('Bật') first, so a new layer is on (back-office §4). */
export const DATA_LAYER_STATUSES = [true, false] as const;

/** True when the pair is one of the symbols offered (icon and colour are chosen together). */
export function isDataLayerSymbol(s: { icon: string; color: string }): s is DataLayerSymbol {
  return DATA_LAYER_SYMBOLS.some((x) => x.icon === s.icon && x.color === s.color);
}

export const DataLayerSymbolSchema = z.object({ icon: z.string(), color: z.string() }).meta({ id: 'DataLayerSymbol' });

export const DataLayerSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    enabled: z.boolean(),
    symbol: DataLayerSymbolSchema,
    userId: z.number().int().nullable(),
    /** The creator's name, resolved from the users (null for the seeded layers). */
    userName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'DataLayer' });
export type DataLayer = z.infer<typeof DataLayerSchema>;

/** Data-layer form (back-office §5, §4): name required, max 255; on and the first symbol by default. */
export const DataLayerBodySchema = z
  .object({
    name: z
      .string({ error: (issue) => (issue.input == null ? DATA_LAYER_NAME_REQUIRED : undefined) })
      .trim()
      .min(1, DATA_LAYER_NAME_REQUIRED)
      .max(TEXT_MAX),
    enabled: z.boolean().default(DATA_LAYER_STATUSES[0]),
    symbol: z
      .object({ icon: z.string().max(64), color: z.string().max(32) })
      .refine(isDataLayerSymbol, { message: DATA_LAYER_SYMBOL_INVALID })
      .default({ ...DATA_LAYER_SYMBOLS[0] }),
  })
  .meta({ id: 'DataLayerBody' });
export type DataLayerBody = z.input<typeof DataLayerBodySchema>;

export const DataLayerListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type DataLayerListQuery = z.infer<typeof DataLayerListQuerySchema>;
export const DataLayerPageSchema = pageOf(DataLayerSchema).meta({ id: 'DataLayerPage' });
export type DataLayerPage = z.infer<typeof DataLayerPageSchema>;

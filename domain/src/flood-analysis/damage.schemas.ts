import '../common/zod-messages';
import { z } from 'zod';
import { DB_ID_MAX } from '../common/ids';
import { MAX_PAGE_SIZE, PAGE_SIZE, pageOf } from '../common/pagination';
import { TEXT_MAX } from '../common/text';
import { parseDateVi } from '../common/time';

/** Damage of a flood (back-office §3 "Damage record"): to assets, or to people. */
export const DAMAGE_TYPES = ['ASSET', 'PERSON'] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

/** The data fields of each type, in table order, with their column titles. */
export const DAMAGE_FIELDS = {
  ASSET: [
    { key: 'traffic', vi: 'Giao thông', en: 'Transport' },
    { key: 'construction', vi: 'Xây dựng', en: 'Construction' },
    { key: 'agriculture', vi: 'Nông nghiệp', en: 'Agriculture' },
    { key: 'irrigation', vi: 'Thuỷ lợi', en: 'Irrigation' },
    { key: 'electricity', vi: 'Điện', en: 'Electricity' },
    { key: 'total', vi: 'Tổng thiệt hại', en: 'Total' },
  ],
  PERSON: [
    { key: 'female', vi: 'Nữ', en: 'Women' },
    { key: 'male', vi: 'Nam', en: 'Men' },
  ],
} as const;
export type AssetDamageField = (typeof DAMAGE_FIELDS.ASSET)[number]['key'];
export type PersonDamageField = (typeof DAMAGE_FIELDS.PERSON)[number]['key'];

export const DAMAGE_NOT_FOUND = 'Không tìm thấy bản ghi thiệt hại';
export const DAMAGE_DATE_REQUIRED = 'Vui lòng chọn ngày';
/** Toasts (back-office §8: saving says 'Lưu dữ liệu thành công'). */
export const DAMAGE_TOASTS = { saved: 'Lưu dữ liệu thành công', deleted: 'Xoá dữ liệu thành công!' } as const;

/**
 * A data field: free text up to 255 characters, none required (back-office §5). Figures are written the way
 * the district reports them ('12 ha lúa', '1,2 tỷ đồng', '3'), so they are not forced into numbers.
 */
const field = z
  .string()
  .trim()
  .max(TEXT_MAX)
  .nullish()
  .transform((v) => (v ? v : null));

const dateVi = z
  .string({ error: (issue) => (issue.input == null ? DAMAGE_DATE_REQUIRED : undefined) })
  .trim()
  .min(1, DAMAGE_DATE_REQUIRED)
  .refine((s) => parseDateVi(s) !== null, 'Ngày phải có dạng DD/MM/YYYY');

const assetData = z.strictObject({
  traffic: field,
  construction: field,
  agriculture: field,
  irrigation: field,
  electricity: field,
  total: field,
});
const personData = z.strictObject({ male: field, female: field });

/** The save body of `POST /api/damage` and `PUT /api/damage/{id}`; a field of the other type is refused. */
export const DamageBodySchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('ASSET'), date: dateVi, data: assetData.prefault({}) }),
    z.object({ type: z.literal('PERSON'), date: dateVi, data: personData.prefault({}) }),
  ])
  .meta({ id: 'DamageBody' });
export type DamageBody = z.input<typeof DamageBodySchema>;

export const DamageSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(DAMAGE_TYPES),
    /** DD/MM/YYYY (district day). */
    date: z.string(),
    /** Every field of the type; null when not given. */
    data: z.record(z.string(), z.string().nullable()),
    /** The flood event whose period contains the date (district days), if any. */
    floodEventId: z.number().int().nullable(),
    floodEventName: z.string().nullable(),
    userId: z.number().int().nullable(),
    userName: z.string().nullable(),
    demo: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Damage' });
export type Damage = z.infer<typeof DamageSchema>;

/** `GET /api/damage`: by type, sorted by date (newest first unless `order=asc`), 10 a page. */
export const DamageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  type: z.enum(DAMAGE_TYPES).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Only the records of one flood event. */
  floodEventId: z.coerce.number().int().positive().max(DB_ID_MAX).optional(),
});
export type DamageListQuery = z.infer<typeof DamageListQuerySchema>;
export const DamagePageSchema = pageOf(DamageSchema).meta({ id: 'DamagePage' });
export type DamagePage = z.infer<typeof DamagePageSchema>;

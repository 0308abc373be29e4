import '../common/zod-messages';
import { z } from 'zod';
import { PAGE_SIZE, pageOf } from '../common/pagination';
import { TEXT_MAX } from '../common/text';

/** The photo form's message when location or image is missing (public-portal §5, §8). */
export const FLOOD_PHOTO_REQUIRED = 'Vui lòng nhập đầy đủ thông tin';
/** Success toast of a saved photo (public-portal §8). */
export const FLOOD_PHOTO_SAVED = 'Cập nhật thành công';
/** Height (and width) of a photo marker's thumbnail (public-portal §9 "thumbnails 40 px"). */
export const FLOOD_PHOTO_THUMB_PX = 40;
/** Cluster radius of the photo markers (public-portal §9). */
export const FLOOD_PHOTO_CLUSTER_RADIUS = 100;
/** Longest side of a stored photo: larger ones are scaled down (bandwidth of a rural district). */
export const FLOOD_PHOTO_MAX_SIDE = 2048;
/** The most photos one list call returns: the map asks for `pageSize=FLOOD_PHOTO_MAP_LIMIT` (newest first). */
export const FLOOD_PHOTO_MAP_LIMIT = 500;
/** The image types a photo may be (checked by content). */
export const FLOOD_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

const COORDINATE_REQUIRED = 'Chưa có toạ độ: hãy cho phép định vị hoặc chọn vị trí trên bản đồ';

/** Coordinates arrive as strings in the legacy API: accept strings or numbers, return numbers (DECISIONS.md). */
const coordinate = (min: number, max: number) =>
  z
    .union([z.number(), z.string().trim()], {
      error: (issue) => (issue.input == null ? COORDINATE_REQUIRED : undefined),
    })
    .refine((v) => v !== '', COORDINATE_REQUIRED)
    .transform(Number)
    .pipe(
      z
        .number({ message: 'Phải là một số' })
        .min(min, `Phải từ ${min} đến ${max}`)
        .max(max, `Phải từ ${min} đến ${max}`),
    );

/** One flood photo as the API shows it (the map's markers and the back-office list /analyze/flood-image). */
export const FloodPhotoSchema = z
  .object({
    id: z.number().int(),
    /** Description (optional, '' when none). */
    desc: z.string(),
    location: z.string(),
    /** Latitude (its real meaning, DECISIONS.md). */
    lat: z.number(),
    /** Longitude. */
    long: z.number(),
    /** Where to fetch the photo: `/api/flood/{id}/image`. */
    image: z.string(),
    /** Where to fetch its 40 × 40 px JPEG thumbnail: `/api/flood/{id}/thumbnail`. */
    thumbnail: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    demo: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'FloodPhoto' });
export type FloodPhoto = z.infer<typeof FloodPhotoSchema>;

/**
 * The text fields of a photo: the multipart fields of `POST /api/flood` (with the file field `image`) and the
 * JSON body of `PUT /api/flood/{id}`. Location required, description optional, both at most 255 characters.
 */
export const FloodPhotoFieldsSchema = z
  .object({
    desc: z
      .string()
      .trim()
      .max(TEXT_MAX)
      .nullish()
      .transform((v) => v ?? ''),
    location: z
      .string({ error: (issue) => (issue.input == null ? FLOOD_PHOTO_REQUIRED : undefined) })
      .trim()
      .min(1, FLOOD_PHOTO_REQUIRED)
      .max(TEXT_MAX),
    lat: coordinate(-90, 90),
    long: coordinate(-180, 180),
  })
  .meta({ id: 'FloodPhotoFields' });
export type FloodPhotoFields = z.input<typeof FloodPhotoFieldsSchema>;

/**
 * `GET /api/flood`: newest first, `page`/`pageSize` (default 10; up to 500 so the map loads every recent photo
 * in one call); `bbox=minLong,minLat,maxLong,maxLat` keeps the photos inside the map's view.
 */
export const FloodPhotoListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(FLOOD_PHOTO_MAP_LIMIT).default(PAGE_SIZE),
  bbox: z
    .string()
    .trim()
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      const n = s.split(',').map((p) => Number(p.trim()));
      const [minLong, minLat, maxLong, maxLat] = n as [number, number, number, number];
      if (
        n.length !== 4 ||
        n.some((v) => !Number.isFinite(v)) ||
        minLong > maxLong ||
        minLat > maxLat ||
        minLat < -90 ||
        maxLat > 90 ||
        minLong < -180 ||
        maxLong > 180
      ) {
        ctx.addIssue({ code: 'custom', message: 'Phải là minLong,minLat,maxLong,maxLat' });
        return z.NEVER;
      }
      return { minLong, minLat, maxLong, maxLat };
    }),
});
export type FloodPhotoListQuery = z.input<typeof FloodPhotoListQuerySchema>;

export const FloodPhotoPageSchema = pageOf(FloodPhotoSchema).meta({ id: 'FloodPhotoPage' });
export type FloodPhotoPage = z.infer<typeof FloodPhotoPageSchema>;

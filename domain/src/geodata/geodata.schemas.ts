import '../common/zod-messages';
import { z } from 'zod';
import { DB_ID_MAX } from '../common/ids';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../common/pagination';
import { TEXT_MAX } from '../common/text';
import { CRS_CHOICES } from '../geo/crs';
import { GEODATA_FILE_TYPES, GEODATA_TYPES } from './geodata.types';

export const GeodataTypeSchema = z.enum(GEODATA_TYPES);
export const GeodataFileTypeSchema = z.enum(GEODATA_FILE_TYPES);

/** One folder or file of the file manager; `path` is what the map loads (`GET /api/geojson/{path}`). */
export const GeodataItemSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: GeodataTypeSchema,
    /** Storage name of the bytes, e.g. '3f9a….geojson'; null for a folder. */
    path: z.string().nullable(),
    /** Where to fetch the bytes (`/api/geojson/{path}`); null for a folder. */
    url: z.string().nullable(),
    parentId: z.number().int().nullable(),
    /** The moment the data describes (ISO, UTC); null when the type is not timed. */
    time: z.string().nullable(),
    size: z.number().int(),
    contentType: z.string().nullable(),
    demo: z.boolean(),
    /** Items inside a folder (0 for files). */
    childCount: z.number().int(),
    userId: z.number().int().nullable(),
    userName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'GeodataItem' });
export type GeodataItem = z.infer<typeof GeodataItemSchema>;

/**
 * `GET /api/geojson`: with `type`, every item of that type (any folder), newest `time` first — the map's
 * time pickers; otherwise the content of the folder `parentId` (the root when absent), folders first.
 */
export const GeodataListQuerySchema = z.object({
  type: GeodataTypeSchema.optional(),
  parentId: z.coerce.number().int().min(1).max(DB_ID_MAX).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type GeodataListQuery = z.input<typeof GeodataListQuerySchema>;

export const GeodataFolderRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
});

export const GeodataPageSchema = z
  .object({
    items: z.array(GeodataItemSchema),
    total: z.number().int().min(0),
    /** The folder listed (for the back button and the title); null at the root or for a type list. */
    folder: GeodataFolderRefSchema.nullable(),
  })
  .meta({ id: 'GeodataPage' });
export type GeodataPage = z.infer<typeof GeodataPageSchema>;

/** `POST /api/geojson/folder`: a new folder (back-office §5: name required, max 255). */
export const GeodataFolderBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Tên thư mục là trường bắt buộc').max(TEXT_MAX),
    type: z.literal('FOLDER').default('FOLDER'),
    parentId: z.number().int().min(1).max(DB_ID_MAX).nullable().default(null),
  })
  .meta({ id: 'GeodataFolderBody' });
export type GeodataFolderBody = z.input<typeof GeodataFolderBodySchema>;

/** The text fields of an upload (`POST /api/geojson`, multipart, besides the `file` field). */
export const GeodataUploadFieldsSchema = z.object({
  type: GeodataFileTypeSchema,
  /** ISO time (the web sends UTC ISO without milliseconds); required for timed types. */
  time: z.iso.datetime({ offset: true }).optional(),
  parentId: z.coerce.number().int().min(1).max(DB_ID_MAX).optional(),
  /** The file's coordinate system (#26 point 5): 'auto' reads the .prj or the crs member, else WGS84. */
  crs: z.enum(CRS_CHOICES).optional(),
  /** TM-3's central meridian in degrees, for crs 'vn2000-tm3' (Vietnam's zones lie between 102° and 109°). */
  meridian: z.coerce.number().min(102).max(109).optional(),
  /** 'true': polygons crossing themselves or overlapping are repaired instead of refused. */
  repair: z.enum(['true', 'false']).optional(),
});
export type GeodataUploadFields = z.input<typeof GeodataUploadFieldsSchema>;

/** `GET /api/report-data`: the statistics workbook's first two sheets (back-office §2.10). */
export const ReportDataSchema = z
  .object({
    item: GeodataItemSchema.nullable(),
    demo: z.boolean(),
    sheets: z.array(
      z.object({
        name: z.string(),
        columns: z.array(z.string()),
        rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
      }),
    ),
  })
  .meta({ id: 'ReportData' });
export type ReportData = z.infer<typeof ReportDataSchema>;

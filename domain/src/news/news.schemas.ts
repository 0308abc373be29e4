import '../common/zod-messages';
import { z } from 'zod';
import { UnitQuerySchema } from '../area/unit-pages';
import { UnitScopeSchema } from '../area/unit-scope';
import { DB_ID_MAX } from '../common/ids';
import { MAX_PAGE_SIZE, PAGE_SIZE, pageOf } from '../common/pagination';
import { optionalText, TEXT_MAX } from '../common/text';

/** News types as the observed API named them (back-office §3): activity, warning, directive document, about page. */
export const NEWS_TYPES = ['NORMAL', 'WARNING', 'DOCUMENT', 'GIOI_THIEU'] as const;
export type NewsType = (typeof NEWS_TYPES)[number];
/** The first value is the default of a new item (back-office §4). */
export const NEWS_STATUSES = ['DRAFT', 'PUBLISH'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const NEWS_NAME_REQUIRED = 'Tên bài viết là trường bắt buộc';
export const NEWS_CONTENT_REQUIRED = 'Nội dung là trường bắt buộc';
/** Success toasts of the news screens (back-office §8). */
export const NEWS_TOASTS = {
  created: 'Tạo tin tức thành công',
  updated: 'Cập nhật tin tức thành công',
  deleted: 'Xoá tin tức thành công!',
  documentCreated: 'Tạo văn bản thành công',
  documentUpdated: 'Cập nhật văn bản chỉ đạo thành công',
  documentDeleted: 'Xoá văn bản chỉ đạo thành công!',
  aboutUpdated: 'Cập nhật nội dung thành công',
} as const;
/** Longest short description (sapo); the spec gives no bound, a summary is a few sentences. */
export const NEWS_SAPO_MAX = 1000;
/** Most attachments on one item. */
export const NEWS_FILES_MAX = 20;

/** Where an uploaded file is served: `/api/files/{id}` (id = 32 random hex characters). */
export const FILE_URL_PATTERN = /^\/api\/files\/[a-f0-9]{32}$/;
const fileUrl = z.string().trim().regex(FILE_URL_PATTERN, 'Phải là đường dẫn tệp đã tải lên (/api/files/…)');

export const NewsSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    sapo: z.string().nullable(),
    author: z.string().nullable(),
    /** Background/avatar image: an uploaded file URL. */
    avatar: z.string().nullable(),
    /** Attachments: uploaded file URLs. */
    files: z.array(z.string()),
    /** Publish date (UTC ISO). */
    date: z.string(),
    status: z.enum(NEWS_STATUSES),
    type: z.enum(NEWS_TYPES),
    userId: z.number().int().nullable(),
    /** The creator's name. */
    userName: z.string().nullable(),
    demo: z.boolean(),
    createdAt: z.string(),
    /** The units it is about (#26 point 4): shown on those units' pages too; empty = the whole area's. */
    units: z.array(z.string()).default([]),
  })
  .meta({ id: 'NewsSummary' });
export type NewsSummary = z.infer<typeof NewsSummarySchema>;

/** An attachment of a news item: its URL and the uploader's original file name (label with `attachmentLabel`). */
export const NewsAttachmentSchema = z.object({ url: z.string(), name: z.string() }).meta({ id: 'NewsAttachment' });
export type NewsAttachment = z.infer<typeof NewsAttachmentSchema>;

/** One news item with its (sanitised) HTML body and its attachments by name (`files` in the same order). */
export const NewsSchema = NewsSummarySchema.extend({
  content: z.string(),
  attachments: z.array(NewsAttachmentSchema).default([]),
}).meta({ id: 'News' });
export type News = z.infer<typeof NewsSchema>;

/**
 * The save body of `POST /api/news` and `PUT /api/news/{id}` (back-office §5): name required, max 255; body
 * required; author max 255; date as UTC ISO (default: now); a DOCUMENT's files must be PDFs (checked on save).
 */
export const NewsBodySchema = z
  .object({
    name: z
      .string({ error: (issue) => (issue.input == null ? NEWS_NAME_REQUIRED : undefined) })
      .trim()
      .min(1, NEWS_NAME_REQUIRED)
      .max(TEXT_MAX),
    sapo: optionalText(NEWS_SAPO_MAX),
    author: optionalText(TEXT_MAX),
    avatar: fileUrl.nullish().transform((v) => v ?? null),
    files: z.array(fileUrl).max(NEWS_FILES_MAX).default([]),
    content: z
      .string({ error: (issue) => (issue.input == null ? NEWS_CONTENT_REQUIRED : undefined) })
      .max(1_000_000)
      .refine((s) => s.trim().length > 0, NEWS_CONTENT_REQUIRED),
    date: z.iso
      .datetime({ offset: true, message: 'Ngày đăng không hợp lệ' })
      .nullish()
      .transform((v) => (v ? new Date(v) : null)),
    status: z.enum(NEWS_STATUSES).default('DRAFT'),
    type: z.enum(NEWS_TYPES).default('NORMAL'),
    /** The units it is about (#26 point 4); empty: the whole area. */
    units: UnitScopeSchema,
  })
  .meta({ id: 'NewsBody' });
export type NewsBody = z.input<typeof NewsBodySchema>;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * `GET /api/news`: without `all`, the public list (PUBLISH items whose date has come, newest first);
 * `all=true` is the back-office list (permission `news`), where `status` filters too.
 */
export const NewsListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  type: z.enum(NEWS_TYPES).optional(),
  status: z.enum(NEWS_STATUSES).optional(),
  all: flag,
  /** One unit's pages (#26 point 4): the items tagged with it and those of the whole area. */
  unit: UnitQuerySchema.shape.unit,
});
export type NewsListQuery = z.infer<typeof NewsListQuerySchema>;
export const NewsPageSchema = pageOf(NewsSummarySchema).meta({ id: 'NewsPage' });
export type NewsPage = z.infer<typeof NewsPageSchema>;

/** `/api/news/{id}`: digits only (public-portal §5 "id must be numeric"). */
export const NewsIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'Mã bài viết phải là số')
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647)),
});

export const ViewBodySchema = z
  .object({ newsId: z.coerce.number().int().positive().max(DB_ID_MAX) })
  .meta({ id: 'ViewBody' });
export const ViewQuerySchema = z.object({ newsId: z.coerce.number().int().positive().max(DB_ID_MAX) });
export const ViewCountSchema = z
  .object({ newsId: z.number().int(), count: z.number().int() })
  .meta({ id: 'ViewCount' });
export type ViewCount = z.infer<typeof ViewCountSchema>;
/** The four cards of the news management page (back-office §2.1), days in the district's time zone. */
export const ViewStatisticSchema = z
  .object({ today: z.number().int(), week: z.number().int(), month: z.number().int(), year: z.number().int() })
  .meta({ id: 'ViewStatistic' });
export type ViewStatistic = z.infer<typeof ViewStatisticSchema>;

/** An uploaded file (`POST /api/files`): its URL for news bodies, avatars and attachments. */
export const UploadedFileSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    /** A smaller copy of an image (null for documents). */
    thumbnail: z.string().nullable(),
    name: z.string(),
    mime: z.string(),
    size: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'UploadedFile' });
export type UploadedFile = z.infer<typeof UploadedFileSchema>;
export const FileIdParamsSchema = z.object({ id: z.string().regex(/^[a-f0-9]{32}$/, 'Mã tệp không hợp lệ') });
/** What the news form's uploads accept (back-office §5); a directive document accepts PDF only. */
export const NEWS_FILE_ACCEPT = '.pdf,.doc,.docx,image/jpeg,image/png,image/webp';
export const DOCUMENT_FILE_ACCEPT = '.pdf,application/pdf';

/**
 * A directive document as the `document` resource shows it (back-office §3): a read-only view over the news
 * items of type DOCUMENT (DECISIONS.md: one source of truth); `path` is the first PDF. Saves go through
 * `/api/news` with type DOCUMENT.
 */
export const DirectiveDocumentSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    path: z.string().nullable(),
    files: z.array(z.string()),
    date: z.string(),
    userId: z.number().int().nullable(),
    userName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'DirectiveDocument' });
export type DirectiveDocument = z.infer<typeof DirectiveDocumentSchema>;
export const DirectiveDocumentPageSchema = pageOf(DirectiveDocumentSchema).meta({ id: 'DirectiveDocumentPage' });
export type DirectiveDocumentPage = z.infer<typeof DirectiveDocumentPageSchema>;
export const DocumentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});

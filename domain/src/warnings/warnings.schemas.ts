import '../common/zod-messages';
import { z } from 'zod';
import { optionalText } from '../common/text';
import { RING_PROBLEM_TEXT, ringProblems } from '../geo/polygon-check';
import {
  SEVERITY_SCALES,
  severityMax,
  WARNING_CHANNELS,
  WARNING_KINDS,
  WARNING_MAX_HOURS,
  WARNING_STATUSES,
} from './warning-rules';

/** A GSO commune code ('06973'). */
export const CommuneCodeSchema = z.string().regex(/^\d{5}$/, 'Mã xã không hợp lệ');

/** A ring drawn on the map: [lon, lat] corners, closed, no crossing edges, at most 6 decimals. */
export const DrawnRingSchema = z
  .array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]))
  .min(4, 'Vùng cần ít nhất 3 đỉnh')
  .max(500, 'Vùng có quá nhiều đỉnh (tối đa 500)')
  .superRefine((ring, ctx) => {
    for (const p of ringProblems(ring)) ctx.addIssue({ code: 'custom', message: RING_PROBLEM_TEXT[p].vi });
  });

const text = (max: number) => z.string().trim().max(max);

/**
 * What an officer writes (#23): the compose form and an update. The area is one or more communes or one
 * polygon drawn on the map (not both: the CAP profile wants each message to cover one contiguous area, and
 * a drawn area over chosen communes would send two warnings for the same place).
 */
export const WarningBodySchema = z
  .object({
    kind: z.enum(WARNING_KINDS),
    communes: z.array(CommuneCodeSchema).max(50).default([]),
    polygon: DrawnRingSchema.nullish().transform((v) => v ?? null),
    severityScale: z.enum(SEVERITY_SCALES).default('level'),
    severity: z.number().int().min(1).max(5),
    /** The agency whose bulletin is relayed ('Đài KTTV tỉnh Quảng Ninh'); required on the risk scale. */
    source: optionalText(255),
    headlineVi: text(140).min(1),
    descriptionVi: text(4000).min(1),
    instructionVi: text(2000).min(1),
    headlineEn: optionalText(140),
    descriptionEn: optionalText(4000),
    instructionEn: optionalText(2000),
    effectiveAt: z.iso.datetime({ offset: true, message: 'Thời điểm hiệu lực không hợp lệ' }),
    expiresAt: z.iso.datetime({ offset: true, message: 'Thời điểm hết hiệu lực không hợp lệ' }),
    channels: z.array(z.enum(WARNING_CHANNELS)).min(1, 'Chọn ít nhất một kênh phát').default(['banner', 'cap']),
    /** An uploaded file (the official bulletin PDF). */
    attachmentId: z
      .string()
      .regex(/^[0-9a-f]{32}$/, 'Tệp đính kèm không hợp lệ')
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((w, ctx) => {
    if (w.communes.length === 0 && !w.polygon)
      ctx.addIssue({ code: 'custom', path: ['communes'], message: 'Chọn ít nhất một xã hoặc vẽ vùng trên bản đồ' });
    if (w.communes.length > 0 && w.polygon)
      ctx.addIssue({ code: 'custom', path: ['polygon'], message: 'Chọn xã hoặc vẽ vùng, không chọn cả hai' });
    const max = severityMax(w.kind, w.severityScale);
    if (w.severity > max)
      ctx.addIssue({ code: 'custom', path: ['severity'], message: `Mức độ của loại cảnh báo này từ 1 đến ${max}` });
    if (w.severityScale === 'risk' && !w.source)
      ctx.addIssue({
        code: 'custom',
        path: ['source'],
        message: 'Cấp độ rủi ro thiên tai chỉ dùng khi chuyển tiếp bản tin chính thức: ghi cơ quan ban hành',
      });
    const from = Date.parse(w.effectiveAt);
    const to = Date.parse(w.expiresAt);
    if (to <= from)
      ctx.addIssue({
        code: 'custom',
        path: ['expiresAt'],
        message: 'Thời điểm hết hiệu lực phải sau thời điểm hiệu lực',
      });
    else if (to - from > WARNING_MAX_HOURS * 3_600_000)
      ctx.addIssue({
        code: 'custom',
        path: ['expiresAt'],
        message: `Cảnh báo hiệu lực tối đa ${WARNING_MAX_HOURS / 24} ngày; cập nhật để gia hạn`,
      });
  })
  .meta({ id: 'WarningBody' });
export type WarningBody = z.input<typeof WarningBodySchema>;
export type WarningInput = z.output<typeof WarningBodySchema>;

/** An update of a published warning says what changed (the CAP Update's note and the audit). */
export const WarningUpdateBodySchema = z
  .object({ warning: WarningBodySchema, note: text(500).min(1) })
  .meta({ id: 'WarningUpdateBody' });

export const WarningUrgentBodySchema = z
  .object({ reason: text(500).min(10, 'Ghi lý do phát khẩn (tối thiểu 10 ký tự)') })
  .meta({ id: 'WarningUrgentBody' });
export const WarningCancelBodySchema = z
  .object({ reason: text(500).min(5, 'Ghi lý do huỷ (tối thiểu 5 ký tự)') })
  .meta({ id: 'WarningCancelBody' });

export const WARNING_EVENT_TYPES = ['created', 'edited', 'approved', 'urgent', 'updated', 'cancelled'] as const;
export type WarningEventType = (typeof WARNING_EVENT_TYPES)[number];
export const WARNING_EVENT_LABELS: Record<WarningEventType, { vi: string; en: string }> = {
  created: { vi: 'Soạn', en: 'Drafted' },
  edited: { vi: 'Sửa bản nháp', en: 'Draft edited' },
  approved: { vi: 'Duyệt và phát', en: 'Approved and published' },
  urgent: { vi: 'Phát khẩn (không chờ duyệt)', en: 'Published urgently (no approval)' },
  updated: { vi: 'Cập nhật', en: 'Updated' },
  cancelled: { vi: 'Huỷ', en: 'Cancelled' },
};

const AreaSchema = z.object({
  /** Polygon or MultiPolygon, [lon, lat]: the communes or the drawn ring. */
  geometry: z.object({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.array(z.any()) }),
  /** The communes' short names ('Thanh Sơn'); empty for a drawn area. */
  names: z.array(z.string()),
});

/** What the public sees of a warning in force (banner, map, /canh-bao/{id}). */
export const PublicWarningSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(WARNING_KINDS),
    severityScale: z.enum(SEVERITY_SCALES),
    severity: z.number().int(),
    source: z.string().nullable(),
    headlineVi: z.string(),
    descriptionVi: z.string(),
    instructionVi: z.string(),
    headlineEn: z.string().nullable(),
    descriptionEn: z.string().nullable(),
    instructionEn: z.string().nullable(),
    effectiveAt: z.string(),
    expiresAt: z.string(),
    status: z.enum(WARNING_STATUSES),
    version: z.number().int(),
    updatedAt: z.string(),
    cancelledAt: z.string().nullable(),
    cancelReason: z.string().nullable(),
    attachmentUrl: z.string().nullable(),
    area: AreaSchema,
  })
  .meta({ id: 'PublicWarning' });
export type PublicWarning = z.infer<typeof PublicWarningSchema>;
export const PublicWarningsSchema = z.array(PublicWarningSchema).meta({ id: 'PublicWarnings' });

export const WarningEventSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(WARNING_EVENT_TYPES),
    detail: z.string().nullable(),
    userName: z.string().nullable(),
    at: z.string(),
  })
  .meta({ id: 'WarningEvent' });
export type WarningEvent = z.infer<typeof WarningEventSchema>;

/** A warning as staff see it: the public view, what was written, who wrote and approved it, its channels. */
export const WarningSchema = PublicWarningSchema.extend({
  communes: z.array(z.string()),
  polygon: z.array(z.array(z.number())).nullable(),
  channels: z.array(z.enum(WARNING_CHANNELS)),
  attachmentId: z.string().nullable(),
  attachmentName: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdById: z.number().int().nullable(),
  lastEditedById: z.number().int().nullable(),
  approvedBy: z.string().nullable(),
  publishedAt: z.string().nullable(),
  urgentReason: z.string().nullable(),
  createdAt: z.string(),
}).meta({ id: 'Warning' });
export type Warning = z.infer<typeof WarningSchema>;

export const WarningDetailSchema = WarningSchema.extend({
  events: z.array(WarningEventSchema),
  /** The CAP messages of the warning, oldest first (one per contiguous part at each step). */
  capMessages: z.array(z.object({ id: z.number().int(), msgType: z.string(), sentAt: z.string(), url: z.string() })),
  messages: z.object({
    total: z.number().int(),
    sent: z.number().int(),
    pending: z.number().int(),
    failed: z.number().int(),
  }),
}).meta({ id: 'WarningDetail' });
export type WarningDetail = z.infer<typeof WarningDetailSchema>;

export const WarningListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(['all', ...WARNING_STATUSES]).default('all'),
});
export const WarningPageSchema = z
  .object({ items: z.array(WarningSchema), total: z.number().int() })
  .meta({ id: 'WarningPage' });
export type WarningPage = z.infer<typeof WarningPageSchema>;

/** The communes of the area, to choose from (region layer). */
export const CommuneSchema = z
  .object({
    gsoCode: z.string(),
    name: z.string(),
    fullName: z.string(),
    province: z.string(),
    geometry: z.object({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.array(z.any()) }),
  })
  .meta({ id: 'Commune' });
export type CommuneItem = z.infer<typeof CommuneSchema>;
export const CommunesSchema = z.array(CommuneSchema).meta({ id: 'Communes' });

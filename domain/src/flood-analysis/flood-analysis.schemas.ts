import '../common/zod-messages';
import { z } from 'zod';
import { DB_ID_MAX } from '../common/ids';
import { MAX_PAGE_SIZE, PAGE_SIZE, pageOf } from '../common/pagination';

/** Geodata types that are flood extents: an upload of one is measured against the communes. */
export const FLOOD_ANALYSIS_TYPES = ['CURRENT_HIGH', 'FORECAST_HIGH', 'SCRIPT_FLOOD', 'CLASS_INUNDATION'] as const;
export type FloodAnalysisType = (typeof FLOOD_ANALYSIS_TYPES)[number];
export const isFloodAnalysisType = (t: string): t is FloodAnalysisType =>
  (FLOOD_ANALYSIS_TYPES as readonly string[]).includes(t);

export const FLOOD_ANALYSIS_STATUSES = ['PENDING', 'RUNNING', 'DONE', 'FAILED'] as const;
export type FloodAnalysisStatus = (typeof FLOOD_ANALYSIS_STATUSES)[number];
export const FLOOD_ANALYSIS_STATUS_LABELS: Record<FloodAnalysisStatus, { vi: string; en: string }> = {
  PENDING: { vi: 'Chờ phân tích', en: 'Waiting for analysis' },
  RUNNING: { vi: 'Đang phân tích', en: 'Analysing' },
  DONE: { vi: 'Đã phân tích', en: 'Analysed' },
  FAILED: { vi: 'Phân tích lỗi', en: 'Analysis failed' },
};
export const FLOOD_ANALYSIS_NOT_FOUND = 'Không có dữ liệu phân tích ngập cho lớp này';
/** Chart titles of the public flood modal (public-portal §2: two flood-analysis bar charts). */
export const FLOOD_ANALYSIS_CHARTS = {
  areaByCommune: { vi: 'Diện tích ngập theo xã (ha)', en: 'Flooded area by commune (ha)' },
  shareByCommune: { vi: 'Tỷ lệ diện tích ngập theo xã (%)', en: 'Share of commune area flooded (%)' },
} as const;

export const DepthClassSchema = z
  .object({
    key: z.string(),
    fromM: z.number().nullable(),
    toM: z.number().nullable(),
    colour: z.string(),
    vi: z.string(),
    en: z.string(),
  })
  .meta({ id: 'DepthClass' });

export const ClassAreaSchema = z.object({ key: z.string(), floodedM2: z.number(), floodedHa: z.number() });

/** One commune (or the Total): its area, the flooded area and share, and the flooded area by depth class. */
export const FloodAnalysisAreaSchema = z
  .object({
    /** `ID_3` of the commune; 'TOTAL' for the Total. */
    id: z.string(),
    code: z.string().nullable(),
    name: z.string(),
    fullName: z.string(),
    areaHa: z.number(),
    floodedM2: z.number(),
    floodedHa: z.number(),
    /** Flooded share of the commune's area, per cent with one decimal. */
    sharePercent: z.number(),
    byClass: z.array(ClassAreaSchema),
  })
  .meta({ id: 'FloodAnalysisArea' });
export type FloodAnalysisArea = z.infer<typeof FloodAnalysisAreaSchema>;

/** The flood analysis data of one flood layer (back-office §3): its time, the Total and one entry per commune. */
export const FloodAnalysisSchema = z
  .object({
    geodataId: z.number().int(),
    /** The layer's name and type, and the time its data describes (UTC ISO). */
    name: z.string(),
    type: z.enum(FLOOD_ANALYSIS_TYPES),
    time: z.string().nullable(),
    demo: z.boolean(),
    status: z.enum(FLOOD_ANALYSIS_STATUSES),
    error: z.string().nullable(),
    /** The administrative regions file the communes came from. */
    regionLayerId: z.number().int().nullable(),
    computedAt: z.string().nullable(),
    durationMs: z.number().int().nullable(),
    /** The depth classes present, shallowest first (colours of the §9 water legend). */
    classes: z.array(DepthClassSchema),
    total: FloodAnalysisAreaSchema.nullable(),
    communes: z.array(FloodAnalysisAreaSchema),
    /** Flooded area outside every commune (ha), polygon features measured, features skipped (not polygons). */
    outsideHa: z.number(),
    features: z.number().int(),
    skipped: z.number().int(),
  })
  .meta({ id: 'FloodAnalysis' });
export type FloodAnalysis = z.infer<typeof FloodAnalysisSchema>;

/** `GET /api/flood-analysis`: newest layer time first; `geodataId` = that layer's analysis only. */
export const FloodAnalysisListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  geodataId: z.coerce.number().int().positive().max(DB_ID_MAX).optional(),
  type: z.enum(FLOOD_ANALYSIS_TYPES).optional(),
});
export type FloodAnalysisListQuery = z.infer<typeof FloodAnalysisListQuerySchema>;
export const FloodAnalysisPageSchema = pageOf(FloodAnalysisSchema).meta({ id: 'FloodAnalysisPage' });
export type FloodAnalysisPage = z.infer<typeof FloodAnalysisPageSchema>;

export const FloodAnalysisParamsSchema = z.object({ geodataId: z.coerce.number().int().positive().max(DB_ID_MAX) });

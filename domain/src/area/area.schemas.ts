import '../common/zod-messages';
import { z } from 'zod';
import { toGsm7 } from '../alerts/sms-template';

/**
 * The area the portal serves, as configuration (#26 point 1): its names, its operator, its administrative units
 * and the map's view. Everything that once said 'huyện Ba Chẽ' reads from it (page shell, header, footer, CAP,
 * SMS and e-mail texts); the units' boundaries are the features of the region layer whose code property holds
 * their codes. Until staff save one, the portal serves `DEFAULT_AREA`: the former Ba Chẽ district's seven units
 * as they were before 1 July 2025, with the boundaries bundled with the product.
 */

/** The kinds of commune-level units since 1 July 2025 (Law on Local Government Organisation 2025), and 'thị trấn' before. */
export const UNIT_TYPES = ['XA', 'PHUONG', 'DAC_KHU', 'THI_TRAN'] as const;
export const UnitTypeSchema = z.enum(UNIT_TYPES);
export type UnitType = z.infer<typeof UnitTypeSchema>;
export const UNIT_TYPE_LABELS: Record<UnitType, { vi: string; en: string }> = {
  XA: { vi: 'Xã', en: 'Commune' },
  PHUONG: { vi: 'Phường', en: 'Ward' },
  DAC_KHU: { vi: 'Đặc khu', en: 'Special zone' },
  THI_TRAN: { vi: 'Thị trấn', en: 'Township' },
};

/** The unit type a file's text names ('Xã', 'xa', 'Thị trấn', 'Ward'…), or null. */
export function unitTypeOf(text: unknown): UnitType | null {
  if (typeof text !== 'string') return null;
  const t = toGsm7(text).trim().toLowerCase();
  for (const type of UNIT_TYPES) {
    const { vi, en } = UNIT_TYPE_LABELS[type];
    if (t === toGsm7(vi).toLowerCase() || t === en.toLowerCase()) return type;
  }
  return null;
}

/** Text a JSON column can hold: no lone surrogate (PostgreSQL's jsonb refuses one). */
const wellFormed = (s: z.ZodString) =>
  s.refine((v) => !/\p{Cs}/u.test(v), { message: 'Văn bản có ký tự không hợp lệ' });
const name = (max: number) => wellFormed(z.string().trim().min(1).max(max));
const optionalName = (max: number) => wellFormed(z.string().trim().max(max)).default('');

/** A unit's code: the GSO (Tổng cục Thống kê) code, five digits for a commune ('06979'), or the file's own code. */
export const UNIT_CODE_PATTERN = /^[0-9A-Za-z_-]{1,12}$/;

export const AreaUnitSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(UNIT_CODE_PATTERN, 'Mã đơn vị gồm chữ số, chữ cái không dấu, "-" hoặc "_", tối đa 12 ký tự'),
    name: wellFormed(z.string().trim().min(1).max(100)),
    type: UnitTypeSchema,
  })
  .meta({ id: 'AreaUnit' });
export type AreaUnit = z.infer<typeof AreaUnitSchema>;

export const AreaSettingsSchema = z
  .object({
    /** The portal's name: the header, the page title ('Cảnh báo lũ, mưa huyện Ba Chẽ'). */
    portalName: name(120),
    portalNameEn: optionalName(120),
    /** The area as a sentence names it ('huyện Ba Chẽ', 'xã Ba Chẽ', 'các xã Ba Chẽ, Kỳ Thượng, Lương Minh'). */
    areaName: name(100),
    areaNameEn: optionalName(100),
    /** A short name for the SMS and e-mail texts ('Ba Chẽ'). */
    shortName: name(24),
    province: name(60),
    /** Who runs the portal ('Ủy ban nhân dân huyện Ba Chẽ'): the footer and the copyright. */
    operator: name(160),
    operatorEn: optionalName(160),
    /** What the units are, said under the list ('Địa giới trước ngày 01/07/2025'); empty: nothing said. */
    layoutNote: optionalName(160),
    /** Which property of the region layer's features holds a unit's code, and which its name. */
    unitCodeProperty: name(60),
    unitNameProperty: name(60),
    units: z.array(AreaUnitSchema).min(1, 'Cần ít nhất một đơn vị hành chính').max(200),
    center: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
    zoom: z.number().int().min(5).max(18),
  })
  .superRefine((a, ctx) => {
    const seen = new Set<string>();
    a.units.forEach((u, i) => {
      if (seen.has(u.code))
        ctx.addIssue({ code: 'custom', path: ['units', i, 'code'], message: `Mã đơn vị ${u.code} bị trùng` });
      seen.add(u.code);
    });
  })
  .meta({ id: 'AreaSettings' });
export type AreaSettings = z.infer<typeof AreaSettingsSchema>;
export type AreaSettingsBody = z.input<typeof AreaSettingsSchema>;

/** The area as the public reads it: the settings, whether they are the built-in default, and when they were set. */
export const AreaSchema = z
  .object({
    settings: AreaSettingsSchema,
    /** True until staff save an area: the built-in former Ba Chẽ district. */
    isDefault: z.boolean(),
    updatedAt: z.string().nullable(),
    /** South-west and north-east corners of the units' boundaries ([lat, lng] each), or null when none are known. */
    bounds: z.tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])]).nullable(),
    /** Units of the settings that no feature of the region layer holds (they have no boundary yet). */
    unitsWithoutBoundary: z.array(z.string()),
  })
  .meta({ id: 'Area' });
export type Area = z.infer<typeof AreaSchema>;

/** A unit found in the region layer by the chosen properties, and what was wrong with the features that were not. */
export const RegionUnitsSchema = z
  .object({
    /** The properties the layer's features have (for the two choices). */
    properties: z.array(z.string()),
    units: z.array(AreaUnitSchema),
    /** Features without a usable code or name, by their position in the file (1-based). */
    skipped: z.array(z.object({ feature: z.number().int(), reason: z.string() })),
    /** The name of the region layer's file, or null when none is loaded. */
    file: z.string().nullable(),
  })
  .meta({ id: 'RegionUnits' });
export type RegionUnits = z.infer<typeof RegionUnitsSchema>;

export const RegionUnitsQuerySchema = z.object({
  codeProperty: z.string().trim().min(1).max(60),
  nameProperty: z.string().trim().min(1).max(60),
  typeProperty: z.string().trim().max(60).optional(),
});

/**
 * The former Ba Chẽ district as it was until 30 June 2025: one township and six communes (GSO codes of
 * Decision 124/2004/QĐ-TTg, the bundled GADM boundaries, seed/geo/SOURCES.md). Since 1 July 2025 the area is
 * Xã Ba Chẽ (06978), Xã Kỳ Thượng (06979) and Xã Lương Minh (06985) (Resolution 1679/NQ-UBTVQH15): staff set
 * that on the 'Khu vực' page once they have the new boundaries.
 */
export const DEFAULT_AREA: AreaSettings = {
  portalName: 'Cảnh báo lũ, mưa huyện Ba Chẽ',
  portalNameEn: 'Ba Che District Flood & Rain Warning',
  areaName: 'huyện Ba Chẽ',
  areaNameEn: 'Ba Che district',
  shortName: 'Ba Chẽ',
  province: 'Quảng Ninh',
  operator: 'Ủy ban nhân dân huyện Ba Chẽ',
  operatorEn: "People's Committee of Ba Che District",
  layoutNote: 'Địa giới hành chính trước ngày 01/07/2025 (7 đơn vị cấp xã của huyện Ba Chẽ cũ)',
  unitCodeProperty: 'GSO_CODE',
  unitNameProperty: 'NAME_3',
  units: [
    { code: '06970', name: 'Ba Chẽ', type: 'THI_TRAN' },
    { code: '06973', name: 'Thanh Sơn', type: 'XA' },
    { code: '06976', name: 'Thanh Lâm', type: 'XA' },
    { code: '06979', name: 'Đạp Thanh', type: 'XA' },
    { code: '06982', name: 'Nam Sơn', type: 'XA' },
    { code: '06985', name: 'Lương Minh', type: 'XA' },
    { code: '06988', name: 'Đồn Đạc', type: 'XA' },
  ],
  center: { lat: 21.274446, lng: 107.267796 },
  zoom: 11,
};

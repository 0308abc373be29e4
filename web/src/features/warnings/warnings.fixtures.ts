import type { PublicWarning, Warning } from '@flood/domain';

/** A square around Ba Chẽ town, [lon, lat]. */
const SQUARE = [
  [
    [107.28, 21.26],
    [107.3, 21.26],
    [107.3, 21.28],
    [107.28, 21.28],
    [107.28, 21.26],
  ],
];

/** An officer's flood warning in force, 'Báo động 2' over two communes. */
export const FLOOD_WARNING: PublicWarning = {
  id: 31,
  kind: 'flood',
  severityScale: 'level',
  severity: 2,
  source: null,
  headlineVi: 'Lũ trên sông Ba Chẽ lên báo động 2',
  descriptionVi: 'Mực nước sông Ba Chẽ đang lên.',
  instructionVi: 'Không qua ngầm tràn.',
  headlineEn: 'Ba Chẽ river at alarm level 2',
  descriptionEn: null,
  instructionEn: null,
  effectiveAt: '2026-11-26T01:00:00.000Z',
  expiresAt: '2099-11-26T07:00:00.000Z',
  status: 'active',
  version: 1,
  updatedAt: '2026-11-26T01:00:00.000Z',
  cancelledAt: null,
  cancelReason: null,
  attachmentUrl: null,
  area: { geometry: { type: 'Polygon', coordinates: SQUARE }, names: ['Thanh Sơn', 'Nam Sơn'] },
};

/** A relayed bulletin's landslide warning on risk level 3, over an area drawn on the map. */
export const LANDSLIDE_WARNING: PublicWarning = {
  ...FLOOD_WARNING,
  id: 32,
  kind: 'landslide',
  severityScale: 'risk',
  severity: 3,
  source: 'Đài KTTV tỉnh Quảng Ninh',
  headlineVi: 'Nguy cơ sạt lở đất ở sườn đồi thôn Khe Lặc',
  headlineEn: null,
  effectiveAt: '2026-11-26T02:00:00.000Z',
  area: { geometry: { type: 'Polygon', coordinates: SQUARE }, names: [] },
};

/** A warning as staff see it (the back-office list), composed by user 7 (the test sign-in). */
export function staffWarning(over: Partial<Warning> = {}): Warning {
  return {
    ...FLOOD_WARNING,
    status: 'draft',
    communes: ['06973', '06976'],
    polygon: null,
    channels: ['banner', 'cap'],
    attachmentId: null,
    attachmentName: null,
    createdBy: 'Nguyễn Văn An',
    createdById: 7,
    lastEditedById: 7,
    approvedBy: null,
    publishedAt: null,
    urgentReason: null,
    createdAt: '2026-11-26T00:30:00.000Z',
    ...over,
  };
}

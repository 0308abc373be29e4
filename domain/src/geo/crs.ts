/**
 * The coordinate systems an uploaded file may be in, as the file manager names and offers them (#26 point 5). No
 * proj4 here: the schemas and the public pages read these names, and only the conversion (vn2000.ts) needs proj4.
 */

/** The standard central meridian of Quảng Ninh's TM-3 zone (Circular 973/2001/TT-TCĐC): 107°45' E (EPSG:5899). */
export const QUANG_NINH_MERIDIAN = 107.75;

/** The coordinate systems an uploaded file may be in. */
export type SourceCrs =
  | { kind: 'wgs84' }
  | { kind: 'vn2000-geographic' }
  /** VN-2000 / TM-3 with this central meridian, in degrees (107.75 for Quảng Ninh). */
  | { kind: 'vn2000-tm3'; meridian: number }
  /** VN-2000 / UTM zone 48N or 49N (EPSG:3405, 3406: the 6° zones of the national maps). */
  | { kind: 'vn2000-utm'; zone: 48 | 49 };

/** The uploader's choice of system in the file manager ('auto': from the file, else WGS84 with the shift check). */
export const CRS_CHOICES = ['auto', 'wgs84', 'vn2000', 'vn2000-tm3', 'vn2000-utm48', 'vn2000-utm49'] as const;
export type CrsChoice = (typeof CRS_CHOICES)[number];

/** The choice's texts (the upload form's select). */
export const CRS_CHOICE_TEXT: Record<CrsChoice, { vi: string; en: string }> = {
  auto: { vi: 'Tự nhận biết (theo tệp)', en: 'Detect (from the file)' },
  wgs84: { vi: 'WGS84 (kinh độ, vĩ độ)', en: 'WGS84 (longitude, latitude)' },
  vn2000: { vi: 'VN-2000 kinh độ, vĩ độ', en: 'VN-2000 longitude, latitude' },
  'vn2000-tm3': { vi: 'VN-2000 / TM-3 (mét)', en: 'VN-2000 / TM-3 (metres)' },
  'vn2000-utm48': { vi: 'VN-2000 / UTM 48N (mét)', en: 'VN-2000 / UTM 48N (metres)' },
  'vn2000-utm49': { vi: 'VN-2000 / UTM 49N (mét)', en: 'VN-2000 / UTM 49N (metres)' },
};

/** The system of a choice other than 'auto' (TM-3 with the given meridian, Quảng Ninh's by default). */
export function crsOfChoice(choice: Exclude<CrsChoice, 'auto'>, meridian = QUANG_NINH_MERIDIAN): SourceCrs {
  switch (choice) {
    case 'wgs84':
      return { kind: 'wgs84' };
    case 'vn2000':
      return { kind: 'vn2000-geographic' };
    case 'vn2000-tm3':
      return { kind: 'vn2000-tm3', meridian };
    case 'vn2000-utm48':
      return { kind: 'vn2000-utm', zone: 48 };
    case 'vn2000-utm49':
      return { kind: 'vn2000-utm', zone: 49 };
  }
}

/** A system as people name it: 'VN-2000 / TM-3 107°45′'. */
export function crsLabel(crs: SourceCrs): string {
  if (crs.kind === 'wgs84') return 'WGS84';
  if (crs.kind === 'vn2000-geographic') return 'VN-2000';
  if (crs.kind === 'vn2000-utm') return `VN-2000 / UTM ${crs.zone}N`;
  const deg = Math.floor(crs.meridian);
  const min = Math.round((crs.meridian - deg) * 60);
  return `VN-2000 / TM-3 ${deg}°${String(min).padStart(2, '0')}′`;
}

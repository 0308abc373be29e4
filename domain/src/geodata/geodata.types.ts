/**
 * The kinds of item in the geodata file manager (back-office §3 "Geodata item"), what each one holds and
 * the colour of its badge. The map finds its layers by these types (public-portal §4).
 */
export const GEODATA_TYPES = [
  'FOLDER',
  'CURRENT_HIGH',
  'CURRENT_RAIN',
  'FORECAST_HIGH',
  'FORECAST_RAIN',
  'REAL_RAIN',
  'REAL_WATER',
  'SCRIPT_FLOOD',
  'CLASS_INUNDATION',
  'OTHER',
  'png',
  'xlsx',
  // Base layers of the district (seeded; staff may upload newer ones).
  'REGION',
  'DISTRICT',
  'COMMUNE_LABEL',
  'COMMUNE_OFFICE',
  'FLOOD_MARK',
  'EVACUATION_POINT',
  'EVACUATION_ROAD',
] as const;
export type GeodataType = (typeof GEODATA_TYPES)[number];
export type GeodataFileType = Exclude<GeodataType, 'FOLDER'>;
export const GEODATA_FILE_TYPES = GEODATA_TYPES.filter((t): t is GeodataFileType => t !== 'FOLDER');

/** What the bytes of a type must be: checked by content on upload. */
export type GeodataContent = 'folder' | 'geojson' | 'image' | 'workbook';

export interface GeodataTypeInfo {
  vi: string;
  en: string;
  content: GeodataContent;
  /** antd Tag colour of the storage-type badge. */
  color: string;
  /** The data describes a moment (the map's time pickers): the upload must say when. */
  timed: boolean;
}

export const GEODATA_TYPE_INFO: Record<GeodataType, GeodataTypeInfo> = {
  FOLDER: { vi: 'Thư mục', en: 'Folder', content: 'folder', color: 'gold', timed: false },
  CURRENT_HIGH: {
    vi: 'Ngập lụt hiện trạng',
    en: 'Current flood extent',
    content: 'geojson',
    color: 'blue',
    timed: true,
  },
  CURRENT_RAIN: { vi: 'Mưa vệ tinh', en: 'Satellite rainfall', content: 'geojson', color: 'cyan', timed: true },
  FORECAST_HIGH: { vi: 'Ngập lụt dự báo', en: 'Forecast flood', content: 'geojson', color: 'geekblue', timed: true },
  FORECAST_RAIN: { vi: 'Mưa dự báo', en: 'Forecast rainfall', content: 'geojson', color: 'purple', timed: true },
  REAL_RAIN: { vi: 'Mưa thực đo', en: 'Measured rainfall', content: 'geojson', color: 'green', timed: true },
  REAL_WATER: { vi: 'Mực nước thực đo', en: 'Measured water level', content: 'geojson', color: 'lime', timed: true },
  SCRIPT_FLOOD: { vi: 'Kịch bản ngập lụt', en: 'Flood scenario', content: 'geojson', color: 'volcano', timed: true },
  CLASS_INUNDATION: { vi: 'Phân cấp ngập', en: 'Inundation classes', content: 'geojson', color: 'orange', timed: true },
  OTHER: { vi: 'Dữ liệu khác', en: 'Other data', content: 'geojson', color: 'default', timed: false },
  png: { vi: 'Ảnh viễn thám', en: 'Remote-sensing image', content: 'image', color: 'magenta', timed: false },
  xlsx: { vi: 'Bảng thống kê', en: 'Statistics workbook', content: 'workbook', color: 'green', timed: false },
  REGION: { vi: 'Ranh giới xã', en: 'Commune boundaries', content: 'geojson', color: 'default', timed: false },
  DISTRICT: { vi: 'Ranh giới huyện', en: 'District boundary', content: 'geojson', color: 'default', timed: false },
  COMMUNE_LABEL: { vi: 'Nhãn tên xã', en: 'Commune labels', content: 'geojson', color: 'default', timed: false },
  COMMUNE_OFFICE: { vi: 'Trụ sở UBND xã', en: 'Commune offices', content: 'geojson', color: 'default', timed: false },
  FLOOD_MARK: { vi: 'Vết lũ', en: 'Flood marks', content: 'geojson', color: 'red', timed: false },
  EVACUATION_POINT: { vi: 'Điểm sơ tán', en: 'Evacuation points', content: 'geojson', color: 'success', timed: false },
  EVACUATION_ROAD: {
    vi: 'Đường sơ tán',
    en: 'Evacuation roads',
    content: 'geojson',
    color: 'processing',
    timed: false,
  },
};

/** Upload limits by content (GeoJSON's is configurable on the server: GEODATA_MAX_MB, default 50). */
export const GEOJSON_MAX_BYTES_DEFAULT = 50 * 1024 * 1024;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Largest image of a geodata layer, in pixels and per side: a small PNG can hold a bitmap that a phone's browser
 * (gallery, map overlay) cannot decode — 400 Mpx is 1.6 GB of memory. 25 Mpx (100 MB decoded) and 10,000 px a
 * side cover a district's rain or remote-sensing map.
 */
export const GEODATA_IMAGE_MAX_PIXELS = 25_000_000;
export const GEODATA_IMAGE_MAX_SIDE = 10_000;
export const WORKBOOK_MAX_BYTES = 20 * 1024 * 1024;

/** The file name extensions the upload dialog offers for a type. */
export function acceptedExtensions(type: GeodataFileType): string[] {
  const content = GEODATA_TYPE_INFO[type].content;
  if (content === 'image') return ['.png', '.jpg', '.jpeg', '.webp'];
  if (content === 'workbook') return ['.xlsx'];
  // A zipped shapefile (.shp .shx .dbf, .prj) as departments hand them out (#26 point 5).
  return ['.geojson', '.json', '.zip'];
}

/** Toasts of the file manager (back-office §8). */
export const GEODATA_TEXT = {
  uploaded: 'Tải lên tệp thành công',
  folderCreated: 'Tạo thư mục thành công',
  deleted: 'Xoá tệp thành công!',
} as const;

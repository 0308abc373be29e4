/**
 * Vietnamese texts of the warnings banner (the map's alert toasts and the bare bar use some too). `en.ts` beside it has
 * the same keys.
 */
export const alertsVi = {
  alerts: {
    title: 'Cảnh báo đang diễn ra',
    level1: 'Cấp I',
    level2: 'Cấp II',
    level3: 'Cấp III',
    viewMap: 'Xem bản đồ',
    more: 'và {{count}} cảnh báo khác',
    collapse: 'Thu gọn',
    backToPortal: 'Về trang chủ',
  },
} as const;

/** Vietnamese texts of the data layers page. `en.ts` beside it has the same keys. */
export const dataLayersVi = {
  dataLayers: {
    add: 'Thêm lớp dữ liệu',
    createTitle: 'Thêm lớp dữ liệu',
    editTitle: 'Cập nhật lớp dữ liệu',
    name: 'Tên lớp dữ liệu',
    nameRequired: 'Tên lớp dữ liệu là trường bắt buộc',
    status: 'Trạng thái',
    on: 'Bật',
    off: 'Tắt',
    symbol: 'Biểu tượng',
    creator: 'Người tạo',
    createdAt: 'Thời gian tạo',
    createSuccess: 'Tạo lớp dữ liệu thành công',
    updateSuccess: 'Cập nhật lớp dữ liệu thành công',
    deleteSuccess: 'Xoá lớp dữ liệu thành công!',
    symbols: {
      cloud: 'Mây',
      global: 'Quả địa cầu',
      clock: 'Đồng hồ',
      drop: 'Giọt nước',
      flood: 'Vùng ngập',
      experiment: 'Ống nghiệm',
      environment: 'Vị trí',
      flag: 'Lá cờ',
    },
  },
} as const;

/** Vietnamese texts of the categories page. `en.ts` beside it has the same keys. */
export const categoriesVi = {
  categories: {
    search: 'Tìm kiếm theo tên',
    add: 'Thêm danh mục',
    createTitle: 'Thêm danh mục',
    editTitle: 'Cập nhật danh mục',
    name: 'Tên danh mục',
    nameRequired: 'Tên danh mục là trường bắt buộc',
    data: 'Dữ liệu',
    creator: 'Người tạo',
    createdAt: 'Thời gian tạo',
    createSuccess: 'Tạo danh mục thành công',
    updateSuccess: 'Cập nhật danh mục thành công',
    deleteSuccess: 'Xoá danh mục thành công!',
  },
} as const;

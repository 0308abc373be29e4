// Feedback texts without the schemas (and zod): the app shell's message catalogue imports them at start-up.

/** Toasts of feedback (public-portal §8, back-office §8). */
export const FEEDBACK_TOASTS = {
  sent: 'Góp ý của bạn đã gửi thành công',
  updated: 'Cập nhật góp ý thành công',
  deleted: 'Xoá góp ý thành công!',
} as const;

/** Each required field names itself ('Họ tên là trường bắt buộc'). */
export const FEEDBACK_REQUIRED = {
  name: 'Họ tên là trường bắt buộc',
  email: 'Email là trường bắt buộc',
  phone: 'Số điện thoại là trường bắt buộc',
  address: 'Địa chỉ là trường bắt buộc',
  content: 'Nội dung là trường bắt buộc',
} as const;

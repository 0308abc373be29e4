import { FEEDBACK_TOASTS } from '@flood/domain';

/** Vietnamese texts of the feedback form and list. `en.ts` beside it has the same keys. */
export const feedbackVi = {
  feedback: {
    intro:
      'Mời bạn gửi ý kiến, phản ánh hoặc góp ý về tình hình mưa, lũ và cổng thông tin. Tất cả các trường đều bắt buộc.',
    name: 'Họ và tên',
    email: 'Email',
    phone: 'Số điện thoại',
    address: 'Địa chỉ',
    content: 'Nội dung',
    send: 'Gửi góp ý',
    sending: 'Đang gửi...',
    fillAll: 'Vui lòng điền đủ năm trường để gửi góp ý.',
    sent: FEEDBACK_TOASTS.sent as string,
    creator: 'Người gửi',
    createdAt: 'Thời gian tạo',
    editTitle: 'Cập nhật góp ý',
    updated: FEEDBACK_TOASTS.updated as string,
    deleted: FEEDBACK_TOASTS.deleted as string,
  },
} as const;

import { SMS_TEMPLATE_INVALID } from '@flood/domain';

/** Vietnamese texts of SMS templates, recipients and history. `en.ts` beside it has the same keys. */
export const smsVi = {
  sms: {
    templates: 'Mẫu tin nhắn',
    template: 'Mẫu tin nhắn',
    type: 'Loại',
    createdAt: 'Thời gian tạo',
    templateEditTitle: 'Cập nhật mẫu tin nhắn',
    templateInvalid: SMS_TEMPLATE_INVALID,
    templateUpdateSuccess: 'Cập nhật tin nhắn thành công',
    recipients: 'Người nhận',
    recipientAdd: 'Thêm người nhận',
    recipientCreateTitle: 'Thêm người nhận',
    recipientEditTitle: 'Cập nhật người nhận',
    name: 'Tên',
    description: 'Mô tả',
    email: 'Email',
    phone: 'Số điện thoại',
    recipientCreateSuccess: 'Thêm người nhận thành công',
    recipientUpdateSuccess: 'Cập nhật người nhận thành công',
    recipientDeleteSuccess: 'Xoá người nhận thành công!',
    history: 'Lịch sử gửi',
    recipient: 'Người nhận',
    body: 'Nội dung',
    status: 'Trạng thái',
    confirmation: 'Xác nhận',
    channelSms: 'SMS',
    channelEmail: 'Email',
    attempts: 'Số lần gửi: {{count}}',
    lastError: 'Lỗi: {{error}}',
  },
} as const;

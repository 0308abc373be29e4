import './zod-messages';
import { z } from 'zod';

/** Machine-readable error codes: the web maps them to its toasts, logs keep them stable across languages. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'TOO_LARGE',
  'LOGIN_FAILED',
  'HUMAN_CHECK_FAILED',
  'WRONG_PASSWORD',
  'INVALID_CODE',
  'PHONE_MISSING',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const FieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** The single error body of the API, so clients handle every failure the same way. */
export const ErrorBodySchema = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.array(FieldErrorSchema).optional(),
    requestId: z.string(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Vietnamese default message per code; the server sends these, the web may localise by code. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Dữ liệu không hợp lệ',
  UNAUTHENTICATED: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại',
  FORBIDDEN: 'Bạn không có quyền thực hiện thao tác này',
  NOT_FOUND: 'Không tìm thấy dữ liệu',
  CONFLICT: 'Dữ liệu bị xung đột',
  RATE_LIMITED: 'Bạn thao tác quá nhiều lần, vui lòng thử lại sau',
  TOO_LARGE: 'Tệp vượt quá dung lượng cho phép',
  LOGIN_FAILED: 'Đăng nhập thất bại',
  HUMAN_CHECK_FAILED: 'Xác minh không phải người máy không thành công, vui lòng thử lại',
  WRONG_PASSWORD: 'Mật khẩu cũ không đúng',
  INVALID_CODE: 'Mã xác thực không đúng hoặc đã hết hạn',
  PHONE_MISSING: 'Vui lòng cập nhật số điện thoại trước khi xác thực',
  UNAVAILABLE: 'Hệ thống tạm thời không kết nối được cơ sở dữ liệu, vui lòng thử lại sau ít giây',
  INTERNAL: 'Xảy ra lỗi, vui lòng thử lại!',
};

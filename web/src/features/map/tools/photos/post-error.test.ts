import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api/client';
import { postErrorView } from './post-error';

const GENERIC = 'Xảy ra lỗi, vui lòng thử lại!';

describe('postErrorView', () => {
  it('shows the server message of a refused photo and marks the fields it names', () => {
    const error = new ApiError(400, {
      code: 'VALIDATION_FAILED',
      message: 'Vui lòng nhập đầy đủ thông tin',
      fields: [
        { field: 'location', message: 'Vui lòng nhập đầy đủ thông tin' },
        { field: 'lat', message: 'Chưa có toạ độ' },
        { field: 'long', message: 'Chưa có toạ độ' },
        { field: 'image', message: 'Vui lòng nhập đầy đủ thông tin' },
        { field: 'other', message: 'x' },
      ],
      requestId: 'r',
    });
    expect(postErrorView(error, GENERIC)).toEqual({
      toast: 'Vui lòng nhập đầy đủ thông tin',
      fields: [
        { name: 'location', errors: ['Vui lòng nhập đầy đủ thông tin'] },
        { name: 'place', errors: ['Chưa có toạ độ'] },
        { name: 'image', errors: ['Vui lòng nhập đầy đủ thông tin'] },
      ],
    });
  });

  it('says why for too large (413) and too many posts (429)', () => {
    const large = new ApiError(413, {
      code: 'TOO_LARGE',
      message: 'Ảnh vượt quá dung lượng cho phép (10 MB)',
      fields: [{ field: 'image', message: 'Ảnh vượt quá dung lượng cho phép (10 MB)' }],
      requestId: 'r',
    });
    expect(postErrorView(large, GENERIC).toast).toBe('Ảnh vượt quá dung lượng cho phép (10 MB)');
    expect(postErrorView(large, GENERIC).fields).toEqual([
      { name: 'image', errors: ['Ảnh vượt quá dung lượng cho phép (10 MB)'] },
    ]);
    const limited = new ApiError(429, { code: 'RATE_LIMITED', message: 'Thử lại sau 7 phút.', requestId: 'r' });
    expect(postErrorView(limited, GENERIC)).toEqual({ toast: 'Thử lại sau 7 phút.', fields: [] });
  });

  it('falls back to the generic text; 401 and 403 are left to the API client', () => {
    const internal = new ApiError(500, { code: 'INTERNAL', message: 'boom', requestId: 'r' });
    expect(postErrorView(internal, GENERIC)).toEqual({ toast: GENERIC, fields: [] });
    expect(postErrorView(new TypeError('offline'), GENERIC)).toEqual({ toast: GENERIC, fields: [] });
    const expired = new ApiError(401, { code: 'UNAUTHENTICATED', message: 'x', requestId: 'r' });
    expect(postErrorView(expired, GENERIC).toast).toBeNull();
  });
});

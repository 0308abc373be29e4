import type { Feedback } from '@flood/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import FeedbackListPage from './feedback-list-page';

const ROWS: Feedback[] = [
  {
    id: 11,
    name: 'Nguyễn Thị Hoa',
    email: 'hoa@example.vn',
    phone: '0912345678',
    address: 'Thôn Làng Mới',
    content: 'Đường vào thôn bị ngập sâu.',
    createdAt: '2026-03-04T01:02:00.000Z',
  },
  {
    id: 12,
    name: 'Trần Văn Nam',
    email: 'nam@example.vn',
    phone: '0987654321',
    address: 'Khu 3, thị trấn Ba Chẽ',
    content: 'Đề nghị lắp thêm trạm đo mưa.',
    createdAt: '2026-03-05T08:00:00.000Z',
  },
];
const row = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
const listed = () => jsonResponse(200, { items: ROWS, total: 2 });

describe('feedback list page (/system/feedback)', () => {
  beforeEach(() => signIn(['system']));
  afterEach(() => vi.unstubAllGlobals());

  it('lists sender, e-mail, phone, address, content and time', async () => {
    const fetchMock = mockFetch(listed);
    renderWithProviders(<FeedbackListPage />, '/system/feedback');
    expect(await screen.findByRole('heading', { level: 1, name: 'Danh sách góp ý' })).toBeTruthy();
    await screen.findByText('Nguyễn Thị Hoa');
    for (const text of ['hoa@example.vn', '0912345678', 'Thôn Làng Mới', 'Đường vào thôn bị ngập sâu.']) {
      expect(within(row(11)).getByText(text)).toBeTruthy();
    }
    expect(within(row(11)).getByText(/^04\/03\/2026 \d\d:02$/)).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/feedback?page=1&pageSize=10');
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it("edits a feedback with its current values (phone digits only) and toasts 'Cập nhật góp ý thành công'", async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'PUT' ? jsonResponse(200, { ...ROWS[0], phone: '0911222333' }) : listed(),
    );
    renderWithProviders(<FeedbackListPage />, '/system/feedback');
    await screen.findByText('Nguyễn Thị Hoa');
    fireEvent.click(within(row(11)).getByRole('button', { name: 'Sửa' }));
    expect(await screen.findByText('Cập nhật góp ý', { selector: '.ant-modal-title' })).toBeTruthy();
    expect((document.getElementById('feedback-edit-name') as HTMLInputElement).value).toBe('Nguyễn Thị Hoa');
    expect((document.getElementById('feedback-edit-content') as HTMLTextAreaElement).value).toBe(
      'Đường vào thôn bị ngập sâu.',
    );
    type('feedback-edit-phone', '0911 222-333');
    expect((document.getElementById('feedback-edit-phone') as HTMLInputElement).value).toBe('0911222333');
    type('feedback-edit-address', '');
    fireEvent.click(screen.getByTestId('feedback-edit-submit'));
    expect(await screen.findByText('Địa chỉ là trường bắt buộc')).toBeTruthy();
    type('feedback-edit-address', 'Thôn Làng Mới, xã Thanh Sơn');
    fireEvent.click(screen.getByTestId('feedback-edit-submit'));
    expect(await screen.findByText('Cập nhật góp ý thành công')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/feedback/11');
    expect(JSON.parse(String(put[1]?.body))).toEqual({
      name: 'Nguyễn Thị Hoa',
      email: 'hoa@example.vn',
      phone: '0911222333',
      address: 'Thôn Làng Mới, xã Thanh Sơn',
      content: 'Đường vào thôn bị ngập sâu.',
    });
  });

  it("deletes a feedback after confirmation and toasts 'Xoá góp ý thành công!'", async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'DELETE' ? jsonResponse(200, { ok: true }) : listed(),
    );
    renderWithProviders(<FeedbackListPage />, '/system/feedback');
    await screen.findByText('Trần Văn Nam');
    fireEvent.click(within(row(12)).getByRole('button', { name: 'Xoá' }));
    expect(await screen.findByText('Bạn có chắc chắn muốn xoá?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-delete-ok'));
    expect(await screen.findByText('Xoá góp ý thành công!')).toBeTruthy();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url]) => url)).toEqual(['/api/feedback/12']);
  });
});

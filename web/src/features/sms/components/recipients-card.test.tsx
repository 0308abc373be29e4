import { SMS_RECIPIENT_NO_CONTACT, type SmsRecipient } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import { RecipientsCard } from './recipients-card';

const RECIPIENT: SmsRecipient = {
  id: 4,
  name: 'Trực ban PCTT huyện',
  description: 'Nhận cảnh báo lũ',
  email: null,
  phone: '0912345678',
  onDuty: false,
  communes: [],
  createdAt: '2026-03-04T01:02:00.000Z',
};
const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method);

describe('SMS recipients', () => {
  beforeEach(() => signIn(['system']));
  afterEach(() => vi.unstubAllGlobals());

  it('adds a recipient: name required, phone checked, empty fields sent as null', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'POST' ? jsonResponse(200, { ...RECIPIENT, id: 9 }) : jsonResponse(200, { items: [], total: 0 }),
    );
    renderWithProviders(<RecipientsCard />, '/system/sms');
    expect(await screen.findByText('Không có bản ghi nào')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sms-recipient-add'));
    expect(await screen.findByText('Thêm người nhận', { selector: '.ant-modal-title' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('recipient-submit'));
    expect(await screen.findByText('Trường này là bắt buộc')).toBeTruthy();
    type('recipient-name', ' Người nhận thử ');
    // Neither phone nor e-mail: such a recipient would silently receive nothing (issue #18, item 21).
    fireEvent.click(screen.getByTestId('recipient-submit'));
    expect(await screen.findByText(SMS_RECIPIENT_NO_CONTACT)).toBeTruthy();
    expect(calls(fetchMock, 'POST')).toHaveLength(0);
    type('recipient-phone', '12');
    fireEvent.click(screen.getByTestId('recipient-submit'));
    expect(await screen.findByText('Số điện thoại không hợp lệ')).toBeTruthy();
    type('recipient-phone', '0912345678');
    fireEvent.click(screen.getByTestId('recipient-submit'));
    await waitFor(() => expect(calls(fetchMock, 'POST')).toHaveLength(1));
    const [url, init] = calls(fetchMock, 'POST')[0]!;
    expect(url).toBe('/api/sms-user');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Người nhận thử',
      description: null,
      email: null,
      phone: '0912345678',
      onDuty: false,
      communes: [],
    });
    expect(await screen.findByText('Thêm người nhận thành công')).toBeTruthy();
  });

  it('puts a recipient on the duty list: the checkbox is sent as onDuty and the table tags them', async () => {
    const onDuty = { ...RECIPIENT, id: 5, name: 'Trực ban đêm', onDuty: true };
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'PUT'
        ? jsonResponse(200, { ...RECIPIENT, onDuty: true })
        : jsonResponse(200, { items: [RECIPIENT, onDuty], total: 2 }),
    );
    renderWithProviders(<RecipientsCard />, '/system/sms');
    const dutyRow = (await screen.findByText('Trực ban đêm')).closest('tr') as HTMLElement;
    expect(within(dutyRow).getByText('Trực ban')).toBeTruthy();
    expect(screen.queryByTestId('sms-on-duty-4')).toBeNull();

    const row = screen.getByText('Trực ban PCTT huyện').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Sửa' }));
    const box = (await screen.findByLabelText(
      'Trực ban (nhận nhắc lại khi cảnh báo chưa có người nhận)',
    )) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    fireEvent.click(screen.getByTestId('recipient-submit'));
    await waitFor(() => expect(calls(fetchMock, 'PUT')).toHaveLength(1));
    const [url, init] = calls(fetchMock, 'PUT')[0]!;
    expect(url).toBe('/api/sms-user/4');
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: 'Trực ban PCTT huyện', onDuty: true });
    expect(await screen.findByText('Cập nhật người nhận thành công')).toBeTruthy();
  });

  it('shows an on-duty recipient checked when edited', async () => {
    mockFetch(() => jsonResponse(200, { items: [{ ...RECIPIENT, onDuty: true }], total: 1 }));
    renderWithProviders(<RecipientsCard />, '/system/sms');
    const row = (await screen.findByText('Trực ban PCTT huyện')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Sửa' }));
    const box = (await screen.findByLabelText(
      'Trực ban (nhận nhắc lại khi cảnh báo chưa có người nhận)',
    )) as HTMLInputElement;
    expect(box.checked).toBe(true);
  });

  it('deletes a recipient after confirmation', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'DELETE' ? jsonResponse(200, { ok: true }) : jsonResponse(200, { items: [RECIPIENT], total: 1 }),
    );
    renderWithProviders(<RecipientsCard />, '/system/sms');
    const row = (await screen.findByText('Trực ban PCTT huyện')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Nhận cảnh báo lũ')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Xoá' }));
    fireEvent.click(await screen.findByTestId('confirm-delete-ok'));
    expect(await screen.findByText('Xoá người nhận thành công!')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE').map(([url]) => url)).toEqual(['/api/sms-user/4']);
  });

  it('limits a recipient to the communes chosen (#23): listed by name, empty reads as all communes', async () => {
    const square = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [107.28, 21.26],
          [107.3, 21.26],
          [107.3, 21.28],
          [107.28, 21.26],
        ],
      ],
    };
    const communes = [
      { gsoCode: '06973', name: 'Thanh Sơn', fullName: 'Xã Thanh Sơn', province: 'Quảng Ninh', geometry: square },
      { gsoCode: '06976', name: 'Nam Sơn', fullName: 'Xã Nam Sơn', province: 'Quảng Ninh', geometry: square },
    ];
    const namSon = { ...RECIPIENT, id: 6, name: 'Cán bộ xã Nam Sơn', communes: ['06976'] };
    const fetchMock = mockFetch((url, init) =>
      init?.method === 'PUT'
        ? jsonResponse(200, namSon)
        : url === '/api/communes'
          ? jsonResponse(200, communes)
          : jsonResponse(200, { items: [RECIPIENT, namSon], total: 2 }),
    );
    renderWithProviders(<RecipientsCard />, '/system/sms');
    expect(await screen.findByText('Nam Sơn', { selector: '[data-testid="sms-recipient-communes-6"]' })).toBeTruthy();
    expect(screen.getByTestId('sms-recipient-communes-4').textContent).toBe('Tất cả các xã');

    const row = screen.getByText('Cán bộ xã Nam Sơn').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Sửa' }));
    const modal = await screen.findByTestId('recipient-modal');
    expect(within(modal).getByText('Xã nhận cảnh báo')).toBeTruthy();
    const select = within(modal).getByTestId('recipient-communes');
    expect(within(select).getByText('Nam Sơn')).toBeTruthy();
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (o) => o.textContent === 'Thanh Sơn',
      );
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    fireEvent.click(screen.getByTestId('recipient-submit'));
    await waitFor(() => expect(calls(fetchMock, 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, 'PUT')[0]![1]?.body)).communes).toEqual(['06976', '06973']);
  });
});

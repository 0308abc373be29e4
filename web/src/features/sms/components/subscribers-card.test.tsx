import type { SubscriberCount } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../lib/session/session-store';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import { SubscribersCard } from './subscribers-card';

const COUNTS: SubscriberCount[] = [
  { commune: '06970', name: 'Thị trấn Ba Chẽ', push: 1200, sms: 340, email: 12, zalo: 5, people: 1402 },
  { commune: '06973', name: 'Xã Thanh Sơn', push: 3, sms: 7, email: 0, zalo: 1, people: 9 },
  { commune: '06976', name: 'Xã Nam Sơn', push: 0, sms: 0, email: 0, zalo: 0, people: 0 },
];
const SYSTEM_ONLY = 'Chỉ tài khoản hệ thống được xem hoặc nhập số điện thoại người đăng ký';

const cells = (tr: Element) => [...tr.querySelectorAll('td')].map((td) => td.textContent);
const row = (commune: string) =>
  document.querySelector(`[data-testid="subscriber-table"] tr[data-row-key="${commune}"]`) as HTMLElement;
const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
const phones = () => screen.getByTestId('subscriber-import-phones') as HTMLTextAreaElement;

/** Opens the import dialog and picks a commune from the select. */
async function openImport(commune: string) {
  fireEvent.click(await screen.findByTestId('subscriber-import-open'));
  const modal = await screen.findByTestId('subscriber-import-modal');
  const select = within(modal).getByTestId('subscriber-import-commune');
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === commune);
    if (!found) throw new Error('no option');
    return found;
  });
  fireEvent.click(option);
  return modal;
}

describe("residents' subscriptions on the SMS page (#24)", () => {
  // The system account: the only one shown the export and the import.
  beforeEach(() => signIn(['system', 'sms'], true, true));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('counts every commune by channel with a total row, in the Vietnamese grouping, and refreshes on demand', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/subscriber-counts' ? jsonResponse(200, COUNTS) : jsonResponse(404, {}),
    );
    renderWithProviders(<SubscribersCard />, '/system/sms');
    expect(await screen.findByText('Thị trấn Ba Chẽ')).toBeTruthy();
    const card = screen.getByTestId('sms-subscribers-card');
    expect(within(card).getByRole('heading', { name: 'Người dân đăng ký nhận cảnh báo' })).toBeTruthy();
    const heads = [...card.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(heads).toEqual(['Xã', 'Thông báo trình duyệt', 'SMS', 'Thư điện tử', 'Zalo', 'Số người', 'Thao tác']);
    expect(cells(row('06970'))).toEqual(['Thị trấn Ba Chẽ', '1.200', '340', '12', '5', '1.402', 'Xuất danh sách']);
    // A commune nobody subscribed in is listed with its zeros.
    expect(cells(row('06976'))).toEqual(['Xã Nam Sơn', '0', '0', '0', '0', '0', 'Xuất danh sách']);
    expect(cells(screen.getByTestId('subscriber-total'))).toEqual([
      'Tổng cộng',
      '1.203',
      '347',
      '12',
      '6',
      '1.411',
      '',
    ]);

    const reads = () => fetchMock.mock.calls.filter(([url]) => url === '/api/subscriber-counts').length;
    expect(reads()).toBe(1);
    // The button ignores clicks while it shows the first read loading (antd drops its loading state in an
    // effect after the data arrives): click once it is ready, as a person would.
    const refresh = screen.getByTestId('subscriber-refresh');
    await waitFor(() => expect(refresh.classList.contains('ant-btn-loading')).toBe(false));
    fireEvent.click(refresh);
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('exports a commune’s list with the bearer token and saves it under the server’s file name', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/subscriber-counts') return jsonResponse(200, COUNTS);
      if (url.startsWith('/api/subscriber-export'))
        return new Response('\uFEFFKênh,Số điện thoại / thư điện tử\r\nSMS,0912345678\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="nguoi-dang-ky-06970.csv"',
          },
        });
      return jsonResponse(404, {});
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    // jsdom has no object URLs
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    };
    URL.revokeObjectURL = () => {};
    renderWithProviders(<SubscribersCard />, '/system/sms');
    await screen.findByText('Thị trấn Ba Chẽ');
    fireEvent.click(screen.getByTestId('subscriber-export-06970'));
    await waitFor(() => expect(click).toHaveBeenCalled());

    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/subscriber-export'))!;
    expect(call[0]).toBe('/api/subscriber-export?commune=06970');
    expect((call[1]!.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('nguoi-dang-ky-06970.csv');
    expect(link.href).toBe('blob:csv');
    expect(await blobs[0]?.text()).toContain('SMS,0912345678');
  });

  it('shows other holders of sms the counts only, without the export or the import', async () => {
    signIn(['system', 'sms']);
    mockFetch((url) => (url === '/api/subscriber-counts' ? jsonResponse(200, COUNTS) : jsonResponse(404, {})));
    renderWithProviders(<SubscribersCard />, '/system/sms');
    expect(await screen.findByText('Thị trấn Ba Chẽ')).toBeTruthy();
    expect(cells(row('06970'))).toEqual(['Thị trấn Ba Chẽ', '1.200', '340', '12', '5', '1.402']);
    expect(screen.queryByTestId('subscriber-export-06970')).toBeNull();
    expect(screen.queryByTestId('subscriber-import-open')).toBeNull();
  });

  it('says the server’s refusal of an export (403, not the system account) and keeps the page and the session', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/subscriber-counts') return jsonResponse(200, COUNTS);
      if (url.startsWith('/api/subscriber-export'))
        return jsonResponse(403, { code: 'FORBIDDEN', message: SYSTEM_ONLY, requestId: 'r' });
      return jsonResponse(404, {});
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { router } = renderWithProviders(<SubscribersCard />, '/system/sms');
    await screen.findByText('Xã Thanh Sơn');
    fireEvent.click(screen.getByTestId('subscriber-export-06973'));
    expect(await screen.findByText(SYSTEM_ONLY)).toBeTruthy();
    expect(click).not.toHaveBeenCalled();
    // Not a lost permission: the user is not reloaded nor sent home.
    expect(router.state.location.pathname).toBe('/system/sms');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user-info')).toBe(false);
    expect(getSession()?.token).toBe('tok-123');
  });

  it('imports a commune’s numbers: the kinds checked by default, blank lines dropped, the answer and the invalid lines', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/subscriber-import' && init?.method === 'POST')
        return jsonResponse(200, {
          invited: 2,
          existing: 1,
          // the server counts the numbers it was sent: the 3rd and the 5th
          invalid: [
            { line: 3, value: '12***' },
            { line: 5, value: '09******7' },
          ],
        });
      return url === '/api/subscriber-counts' ? jsonResponse(200, COUNTS) : jsonResponse(404, {});
    });
    renderWithProviders(<SubscribersCard />, '/system/sms');
    const modal = await openImport('Xã Thanh Sơn');
    expect(within(modal).getByText('Nhập danh sách số điện thoại của xã')).toBeTruthy();
    const checked = [...modal.querySelectorAll<HTMLInputElement>('[data-testid="subscriber-import-kinds"] input')]
      .filter((box) => box.checked)
      .map((box) => box.value);
    expect(checked).toEqual(['flood', 'flash_flood', 'landslide']);
    expect(within(modal).getByText('Lũ quét')).toBeTruthy();
    expect(
      within(modal).getByText(
        'Mỗi số mới sẽ nhận một tin nhắn mời xác nhận bằng mã; chưa xác nhận thì không nhận cảnh báo.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(modal).getByTestId('subscriber-import-kind-heavy_rain'));

    fireEvent.change(phones(), {
      target: { value: '0912345678\n\n 0987 654 321 \n12345\r\n0912345678\n   \n0977777\n' },
    });
    // Counted before sending: the non-blank lines.
    await waitFor(() => expect(screen.getByTestId('subscriber-import-lines').textContent).toBe('Sẽ gửi 5 dòng'));
    fireEvent.click(screen.getByTestId('subscriber-import-submit'));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe('/api/subscriber-import');
    expect(JSON.parse(String(init?.body))).toEqual({
      commune: '06973',
      kinds: ['flood', 'flash_flood', 'landslide', 'heavy_rain'],
      phones: ['0912345678', '0987 654 321', '12345', '0912345678', '0977777'],
    });

    const result = await screen.findByTestId('subscriber-import-result');
    // The answer takes the form's place.
    expect(phones().closest('form')?.hidden).toBe(true);
    expect(within(result).getByText('Đã mời 2 số, 1 số đã có, 2 dòng không hợp lệ')).toBeTruthy();
    // Named by their lines in the text staff typed (blank lines counted), masked as the server gave them.
    const invalid = within(result).getByTestId('subscriber-import-invalid');
    expect([...invalid.querySelectorAll('tbody tr')].map(cells)).toEqual([
      ['4', '12***'],
      ['7', '09******7'],
    ]);

    // Another list of the same commune: the numbers are cleared, the choices kept.
    fireEvent.click(screen.getByTestId('subscriber-import-again'));
    await waitFor(() => expect(screen.queryByTestId('subscriber-import-result')).toBeNull());
    expect(phones().value).toBe('');
    expect(phones().closest('form')?.hidden).toBe(false);
    expect(screen.getByTestId('subscriber-import-commune').textContent).toBe('Xã Thanh Sơn');
    // The count follows the cleared field on the next render (antd's watch): waited for, not read at once.
    await waitFor(() => expect(screen.getByTestId('subscriber-import-lines').textContent).toBe('Sẽ gửi 0 dòng'));
  });

  it('takes the numbers from the first column of a CSV file (heading skipped, the lost leading 0 restored)', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/subscriber-import' && init?.method === 'POST')
        return jsonResponse(200, { invited: 3, existing: 0, invalid: [] });
      return url === '/api/subscriber-counts' ? jsonResponse(200, COUNTS) : jsonResponse(404, {});
    });
    renderWithProviders(<SubscribersCard />, '/system/sms');
    const modal = await openImport('Thị trấn Ba Chẽ');
    const csv =
      '\uFEFFSố điện thoại;Họ tên\r\n912345678;Nguyễn Văn A\r\n"0987 654 321";"Trần, Thị B"\r\n;\r\n0356789012\r\n';
    const input = modal.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('.csv,.txt');
    fireEvent.change(input, { target: { files: [new File([csv], 'ds-xa.csv', { type: 'text/csv' })] } });
    await waitFor(() => expect(phones().value).toBe('0912345678\n0987 654 321\n0356789012'));
    expect(await screen.findByText('Đã lấy 3 dòng từ tệp ds-xa.csv')).toBeTruthy();
    expect(screen.getByTestId('subscriber-import-lines').textContent).toBe('Sẽ gửi 3 dòng');
    fireEvent.click(screen.getByTestId('subscriber-import-submit'));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0]![1]?.body)).phones).toEqual([
      '0912345678',
      '0987 654 321',
      '0356789012',
    ]);
    expect(await screen.findByText('Đã mời 3 số, 0 số đã có, 0 dòng không hợp lệ')).toBeTruthy();
    expect(screen.queryByTestId('subscriber-import-invalid')).toBeNull();
  });

  it('asks for a commune and numbers before sending, and puts the server’s field errors on the fields', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/subscriber-import' && init?.method === 'POST')
        return jsonResponse(400, {
          code: 'VALIDATION_FAILED',
          message: 'Dữ liệu không hợp lệ: commune, phones.1',
          fields: [
            { field: 'commune', message: 'Không có xã này trong địa bàn' },
            { field: 'phones.1', message: 'Tối đa 40 ký tự' },
          ],
          requestId: 'r',
        });
      return url === '/api/subscriber-counts' ? jsonResponse(200, COUNTS) : jsonResponse(404, {});
    });
    renderWithProviders(<SubscribersCard />, '/system/sms');
    fireEvent.click(await screen.findByTestId('subscriber-import-open'));
    await screen.findByTestId('subscriber-import-modal');
    fireEvent.click(screen.getByTestId('subscriber-import-submit'));
    expect(await screen.findByText('Trường này là bắt buộc')).toBeTruthy();
    expect(await screen.findByText('Danh sách số điện thoại trống')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(posts(fetchMock)).toHaveLength(0);

    await openImport('Xã Nam Sơn');
    fireEvent.change(phones(), { target: { value: '0912345678\n\n0987654321' } });
    fireEvent.click(screen.getByTestId('subscriber-import-submit'));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(await screen.findByText('Không có xã này trong địa bàn')).toBeTruthy();
    // The second number sent is the text's third line.
    expect(await screen.findByText('Dòng 3: Tối đa 40 ký tự')).toBeTruthy();
    expect(screen.queryByTestId('subscriber-import-result')).toBeNull();
  });

  it('says a refused import as the server words it (not the system account, no PUBLIC_URL)', async () => {
    const answers = [
      jsonResponse(403, { code: 'FORBIDDEN', message: SYSTEM_ONLY, requestId: 'r' }),
      jsonResponse(409, {
        code: 'CONFLICT',
        message: 'Cần đặt địa chỉ công khai của cổng (PUBLIC_URL) để tin mời có liên kết xác nhận',
        requestId: 'r',
      }),
    ];
    mockFetch((url, init) => {
      if (url === '/api/subscriber-import' && init?.method === 'POST') return answers.shift()!;
      return url === '/api/subscriber-counts' ? jsonResponse(200, COUNTS) : jsonResponse(404, {});
    });
    const { router } = renderWithProviders(<SubscribersCard />, '/system/sms');
    await openImport('Xã Thanh Sơn');
    fireEvent.change(phones(), { target: { value: '0912345678' } });
    fireEvent.click(screen.getByTestId('subscriber-import-submit'));
    expect(await screen.findByText(SYSTEM_ONLY)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/system/sms');
    fireEvent.click(screen.getByTestId('subscriber-import-submit'));
    expect(
      await screen.findByText('Cần đặt địa chỉ công khai của cổng (PUBLIC_URL) để tin mời có liên kết xác nhận'),
    ).toBeTruthy();
    expect(screen.getByTestId('subscriber-import-modal')).toBeTruthy();
  });
});

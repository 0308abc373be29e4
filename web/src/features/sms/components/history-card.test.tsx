import type { SmsHistory } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import { HistoryCard } from './history-card';

const BASE: SmsHistory = {
  id: 1,
  name: 'Nguyễn Văn Bình',
  smsUserId: 3,
  subscriberId: null,
  channel: 'sms',
  recipient: '0912345678',
  body: 'Tram Ba Che dat canh bao cap 2, muc nuoc 0.62 m',
  purpose: 'alert',
  status: 'SUCCESS',
  attempts: 1,
  lastError: null,
  alertId: 4,
  warningId: null,
  createdAt: '2026-03-04T01:02:03.000Z',
  deliveredAt: null,
  sentAt: '2026-03-04T01:02:04.000Z',
};
const ROWS: SmsHistory[] = [
  BASE,
  {
    ...BASE,
    id: 2,
    name: 'Trần Thị Cúc',
    channel: 'email',
    recipient: 'cuc@bache.gov.vn',
    status: 'FAILED',
    attempts: 3,
    lastError: 'Hết thời gian chờ',
    sentAt: null,
  },
  { ...BASE, id: 3, name: 'Lê Văn Dũng', status: 'PENDING', sentAt: null },
  {
    ...BASE,
    id: 4,
    name: 'Phạm Thị Hoa',
    status: 'UNCERTAIN',
    lastError: 'Tiến trình gửi bị gián đoạn',
    sentAt: null,
  },
  // The reminder of an alert nobody took (#22), and a message not sent because its alert was cancelled.
  { ...BASE, id: 5, name: 'Trực ban PCTT', purpose: 'escalation', body: 'Nhac lai: Tram Ba Che bao dong 2' },
  { ...BASE, id: 6, name: 'Vũ Văn Em', purpose: 'cancel', status: 'CANCELLED', body: 'Huy canh bao', sentAt: null },
];

const row = (id: number) =>
  document.querySelector(`[data-testid="sms-history-table"] tr[data-row-key="${id}"]`) as HTMLElement;

describe('SMS send history', () => {
  beforeEach(() => signIn(['system']));
  afterEach(() => vi.unstubAllGlobals());

  it('shows THÀNH CÔNG / ĐÃ XEM when delivered, THẤT BẠI / CHƯA XEM when failed, KHÔNG RÕ when cut by a crash', async () => {
    const fetchMock = mockFetch((url) =>
      url.startsWith('/api/sms-history') ? jsonResponse(200, { items: ROWS, total: 4 }) : jsonResponse(404, {}),
    );
    renderWithProviders(<HistoryCard />, '/system/sms');
    expect(await screen.findByText('Nguyễn Văn Bình')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/sms-history?page=1&pageSize=10');

    const ok = within(row(1));
    expect(ok.getByText('THÀNH CÔNG')).toBeTruthy();
    expect(ok.getByText('ĐÃ XEM')).toBeTruthy();
    expect(ok.getByText('SMS')).toBeTruthy();
    expect(ok.getByText('0912345678')).toBeTruthy();
    expect(ok.getByText(/^04\/03\/2026 \d\d:02:03$/)).toBeTruthy();

    const failed = within(row(2));
    expect(failed.getByText('THẤT BẠI')).toBeTruthy();
    expect(failed.getByText('CHƯA XEM')).toBeTruthy();
    expect(failed.getByText('Email')).toBeTruthy();
    expect(failed.queryByText('THÀNH CÔNG')).toBeNull();

    expect(within(row(3)).getByText('ĐANG GỬI')).toBeTruthy();
    expect(screen.getByTestId('sms-status-1').className).toContain('green');
    expect(screen.getByTestId('sms-status-2').className).toContain('red');
    expect(screen.getByTestId('sms-status-3').className).toContain('blue');
    // Interrupted by a crash and not resent: staff see it may or may not have arrived.
    expect(within(row(4)).getByText('KHÔNG RÕ (CÓ THỂ ĐÃ GỬI)')).toBeTruthy();
    expect(within(row(4)).getByText('CHƯA XEM')).toBeTruthy();
    expect(screen.getByTestId('sms-status-4').className).toContain('orange');
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('says why each message went (alert, reminder, cancel) and shows a cancelled one as not sent', async () => {
    mockFetch((url) =>
      url.startsWith('/api/sms-history') ? jsonResponse(200, { items: ROWS, total: 6 }) : jsonResponse(404, {}),
    );
    renderWithProviders(<HistoryCard />, '/system/sms');
    expect(await screen.findByText('Trực ban PCTT')).toBeTruthy();
    expect(screen.getByTestId('sms-purpose-1').textContent).toBe('Cảnh báo');
    expect(screen.getByTestId('sms-purpose-5').textContent).toBe('Nhắc lại');
    expect(screen.getByTestId('sms-purpose-6').textContent).toBe('Huỷ');
    expect(within(row(6)).getByText('ĐÃ HUỶ (KHÔNG GỬI)')).toBeTruthy();
    expect(within(row(6)).getByText('CHƯA XEM')).toBeTruthy();
    expect(screen.getByTestId('sms-status-6').className).not.toMatch(/green|red|blue|orange/);
  });

  it('sends again an uncertain or failed message after a confirmation, and not a delivered one (#22)', async () => {
    const posted: string[] = [];
    mockFetch((url, init) => {
      if (url === '/api/sms-history/4/resend' && init?.method === 'POST') {
        posted.push(url);
        return jsonResponse(200, { ...ROWS[3]!, status: 'PENDING' });
      }
      return url.startsWith('/api/sms-history') ? jsonResponse(200, { items: ROWS, total: 6 }) : jsonResponse(404, {});
    });
    renderWithProviders(<HistoryCard />, '/system/sms');
    expect(await screen.findByText('Phạm Thị Hoa')).toBeTruthy();
    expect(screen.queryByTestId('sms-resend-1')).toBeNull();
    expect(screen.queryByTestId('sms-resend-6')).toBeNull();
    expect(screen.getByTestId('sms-resend-2')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sms-resend-4'));
    expect(await screen.findByText('Tin có thể đã đến người nhận: gửi lại, họ có thể nhận hai lần.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sms-resend-ok'));
    await waitFor(() => expect(posted).toEqual(['/api/sms-history/4/resend']));
    expect(await screen.findByText('Đã đưa tin vào hàng gửi lại')).toBeTruthy();
  });

  it('says there is nothing yet', async () => {
    mockFetch(() => jsonResponse(200, { items: [], total: 0 }));
    renderWithProviders(<HistoryCard />, '/system/sms');
    expect(await screen.findByText('Không có bản ghi nào')).toBeTruthy();
  });
});

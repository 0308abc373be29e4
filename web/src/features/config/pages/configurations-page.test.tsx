import type { SystemParameter } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import ConfigurationsPage from './configurations-page';

const RECORDS: SystemParameter[] = [
  {
    id: 1,
    name: 'Giới thiệu',
    objectValue: { content: 'Cổng thông tin huyện' },
    isWebParameters: false,
    createdAt: '2026-03-04T01:02:00.000Z',
  },
  {
    id: 2,
    name: 'Web Parameters',
    objectValue: {
      waterHigh: 70,
      waterMedium: 50,
      waterLow: 30,
      rainVeryHigh: 20,
      rainHigh: 10,
      rainMedium: 5,
      rainLow: 0,
      notRain: 0,
      disconnectAfterMinutes: 120,
    },
    isWebParameters: true,
    createdAt: '2026-03-04T01:02:00.000Z',
  },
];

const row = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const type = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });

describe('configurations page', () => {
  beforeEach(() => signIn(['system', 'database']));
  afterEach(() => vi.unstubAllGlobals());

  it('saves the thresholds as numbers with PUT /api/system-parameter/2', async () => {
    const fetchMock = mockFetch((url, init) =>
      init?.method === 'PUT'
        ? jsonResponse(200, { ...RECORDS[1], objectValue: JSON.parse(String(init.body)).objectValue })
        : url.startsWith('/api/system-parameter')
          ? jsonResponse(200, { items: RECORDS, total: 2 })
          : jsonResponse(404, {}),
    );
    renderWithProviders(<ConfigurationsPage />, '/database/configurations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cấu hình' })).toBeTruthy();
    await screen.findByText('Web Parameters');
    // The thresholds record cannot be deleted; the others can.
    expect(within(row(2)).queryByRole('button', { name: 'Xoá' })).toBeNull();
    expect(within(row(1)).getByRole('button', { name: 'Xoá' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('config-params-2'));
    expect(await screen.findByText('Tham số hiển thị')).toBeTruthy();
    expect(screen.getByText('Mực nước cao – Cấp III mặc định (m)')).toBeTruthy();
    expect(screen.getByText('Mất kết nối sau (phút)')).toBeTruthy();
    expect((document.getElementById('param-rainVeryHigh') as HTMLInputElement).value).toBe('20,0');
    // Water in metres like the station form (stored in centimetres).
    expect((document.getElementById('param-waterHigh') as HTMLInputElement).value).toBe('0,70');
    expect((document.getElementById('param-waterClearMarginCm') as HTMLInputElement).value).toBe('0,05');
    type('param-rainVeryHigh', '25');
    type('param-rainHigh', '12,5');
    type('param-disconnectAfterMinutes', '90');
    type('param-waterHigh', '1,2');
    fireEvent.click(screen.getByTestId('param-submit'));
    expect(await screen.findByText('Cập nhật thành công')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/system-parameter/2');
    expect(JSON.parse(String(put[1]?.body))).toEqual({
      name: 'Web Parameters',
      objectValue: {
        waterHigh: 120,
        waterMedium: 50,
        waterLow: 30,
        rainVeryHigh: 25,
        rainHigh: 12.5,
        rainMedium: 5,
        rainLow: 0,
        notRain: 0,
        disconnectAfterMinutes: 90,
        // the record had no alert thresholds yet: the form shows and saves the defaults
        rain24hLevel1: 100,
        rain24hLevel2: 200,
        rain24hLevel3: 400,
        waterRiseCmPerHour: 30,
        waterClearMarginCm: 5,
        rainClearMarginMm: 2,
        alertClearMinutes: 30,
      },
    });
  });

  it('refuses an inverted pair on its fields, naming the other, and saves nothing', async () => {
    const fetchMock = mockFetch((url) =>
      url.startsWith('/api/system-parameter') ? jsonResponse(200, { items: RECORDS, total: 2 }) : jsonResponse(404, {}),
    );
    renderWithProviders(<ConfigurationsPage />, '/database/configurations');
    fireEvent.click(await screen.findByTestId('config-params-2'));
    await screen.findByText('Tham số hiển thị');
    type('param-rainHigh', '25');
    type('param-waterLow', '0,7');
    fireEvent.click(screen.getByTestId('param-submit'));
    expect(await screen.findByText("'Mưa to' phải nhỏ hơn 'Mưa rất to'")).toBeTruthy();
    expect(screen.getByText("'Mưa rất to' phải lớn hơn 'Mưa to'")).toBeTruthy();
    expect(screen.getByText("'Mực nước thấp – Cấp I' phải nhỏ hơn 'Mực nước trung bình – Cấp II'")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('shows a threshold the server refuses on its field', async () => {
    mockFetch((url, init) =>
      init?.method === 'PUT'
        ? jsonResponse(400, {
            code: 'VALIDATION_FAILED',
            message: 'Dữ liệu không hợp lệ',
            fields: [{ field: 'objectValue.rainHigh', message: 'Ngưỡng không hợp lệ' }],
            requestId: 'r',
          })
        : url.startsWith('/api/system-parameter')
          ? jsonResponse(200, { items: RECORDS, total: 2 })
          : jsonResponse(404, {}),
    );
    renderWithProviders(<ConfigurationsPage />, '/database/configurations');
    fireEvent.click(await screen.findByTestId('config-params-2'));
    await screen.findByText('Tham số hiển thị');
    fireEvent.click(screen.getByTestId('param-submit'));
    expect(await screen.findByText('Ngưỡng không hợp lệ')).toBeTruthy();
  });

  it('edits the content of an ordinary record', async () => {
    const fetchMock = mockFetch((url, init) =>
      init?.method === 'PUT'
        ? jsonResponse(200, RECORDS[0])
        : url.startsWith('/api/system-parameter')
          ? jsonResponse(200, { items: RECORDS, total: 2 })
          : jsonResponse(404, {}),
    );
    renderWithProviders(<ConfigurationsPage />, '/database/configurations');
    fireEvent.click(await screen.findByTestId('config-params-1'));
    expect(await screen.findByText('Nội dung', { selector: '.ant-modal-title' })).toBeTruthy();
    expect((document.getElementById('config-content') as HTMLTextAreaElement).value).toBe('Cổng thông tin huyện');
    type('config-content', 'Nội dung mới');
    fireEvent.click(screen.getByTestId('config-submit'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/system-parameter/1');
    expect(JSON.parse(String(put[1]?.body))).toEqual({ name: 'Giới thiệu', objectValue: { content: 'Nội dung mới' } });
  });
});

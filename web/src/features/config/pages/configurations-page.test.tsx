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
    // The lifetime of an automatic warning's CAP message (#23), with the warning thresholds.
    expect(
      within(screen.getByRole('group', { name: 'Ngưỡng cảnh báo' })).getByLabelText(
        'Thời hạn bản tin CAP của cảnh báo tự động (phút)',
      ),
    ).toBeTruthy();
    expect((document.getElementById('param-capAlertLifetimeMinutes') as HTMLInputElement).value).toBe('360');
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
        capAlertLifetimeMinutes: 360,
        // nor quality limits and confirmation rules (#22)
        qcWaterMinCm: -500,
        qcWaterMaxCm: 3000,
        qcWaterMaxChangeCmPerHour: 300,
        qcRainMaxMm: 200,
        qcRainMaxMmPerHour: 150,
        qcStuckMinutes: 360,
        qcMaxAgeDays: 365,
        alertConfirmReadings: 2,
        alertConfirmMinutes: 0,
        alertAckMinutes: 15,
        alertMaxEscalations: 3,
      },
    });
  });

  it('shows the quality limits and the confirmation rules in their own sections, and saves them (#22)', async () => {
    const stored = {
      ...RECORDS[1]!,
      objectValue: { ...RECORDS[1]!.objectValue, qcWaterMaxCm: 2500, qcStuckMinutes: 240, alertConfirmReadings: 3 },
    };
    const fetchMock = mockFetch((url, init) =>
      init?.method === 'PUT'
        ? jsonResponse(200, { ...stored, objectValue: JSON.parse(String(init.body)).objectValue })
        : url.startsWith('/api/system-parameter')
          ? jsonResponse(200, { items: [RECORDS[0], stored], total: 2 })
          : jsonResponse(404, {}),
    );
    renderWithProviders(<ConfigurationsPage />, '/database/configurations');
    fireEvent.click(await screen.findByTestId('config-params-2'));
    await screen.findByText('Tham số hiển thị');
    const quality = screen.getByRole('group', { name: 'Kiểm tra chất lượng số liệu' });
    for (const label of [
      'Mực nước nhỏ nhất đo được (m)',
      'Mực nước lớn nhất đo được (m)',
      'Tốc độ thay đổi mực nước tối đa (m/giờ)',
      'Lượng mưa tối đa một lần đo (mm)',
      'Cường độ mưa tối đa (mm/giờ)',
      'Giá trị không đổi quá (phút) thì nghi ngờ',
      'Số liệu cũ hơn (ngày) thì sai',
    ]) {
      expect(within(quality).getByLabelText(label)).toBeTruthy();
    }
    const confirm = screen.getByRole('group', { name: 'Xác nhận và nhắc lại cảnh báo' });
    for (const label of [
      'Số lần đo liên tiếp để xác nhận mức',
      'Hoặc giữ mức trong (phút, 0 = không dùng)',
      'Nhắc lại trực ban sau (phút) nếu chưa ai nhận',
      'Nhắc lại tối đa (lần)',
    ]) {
      expect(within(confirm).getByLabelText(label)).toBeTruthy();
    }
    // Each with a short help line; water limits in metres like every water field (stored in centimetres), missing
    // ones as their defaults.
    expect(within(quality).getByText('Mưa chỉ tính giá trị khác 0; 0 = không kiểm tra.')).toBeTruthy();
    expect(within(confirm).getByText('Số lần gửi lại nhiều nhất; 0 = không nhắc lại.')).toBeTruthy();
    expect((document.getElementById('param-qcWaterMaxCm') as HTMLInputElement).value).toBe('25,0');
    expect((document.getElementById('param-qcWaterMinCm') as HTMLInputElement).value).toBe('-5,0');
    expect((document.getElementById('param-qcStuckMinutes') as HTMLInputElement).value).toBe('240');
    expect((document.getElementById('param-alertConfirmReadings') as HTMLInputElement).value).toBe('3');
    expect((document.getElementById('param-alertAckMinutes') as HTMLInputElement).value).toBe('15');

    type('param-qcWaterMaxChangeCmPerHour', '2');
    type('param-alertConfirmMinutes', '20');
    type('param-alertMaxEscalations', '0');
    fireEvent.click(screen.getByTestId('param-submit'));
    expect(await screen.findByText('Cập nhật thành công')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]?.body)).objectValue).toMatchObject({
      qcWaterMinCm: -500,
      qcWaterMaxCm: 2500,
      qcWaterMaxChangeCmPerHour: 200,
      qcStuckMinutes: 240,
      alertConfirmReadings: 3,
      alertConfirmMinutes: 20,
      alertAckMinutes: 15,
      alertMaxEscalations: 0,
    });
  });

  it('refuses a lowest measurable level above the highest, on both fields', async () => {
    const fetchMock = mockFetch((url) =>
      url.startsWith('/api/system-parameter') ? jsonResponse(200, { items: RECORDS, total: 2 }) : jsonResponse(404, {}),
    );
    renderWithProviders(<ConfigurationsPage />, '/database/configurations');
    fireEvent.click(await screen.findByTestId('config-params-2'));
    await screen.findByText('Tham số hiển thị');
    type('param-qcWaterMinCm', '40');
    fireEvent.click(screen.getByTestId('param-submit'));
    expect(
      await screen.findByText("'Mực nước nhỏ nhất đo được' phải nhỏ hơn 'Mực nước lớn nhất đo được'"),
    ).toBeTruthy();
    expect(screen.getByText("'Mực nước lớn nhất đo được' phải lớn hơn 'Mực nước nhỏ nhất đo được'")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('shows a quality limit the server refuses on its own field', async () => {
    mockFetch((url, init) =>
      init?.method === 'PUT'
        ? jsonResponse(400, {
            code: 'VALIDATION_FAILED',
            message: 'Dữ liệu không hợp lệ',
            fields: [{ field: 'objectValue.qcWaterMaxCm', message: 'Giới hạn đo không hợp lệ' }],
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
    const message = await screen.findByText('Giới hạn đo không hợp lệ');
    // Under that very field: the form item holding the input param-qcWaterMaxCm.
    const item = message.closest('.ant-form-item') as HTMLElement;
    expect(item.querySelector('#param-qcWaterMaxCm')).toBeTruthy();
    expect(document.getElementById('param-qcWaterMaxCm')?.getAttribute('aria-invalid')).toBe('true');
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

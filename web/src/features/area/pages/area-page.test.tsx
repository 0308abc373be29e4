import { type Area, DEFAULT_AREA } from '@flood/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import AreaPage from './area-page';

const DEFAULT: Area = {
  settings: DEFAULT_AREA,
  isDefault: true,
  updatedAt: null,
  bounds: null,
  unitsWithoutBoundary: [],
};
const REGION = {
  properties: ['ten_xa', 'ma_xa'],
  units: [
    { code: '06978', name: 'Ba Chẽ', type: 'XA' },
    { code: '06979', name: 'Kỳ Thượng', type: 'XA' },
    { code: '06985', name: 'Lương Minh', type: 'XA' },
  ],
  skipped: [{ feature: 4, reason: 'không có mã ở thuộc tính ma_xa' }],
  file: 'Ranh giới 3 xã 2025.geojson',
};

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

/** Picks an option of the antd Select labelled `label`. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.at(-1)!);
}

describe("the 'Khu vực' page (#26)", () => {
  beforeEach(() => signIn(['system', 'user']));
  afterEach(() => vi.unstubAllGlobals());

  it('reads the units of the region layer by the chosen properties and saves the area with PUT /api/area', async () => {
    let saved: Record<string, unknown> | null = null;
    const fetchMock = mockFetch((url, init) => {
      if (init?.method === 'PUT' && url === '/api/area') {
        saved = JSON.parse(String(init.body));
        return jsonResponse(200, { ...DEFAULT, settings: saved, isDefault: false, updatedAt: '2026-11-27T02:00:00Z' });
      }
      if (url.startsWith('/api/area/region-units')) return jsonResponse(200, REGION);
      if (url === '/api/area') return jsonResponse(200, DEFAULT);
      if (url === '/api/communes') return jsonResponse(200, []);
      return jsonResponse(404, {});
    });
    renderWithProviders(<AreaPage />, '/system/area');
    expect(await screen.findByRole('heading', { level: 1, name: 'Khu vực' })).toBeTruthy();
    // The built-in area is said to be the former district before 2025.
    expect(screen.getByText(/huyện Ba Chẽ cũ với 7 đơn vị cấp xã/)).toBeTruthy();
    expect(input('Tên cổng').value).toBe('Cảnh báo lũ, mưa huyện Ba Chẽ');
    expect(await screen.findByText('Lớp ranh giới hiện hành: Ranh giới 3 xã 2025.geojson')).toBeTruthy();

    await choose('Thuộc tính chứa mã', 'ma_xa');
    await choose('Thuộc tính chứa tên', 'ten_xa');
    fireEvent.click(screen.getByRole('button', { name: 'Lấy từ lớp ranh giới' }));
    await waitFor(() => expect(screen.getAllByLabelText('Mã')).toHaveLength(3));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/area/region-units?codeProperty=ma_xa&nameProperty=ten_xa',
      expect.anything(),
    );
    expect(screen.getByText('Vùng thứ 4: không có mã ở thuộc tính ma_xa')).toBeTruthy();
    expect((screen.getAllByLabelText('Tên')[1] as HTMLInputElement).value).toBe('Kỳ Thượng');

    type('Tên cổng', 'Cảnh báo lũ, mưa xã Ba Chẽ');
    type('Tên địa bàn trong câu', 'xã Ba Chẽ');
    type('Đơn vị vận hành', 'Ủy ban nhân dân xã Ba Chẽ');
    fireEvent.click(screen.getByTestId('area-save'));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved).toMatchObject({
      portalName: 'Cảnh báo lũ, mưa xã Ba Chẽ',
      areaName: 'xã Ba Chẽ',
      operator: 'Ủy ban nhân dân xã Ba Chẽ',
      unitCodeProperty: 'ma_xa',
      unitNameProperty: 'ten_xa',
      units: REGION.units,
      center: DEFAULT_AREA.center,
    });
    expect(saved).not.toHaveProperty('typeProperty');
    expect(await screen.findByText('Đã lưu khu vực')).toBeTruthy();
  });

  it("shows the server's refusal on the field it names", async () => {
    const fetchMock = mockFetch((url, init) => {
      if (init?.method === 'PUT')
        return jsonResponse(400, {
          code: 'VALIDATION_FAILED',
          message: 'Dữ liệu không hợp lệ',
          requestId: 'r-1',
          fields: [{ field: 'units.1.code', message: 'Mã đơn vị 06970 bị trùng' }],
        });
      if (url.startsWith('/api/area/region-units')) return jsonResponse(200, { ...REGION, units: [], skipped: [] });
      if (url === '/api/area') return jsonResponse(200, DEFAULT);
      return jsonResponse(200, []);
    });
    renderWithProviders(<AreaPage />, '/system/area');
    await screen.findByRole('heading', { level: 1, name: 'Khu vực' });
    fireEvent.click(screen.getByTestId('area-save'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    expect(await screen.findByText('Mã đơn vị 06970 bị trùng')).toBeTruthy();
  });

  it('goes back to the built-in area after a confirmation', async () => {
    let deleted = false;
    mockFetch((url, init) => {
      if (init?.method === 'DELETE' && url === '/api/area') {
        deleted = true;
        return jsonResponse(200, DEFAULT);
      }
      if (url.startsWith('/api/area/region-units')) return jsonResponse(200, REGION);
      if (url === '/api/area')
        return jsonResponse(200, { ...DEFAULT, isDefault: false, updatedAt: '2026-11-27T02:00:00Z' });
      return jsonResponse(200, []);
    });
    // The page came with a saved area (the server puts it in the page: web/src/lib/area/use-area.ts).
    const copy = document.createElement('script');
    copy.type = 'application/json';
    copy.id = 'portal-area';
    copy.textContent = JSON.stringify({ ...DEFAULT, isDefault: false, updatedAt: '2026-11-27T02:00:00Z' });
    document.head.append(copy);
    renderWithProviders(<AreaPage />, '/system/area');
    copy.remove();
    fireEvent.click(await screen.findByTestId('area-reset'));
    expect(await screen.findByText(/Dùng lại khu vực mặc định \(huyện Ba Chẽ cũ/)).toBeTruthy();
    expect(deleted).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Dùng lại khu vực mặc định' }).at(-1)!);
    await waitFor(() => expect(deleted).toBe(true));
    expect(await screen.findByText('Đã dùng lại khu vực mặc định')).toBeTruthy();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn, signOut } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
  signOut();
});

const tile = { url: 'https://tile.example.vn/{z}/{x}/{y}.png', attribution: '' };
const mapTiles = { national: tile, satellite: tile, street: tile };

describe('demo banner', () => {
  it('says the data are illustrative when the server runs in demo mode', async () => {
    mockFetch((path) =>
      path.endsWith('/app-info')
        ? jsonResponse(200, { demo: true, timeZone: 'Asia/Ho_Chi_Minh', version: '1', mapTiles })
        : jsonResponse(404, {}),
    );
    renderApp('/khong-ton-tai');
    expect((await screen.findByTestId('demo-banner')).textContent).toContain('Dữ liệu minh hoạ');
    // Residents are not told about the simulator and the gateways: that is for the back office.
    expect(screen.queryByTestId('demo-banner-staff')).toBeNull();
  });

  it('tells signed-in staff plainly that demo mode is on, what it writes and where its alerts go', async () => {
    signIn(['system']);
    mockFetch((path) =>
      path.endsWith('/app-info')
        ? jsonResponse(200, {
            demo: true,
            demoAlertsToGateway: false,
            timeZone: 'Asia/Ho_Chi_Minh',
            version: '1',
            mapTiles,
          })
        : jsonResponse(404, {}),
    );
    renderApp('/khong-ton-tai');
    const staff = await screen.findByTestId('demo-banner-staff');
    expect(staff.textContent).toContain('Chế độ minh hoạ đang bật (DEMO)');
    expect(staff.textContent).toContain('trạm thật không bị ghi');
    expect(staff.textContent).toContain('chỉ ghi vào nhật ký, không gửi SMS, e-mail thật');
  });

  it('is absent otherwise', async () => {
    const fetchMock = mockFetch((path) =>
      path.endsWith('/app-info')
        ? jsonResponse(200, { demo: false, timeZone: 'Asia/Ho_Chi_Minh', version: '1', mapTiles })
        : jsonResponse(404, {}),
    );
    const { container } = renderApp('/khong-ton-tai');
    await waitFor(() => expect(fetchMock.mock.calls.some(([p]) => String(p).endsWith('/app-info'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="demo-banner"]')).toBeNull();
  });
});

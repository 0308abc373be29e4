import type { Alert } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testAlert } from '../../../test/fixtures';
import { renderApp, renderWithProviders } from '../../../test/render-app';
import { AlertBanner } from './alert-banner';

const WATER = testAlert(11, 2, {
  stationId: 5,
  stationCode: 'F01024',
  stationName: 'Trạm Ba Chẽ',
  value: 62,
  peakValue: 62,
  trend: 'rising',
  positionText: 'Cầu Ba Chẽ',
  message: 'Mực nước tại Trạm Ba Chẽ đạt báo động cấp II',
  since: '2026-03-04T01:00:00.000Z',
  updatedAt: '2026-03-04T01:05:00.000Z',
});
const RAIN: Alert = {
  ...WATER,
  id: 12,
  kind: 'RAIN_INTENSITY',
  stationId: 6,
  stationCode: 'F00012',
  stationName: 'Trạm Nam Sơn',
  stationKind: 'rain',
  level: 1,
  value: 52.5,
  peakValue: 52.5,
  trend: 'steady',
  positionText: 'UBND xã Nam Sơn',
  message: 'Mưa to tại Trạm Nam Sơn',
};

const activeCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/alerts/active');

describe('alert banner', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows one line per open warning with its level, message, value, place and map link', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/alerts/active' ? jsonResponse(200, [WATER, RAIN]) : jsonResponse(404, {}),
    );
    renderWithProviders(<AlertBanner />);
    const banner = await screen.findByTestId('alert-banner');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.getAttribute('aria-live')).toBeTruthy();
    const lines = banner.querySelectorAll('li');
    expect(lines).toHaveLength(2);
    expect(activeCalls(fetchMock)).toHaveLength(1);
    fireEvent.click(within(banner).getByRole('button', { name: 'và 1 cảnh báo khác' }));

    const water = within(screen.getByTestId('alert-F01024'));
    expect(water.getByText('Cấp II')).toBeTruthy();
    expect(water.getByText('Trạm Ba Chẽ: mực nước đạt báo động cấp II')).toBeTruthy();
    expect(water.getByText('đỉnh 0,62 m · hiện 0,62 m · đang lên · từ 04/03/2026 08:00')).toBeTruthy();
    expect(water.getByText('Cầu Ba Chẽ')).toBeTruthy();
    expect(water.getByRole('link', { name: 'Xem bản đồ' }).getAttribute('href')).toBe('/maps?station=F01024');
    expect((water.getByText('Cấp II') as HTMLElement).style.background).toBe('rgb(251, 140, 0)');

    const rain = within(screen.getByTestId('alert-F00012'));
    expect(rain.getByText('Cấp I')).toBeTruthy();
    expect(rain.getByText('Trạm Nam Sơn: mưa to')).toBeTruthy();
    expect(rain.getByText('đỉnh 52,5 mm/giờ · hiện 52,5 mm/giờ · ít thay đổi · từ 04/03/2026 08:00')).toBeTruthy();
    expect(rain.getByText('UBND xã Nam Sơn')).toBeTruthy();
    expect(rain.getByRole('link', { name: 'Xem bản đồ' }).getAttribute('href')).toBe('/maps?station=F00012');
    expect((rain.getByText('Cấp I') as HTMLElement).style.background).toBe('rgb(253, 216, 53)');
  });

  it('a warning held after the level fell labels its peak and the current value, and a rise reads as a rate', async () => {
    const held = { ...WATER, level: 3, peakValue: 332, value: 118, trend: 'falling' as const };
    const rise = {
      ...WATER,
      id: 13,
      kind: 'WATER_RISE' as const,
      stationId: 25,
      stationCode: 'F01025',
      level: 1,
      peakValue: 169,
      value: -3,
      trend: 'falling' as const,
    };
    mockFetch((url) => (url === '/api/alerts/active' ? jsonResponse(200, [held, rise]) : jsonResponse(404, {})));
    renderWithProviders(<AlertBanner />);
    const line = await screen.findByTestId('alert-F01024');
    // It read '… cấp III (3,32 m) 1,18 m' while the station said 'Thấp'.
    expect(within(line).getByText('đỉnh 3,32 m · hiện 1,18 m · đang xuống · từ 04/03/2026 08:00')).toBeTruthy();
    // The rise is at another station: open the banner to its second line.
    fireEvent.click(screen.getByTestId('alert-banner-toggle'));
    const riseLine = screen.getByTestId('alert-F01025');
    expect(within(riseLine).getByText('Trạm Ba Chẽ: nước lên nhanh')).toBeTruthy();
    // It read 'nước lên nhanh 169 cm/giờ 1,69 m'.
    expect(
      within(riseLine).getByText('đỉnh 169 cm/giờ · hiện -3 cm/giờ · đang xuống · từ 04/03/2026 08:00'),
    ).toBeTruthy();
    expect(riseLine.textContent).not.toMatch(/\d m\b/);
  });

  it('renders nothing when no warning is open', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/alerts/active' ? jsonResponse(200, []) : jsonResponse(404, {}),
    );
    const { container } = renderWithProviders(<AlertBanner />);
    await waitFor(() => expect(activeCalls(fetchMock)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="alert-banner"]')).toBeNull();
  });

  it('is collapsed to the most severe station and a count that opens the others, sorted by severity', async () => {
    const lowWater = { ...WATER, id: 13, stationId: 7, stationCode: 'F01007', stationName: 'Trạm Đồn Đạc', level: 1 };
    const highWater = {
      ...WATER,
      id: 14,
      stationId: 8,
      stationCode: 'F01008',
      stationName: 'Trạm Lương Mông',
      level: 3,
    };
    // The server's order is not the banner's: rain Cấp I, water Cấp I, water Cấp III, water Cấp II.
    mockFetch((url) =>
      url === '/api/alerts/active' ? jsonResponse(200, [RAIN, lowWater, highWater, WATER]) : jsonResponse(404, {}),
    );
    renderWithProviders(<AlertBanner />);
    const banner = await screen.findByTestId('alert-banner');
    const visible = () => [...banner.querySelectorAll('li')].filter((li) => !li.hidden).map((li) => li.dataset.testid);
    expect(visible()).toEqual(['alert-F01008']);
    const toggle = within(banner).getByRole('button', { name: 'và 3 cảnh báo khác' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBe(banner.querySelector('ul'));

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Thu gọn');
    expect(banner.className).toContain('alert-banner-open');
    expect(visible()).toEqual(['alert-F01008', 'alert-F01024', 'alert-F01007', 'alert-F00012']);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(visible()).toEqual(['alert-F01008']);
  });

  it('gives a station with two warnings one line, its most severe level first', async () => {
    const rain24h: Alert = {
      ...RAIN,
      id: 15,
      kind: 'RAIN_24H',
      level: 2,
      value: 260,
      threshold: 200,
      message: 'Trạm Nam Sơn: mưa lớn ≥ 200 mm/24 giờ (đo được 260 mm)',
    };
    mockFetch((url) => (url === '/api/alerts/active' ? jsonResponse(200, [RAIN, rain24h]) : jsonResponse(404, {})));
    renderWithProviders(<AlertBanner />);
    const banner = await screen.findByTestId('alert-banner');
    expect(banner.querySelectorAll('li')).toHaveLength(1);
    expect(within(banner).queryByRole('button')).toBeNull();
    const line = within(screen.getByTestId('alert-F00012'));
    expect(line.getByText('Cấp II')).toBeTruthy();
    expect(line.queryByText('Cấp I')).toBeNull();
    const messages = [...banner.querySelectorAll('.alert-message')].map((m) => m.textContent);
    expect(messages).toEqual(['Trạm Nam Sơn: mưa lớn ≥ 200 mm/24 giờ', 'Trạm Nam Sơn: mưa to']);
  });

  it('sends a phone to /maps-mobile (a screen at most 767 px wide)', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(max-width: 767px)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    mockFetch((url) => (url === '/api/alerts/active' ? jsonResponse(200, [WATER]) : jsonResponse(404, {})));
    renderWithProviders(<AlertBanner />);
    const line = within(await screen.findByTestId('alert-F01024'));
    expect(line.getByRole('link', { name: 'Xem bản đồ' }).getAttribute('href')).toBe('/maps-mobile?station=F01024');
  });

  it('/maps-mobile: no header, but a way back to the portal and the banner', async () => {
    mockFetch((url) => (url === '/api/alerts/active' ? jsonResponse(200, [WATER]) : jsonResponse(404, {})));
    renderApp('/maps-mobile');
    const banner = await screen.findByTestId('alert-banner');
    expect(document.querySelector('.app-header')).toBeNull();
    const back = screen.getByRole('link', { name: 'Về trang chủ' });
    expect(back.getAttribute('href')).toBe('/dashboard');
    expect(back.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(banner).getByText('Cấp II')).toBeTruthy();
  });

  it('sits under the header of the real layout', async () => {
    mockFetch((url) => (url === '/api/alerts/active' ? jsonResponse(200, [WATER]) : jsonResponse(404, {})));
    renderApp('/dashboard');
    const banner = await screen.findByTestId('alert-banner');
    const header = document.querySelector('header, .app-header');
    expect(header).toBeTruthy();
    expect(header!.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(banner).getByText('Cấp II')).toBeTruthy();
    // The dashboard itself has loaded: its lazy import still in flight when the file ended failed CI
    // (EnvironmentTeardownError, 27/11/2026).
    expect(await screen.findByRole('heading', { level: 1, name: 'Trang chủ' })).toBeTruthy();
  });
});

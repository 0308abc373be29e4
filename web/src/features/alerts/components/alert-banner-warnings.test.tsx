import type { Alert, PublicWarning } from '@flood/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testAlert } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import { AlertBanner } from './alert-banner';

const SQUARE = [
  [
    [107.28, 21.26],
    [107.3, 21.26],
    [107.3, 21.28],
    [107.28, 21.26],
  ],
];
const FLOOD: PublicWarning = {
  id: 31,
  kind: 'flood',
  severityScale: 'level',
  severity: 2,
  source: null,
  headlineVi: 'Lũ trên sông Ba Chẽ lên báo động 2',
  descriptionVi: 'Mực nước sông Ba Chẽ đang lên.',
  instructionVi: 'Không qua ngầm tràn.',
  headlineEn: 'Ba Chẽ river at alarm level 2',
  descriptionEn: null,
  instructionEn: null,
  effectiveAt: '2026-11-26T01:00:00.000Z',
  // 14:00 on 26/11/2099, district time.
  expiresAt: '2099-11-26T07:00:00.000Z',
  status: 'active',
  version: 1,
  updatedAt: '2026-11-26T01:00:00.000Z',
  cancelledAt: null,
  cancelReason: null,
  attachmentUrl: null,
  area: { geometry: { type: 'Polygon', coordinates: SQUARE }, names: ['Thanh Sơn', 'Nam Sơn'] },
};
/** A relayed bulletin's risk level 3 (orange) over an area drawn on the map. */
const LANDSLIDE: PublicWarning = {
  ...FLOOD,
  id: 32,
  kind: 'landslide',
  severityScale: 'risk',
  severity: 3,
  source: 'Đài KTTV tỉnh Quảng Ninh',
  headlineVi: 'Nguy cơ sạt lở đất ở sườn đồi thôn Khe Lặc',
  headlineEn: null,
  effectiveAt: '2026-11-26T02:00:00.000Z',
  area: { geometry: { type: 'Polygon', coordinates: SQUARE }, names: [] },
};
const HEAVY_RAIN: PublicWarning = {
  ...FLOOD,
  id: 33,
  kind: 'heavy_rain',
  severity: 1,
  headlineVi: 'Mưa to trên toàn huyện',
};
const WATER = testAlert(11, 3, {
  stationId: 5,
  stationCode: 'F01024',
  stationName: 'Trạm Ba Chẽ',
  value: 62,
  peakValue: 62,
  trend: 'rising',
  positionText: 'Cầu Ba Chẽ',
  message: 'Mực nước tại Trạm Ba Chẽ đạt báo động cấp III',
  since: '2026-03-04T01:00:00.000Z',
  updatedAt: '2026-03-04T01:05:00.000Z',
});

function serve(warnings: PublicWarning[], alerts: Alert[] = []) {
  return mockFetch((url) =>
    url === '/api/warnings/active'
      ? jsonResponse(200, warnings)
      : url === '/api/alerts/active'
        ? jsonResponse(200, alerts)
        : jsonResponse(404, {}),
  );
}

const lineIds = (banner: HTMLElement, visibleOnly = false) =>
  [...banner.querySelectorAll('li')].filter((li) => !visibleOnly || !li.hidden).map((li) => li.dataset.testid);

describe('alert banner: the warnings officers issue (#23)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('puts the officers’ warnings first, most severe first, then the stations, collapsed to the first line', async () => {
    serve([HEAVY_RAIN, FLOOD, LANDSLIDE], [WATER]);
    renderWithProviders(<AlertBanner />);
    const banner = await screen.findByTestId('alert-banner');
    await waitFor(() => expect(lineIds(banner)).toHaveLength(4));
    // Risk level 3 of a landslide and 'Báo động 2' of a flood both rank 'severe' (2); the landslide is newer.
    expect(lineIds(banner)).toEqual(['warning-32', 'warning-31', 'warning-33', 'alert-F01024']);
    expect(lineIds(banner, true)).toEqual(['warning-32']);
    const toggle = within(banner).getByRole('button', { name: 'và 3 cảnh báo khác' });
    fireEvent.click(toggle);
    expect(lineIds(banner, true)).toEqual(['warning-32', 'warning-31', 'warning-33', 'alert-F01024']);
  });

  it("links once, for officers' warnings and stations' alerts alike, to the sign-up for warnings (#24)", async () => {
    serve([FLOOD], [WATER]);
    renderWithProviders(<AlertBanner />);
    const banner = await screen.findByTestId('alert-banner');
    await waitFor(() => expect(lineIds(banner)).toHaveLength(2));
    const links = within(banner).getAllByRole('link', { name: 'Đăng ký nhận cảnh báo' });
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('/dang-ky-canh-bao');
    // Opened, still one: it is the banner's, not a line's.
    fireEvent.click(within(banner).getByRole('button', { name: 'và 1 cảnh báo khác' }));
    expect(within(banner).getAllByRole('link', { name: 'Đăng ký nhận cảnh báo' })).toHaveLength(1);
  });

  it('reads as severity, kind, headline, area, until when, and a plain link to the public page', async () => {
    serve([FLOOD, LANDSLIDE]);
    renderWithProviders(<AlertBanner />);
    fireEvent.click(await screen.findByRole('button', { name: 'và 1 cảnh báo khác' }));
    const flood = within(await screen.findByTestId('warning-31'));
    const badge = flood.getByText('Báo động 2') as HTMLElement;
    expect(badge.style.background).toBe('rgb(207, 19, 34)');
    expect(flood.getByText('Lũ:')).toBeTruthy();
    expect(flood.getByText('Lũ trên sông Ba Chẽ lên báo động 2')).toBeTruthy();
    expect(flood.getByText('Thanh Sơn, Nam Sơn')).toBeTruthy();
    expect(flood.getByText('đến 14:00 26/11/2099')).toBeTruthy();
    const link = flood.getByRole('link', { name: /^Chi tiết/ });
    expect(link.getAttribute('href')).toBe('/canh-bao/31');
    expect(link.textContent).toBe('Chi tiết');

    const landslide = within(screen.getByTestId('warning-32'));
    expect((landslide.getByText('Rủi ro thiên tai cấp 3') as HTMLElement).style.background).toBe('rgb(255, 152, 0)');
    expect(landslide.getByText('vùng khoanh trên bản đồ')).toBeTruthy();
    expect(screen.getByTestId('alert-banner').getAttribute('role')).toBe('alert');
  });

  it('drops a warning that expired or was cancelled, and one that expires while the page is open', async () => {
    const soon = { ...FLOOD, expiresAt: new Date(Date.now() + 1500).toISOString() };
    const expired = { ...HEAVY_RAIN, expiresAt: new Date(Date.now() - 60_000).toISOString() };
    const cancelled = { ...LANDSLIDE, cancelledAt: new Date().toISOString() };
    serve([soon, expired, cancelled], [WATER]);
    renderWithProviders(<AlertBanner />);
    const banner = await screen.findByTestId('alert-banner');
    await waitFor(() => expect(lineIds(banner)).toEqual(['warning-31', 'alert-F01024']));
    // No reload, no new request: the client's clock takes it off the banner.
    await waitFor(() => expect(lineIds(banner)).toEqual(['alert-F01024']), { timeout: 4000 });
    expect(lineIds(banner, true)).toEqual(['alert-F01024']);
  });

  it('shows the English headline and words in English', async () => {
    const { i18n } = await import('../../../lib/i18n');
    await act(() => i18n.changeLanguage('en'));
    serve([FLOOD]);
    renderWithProviders(<AlertBanner />);
    const line = within(await screen.findByTestId('warning-31'));
    expect(line.getByText('Alarm level 2')).toBeTruthy();
    expect(line.getByText('Flood:')).toBeTruthy();
    expect(line.getByText('Ba Chẽ river at alarm level 2')).toBeTruthy();
    expect(line.getByText('until 14:00 26/11/2099')).toBeTruthy();
    await act(() => i18n.changeLanguage('vi'));
  });
});

import type { FloodAnalysis, GeodataItem } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubCanvas } from '../../../../test/canvas-stub';
import { jsonResponse, mockFetch, signIn } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render-app';
import AnalysisMapSection from './analysis-map-section';

// The canvas chart is not drawn in jsdom: a stand-in shows what it was given.
vi.mock('../../../../components/lazy-chart', () => ({
  LazyChart: ({ option, 'data-testid': testId }: { option: { series?: unknown[] }; 'data-testid'?: string }) => (
    <div data-testid={testId}>{JSON.stringify(option.series)}</div>
  ),
}));

const tile = { url: 'https://tile.example.vn/{z}/{x}/{y}.png', attribution: 'Bản đồ' };
const item = (id: number, type: GeodataItem['type'], name: string, time: string): GeodataItem => ({
  id,
  name,
  type,
  path: `f${id}.geojson`,
  url: `/api/geojson/f${id}.geojson`,
  parentId: null,
  time,
  size: 100,
  contentType: 'application/geo+json',
  demo: false,
  childCount: 0,
  userId: 1,
  userName: 'An',
  createdAt: time,
});
const EVENT = item(11, 'CURRENT_HIGH', 'ngap-thang-11.geojson', '2026-11-03T03:00:00.000Z');
const SCENARIO = item(22, 'SCRIPT_FLOOD', 'kich-ban-100-nam.geojson', '2026-10-01T00:00:00.000Z');
const square = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { value: 1.2 },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [107.25, 21.26],
            [107.27, 21.26],
            [107.27, 21.28],
            [107.25, 21.28],
            [107.25, 21.26],
          ],
        ],
      },
    },
  ],
};
const area = (id: string, name: string, ha: number) => ({
  id,
  code: null,
  name,
  fullName: `Xã ${name}`,
  areaHa: 1000,
  floodedM2: ha * 10_000,
  floodedHa: ha,
  sharePercent: ha / 10,
  byClass: [{ key: '1-1.5', floodedM2: ha * 10_000, floodedHa: ha }],
});
const analysis = (geodataId: number): FloodAnalysis => ({
  geodataId,
  name: SCENARIO.name,
  type: 'SCRIPT_FLOOD',
  time: SCENARIO.time,
  demo: false,
  status: 'DONE',
  error: null,
  regionLayerId: 1,
  computedAt: SCENARIO.time,
  durationMs: 12,
  classes: [{ key: '1-1.5', fromM: 1, toM: 1.5, colour: '#c6dbef', vi: '1–1,5 m', en: '1–1.5 m' }],
  total: area('TOTAL', 'Tổng', 12.5),
  communes: [area('1', 'Thanh Sơn', 12.5)],
  outsideHa: 0,
  features: 1,
  skipped: 0,
});

function serve() {
  return mockFetch((url) => {
    const u = new URL(url, 'http://x');
    const p = u.pathname;
    if (p === '/api/app-info') {
      return jsonResponse(200, {
        demo: false,
        timeZone: 'Asia/Ho_Chi_Minh',
        version: '1',
        mapTiles: { national: tile, satellite: tile, street: tile },
      });
    }
    if (p === '/api/geojson') {
      const type = u.searchParams.get('type');
      const items = type === 'CURRENT_HIGH' ? [EVENT] : type === 'SCRIPT_FLOOD' ? [SCENARIO] : [];
      return jsonResponse(200, { items, total: items.length, folder: null });
    }
    if (p.startsWith('/api/geojson/')) return jsonResponse(200, square);
    if (p === '/api/station') return jsonResponse(200, { items: [], total: 0 });
    if (p === `/api/flood-analysis/${SCENARIO.id}`) return jsonResponse(200, analysis(SCENARIO.id));
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'x', requestId: '' });
  });
}

const requested = (fetch: ReturnType<typeof serve>, path: string) =>
  fetch.mock.calls.some(([input]) => new URL(String(input), 'http://x').pathname === path);

describe('analysis flood map', () => {
  beforeEach(() => {
    signIn(['system', 'analyze']);
    stubCanvas();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('offers the two layer menus, one chosen at a time, each loading its file', async () => {
    const fetch = serve();
    renderWithProviders(<AnalysisMapSection />, '/analyze/report');
    const panel = await screen.findByTestId('analysis-layers');
    const events = within(panel).getByLabelText('Trận lũ theo thời gian') as HTMLSelectElement;
    const scenarios = within(panel).getByLabelText('Kịch bản lũ theo thời gian') as HTMLSelectElement;
    await within(events).findByText('03/11/2026 10:00 – ngap-thang-11.geojson');
    await within(scenarios).findByText('01/10/2026 07:00 – kich-ban-100-nam.geojson');
    expect(
      screen.getByText('Chọn một trận lũ hoặc kịch bản lũ trên bản đồ để xem diện tích ngập theo xã.'),
    ).toBeTruthy();

    fireEvent.change(events, { target: { value: String(EVENT.id) } });
    expect(events.value).toBe(String(EVENT.id));
    expect(scenarios.value).toBe('');
    await waitFor(() => expect(requested(fetch, EVENT.url!)).toBe(true));
    await waitFor(() => expect(screen.getByTestId('analysis-map').dataset.chosen).toBe(EVENT.url));
    // No analysis stored for the event: the commune part says so.
    expect((await screen.findByTestId('commune-analysis-empty')).textContent).toBe('Không có dữ liệu');

    fireEvent.change(scenarios, { target: { value: String(SCENARIO.id) } });
    expect(scenarios.value).toBe(String(SCENARIO.id));
    expect(events.value).toBe('');
    await waitFor(() => expect(screen.getByTestId('analysis-map').dataset.chosen).toBe(SCENARIO.url));
    await waitFor(() => expect(requested(fetch, SCENARIO.url!)).toBe(true));
    // The scenario's flooded area per commune, stacked by depth, with its table.
    const chart = await screen.findByTestId('commune-analysis-chart');
    expect(chart.textContent).toContain('"name":"1–1,5 m"');
    expect(chart.textContent).toContain('12.5');
    const table = screen.getByTestId('commune-analysis-table');
    expect(within(table).getByText('Xã Thanh Sơn')).toBeTruthy();
    expect(within(table).getByText('Tổng')).toBeTruthy();

    // Emptying the scenario menu clears the map.
    fireEvent.change(scenarios, { target: { value: '' } });
    await waitFor(() => expect(screen.getByTestId('analysis-map').dataset.chosen).toBeUndefined());
  });

  it('has the base maps, the three overlays, the search, the navigation and both export buttons', async () => {
    serve();
    renderWithProviders(<AnalysisMapSection />, '/analyze/report');
    const panel = await screen.findByTestId('analysis-layers');
    expect(
      within(panel)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Bản đồ số quốc gia', 'Ảnh vệ tinh', 'Bản đồ đường phố']);
    expect(
      within(panel)
        .getAllByRole('checkbox')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Vết lũ', 'Đường sơ tán', 'Điểm sơ tán']);
    expect(screen.getByRole('combobox', { name: 'Tìm địa điểm' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Xem toàn cảnh' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Phóng to' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Xuất ảnh PNG' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Xuất PDF' })).toBeTruthy();
    const legend = screen.getByTestId('analysis-legend-rows');
    expect(legend.textContent).toContain('> 4 m');
    expect(legend.textContent).toContain('0–0,5 m');
  });
});

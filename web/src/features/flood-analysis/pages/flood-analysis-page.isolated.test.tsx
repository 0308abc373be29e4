import type { FloodEvent, Station, StationSeries, WaterReport } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { districtToday } from '../../../lib/format/date';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import FloodAnalysisPage from './flood-analysis-page';

// The canvas chart is not drawn in jsdom: a stand-in shows what it was given.
vi.mock('../../../components/lazy-chart', () => ({
  LazyChart: ({ option, 'data-testid': testId }: { option: { series?: unknown[] }; 'data-testid'?: string }) => (
    <div data-testid={testId}>{JSON.stringify(option.series)}</div>
  ),
}));
// The analysis map is another part of the page with its own tests.
vi.mock('../components/analysis-map/analysis-map-section', () => ({
  default: () => <div data-testid="analysis-map-stub">map</div>,
}));

const station = (id: number, code: string, name: string): Station => ({
  id,
  code,
  name,
  description: '',
  kind: 'water',
  lat: 21.27,
  long: 107.29,
  warningLevel1: 100,
  warningLevel2: 150,
  warningLevel3: 200,
  warningLowWater: null,
  status: 'active',
  unitCode: null,
  unitOverride: null,
  userId: 7,
  creatorName: 'An',
  createdAt: '2026-03-04T01:02:00.000Z',
});
const STATIONS = [station(1, 'F01001', 'Trạm Đồn Đạc'), station(2, 'F01024', 'Trạm Ba Chẽ')];

const EVENT: FloodEvent = {
  id: 3,
  name: 'Trận lũ ngày 03/11/2026',
  customName: null,
  start: '2026-11-02T18:30:00.000Z', // 03/11 01:30 in the district
  end: '2026-11-04T10:00:00.000Z',
  ongoing: false,
  peak: { stationId: 2, stationCode: 'F01024', stationName: 'Trạm Ba Chẽ', value: 180, at: '2026-11-03T04:00:00.000Z' },
  note: null,
  source: 'AUTO',
  edited: false,
  demo: false,
  damageCount: 0,
  createdAt: '2026-11-03T00:30:00.000Z',
  updatedAt: '2026-11-03T00:30:00.000Z',
};

function report(month: string, withData: boolean): WaterReport {
  const [mm, yyyy] = month.split('/');
  const days = (averages: (number | null)[]) =>
    [1, 2, 3].map((d, i) => ({ date: `0${d}/${mm}/${yyyy}`, average: withData ? (averages[i] ?? null) : null }));
  return {
    month,
    stations: [
      {
        stationCode: 'F01001',
        stationName: 'Trạm Đồn Đạc',
        days: days([125, null, 90]),
        average: withData ? 107.5 : null,
      },
      { stationCode: 'F01024', stationName: 'Trạm Ba Chẽ', days: days([]), average: null },
    ],
  };
}

const series = (code: string): StationSeries => ({
  stationCode: code,
  stationName: STATIONS.find((s) => s.code === code)!.name,
  kind: 'water',
  points: [
    { time: '2026-11-03T03:00:00.000Z', value: 150 },
    { time: '2026-11-03T04:00:00.000Z', value: 180 },
  ],
  levels: { level1: 100, level2: 150, level3: 200 },
});

function api(reportHasData: (month: string) => boolean) {
  return mockFetch((url) => {
    const u = new URL(url, 'http://x');
    const p = u.searchParams;
    if (u.pathname === '/api/flood-event') return jsonResponse(200, { items: [EVENT], total: 1 });
    if (u.pathname === '/api/damage') return jsonResponse(200, { items: [], total: 0 });
    if (u.pathname === '/api/report-water') {
      const month = p.get('month')!;
      return jsonResponse(200, report(month, reportHasData(month)));
    }
    if (u.pathname === '/api/station') return jsonResponse(200, { items: STATIONS, total: 2 });
    if (u.pathname === '/api/water') return jsonResponse(200, series(p.get('stationCode')!));
    return jsonResponse(404, {});
  });
}
const urls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => decodeURIComponent(String(url)));

describe('flood analysis page', () => {
  beforeEach(() => signIn(['system', 'analyze']));
  afterEach(() => vi.unstubAllGlobals());

  it('stacks the events, both damage lists, the charts and the analysis map under one h1', async () => {
    api(() => false);
    renderWithProviders(<FloodAnalysisPage />, '/analyze/flood');
    expect(await screen.findByRole('heading', { level: 1, name: 'Phân tích lũ' })).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual([
      'Lịch sử các trận lũ',
      'Thiệt hại về tài sản',
      'Thiệt hại về người',
      'Mực nước trung bình theo tháng',
      'Biểu đồ mực nước',
    ]);
    expect(await screen.findByTestId('analysis-map-stub')).toBeTruthy();
  });

  it('draws the monthly daily means in metres for the picked month, with a table, or says there is no data', async () => {
    const current = districtToday().format('MM/YYYY');
    const fetchMock = api((month) => month !== current);
    renderWithProviders(<FloodAnalysisPage />, '/analyze/flood');
    const card = await screen.findByTestId('monthly-water-card');
    expect(await within(card).findByText('Không có dữ liệu')).toBeTruthy();
    expect(urls(fetchMock)).toContain(`/api/report-water?month=${current}`);
    expect(within(card).queryByTestId('monthly-water-export')).toBeNull();

    const input = card.querySelector('.ant-picker input') as HTMLInputElement;
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '10/2026' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(urls(fetchMock)).toContain('/api/report-water?month=10/2026'));

    // Only the station with readings is drawn, in metres, with a gap for the day without readings.
    const chart = await within(card).findByTestId('monthly-water-chart');
    const drawn = JSON.parse(chart.textContent!) as { name: string; data: (number | null)[] }[];
    expect(drawn.map((s) => [s.name, s.data])).toEqual([['Trạm Đồn Đạc', [1.25, null, 0.9]]]);
    const table = within(card).getByTestId('monthly-water-table');
    const cells = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(cells).toEqual([
      ['01/10/2026', '1,25'],
      ['02/10/2026', '–'],
      ['03/10/2026', '0,90'],
      ['Trung bình tháng', '1,08'],
    ]);
    expect(within(card).getByTestId('monthly-water-export')).toBeTruthy();
  });

  it('shows the first station over the last 7 days, and an event of the table over its days at its peak station', async () => {
    const fetchMock = api(() => false);
    renderWithProviders(<FloodAnalysisPage />, '/analyze/flood');
    const today = districtToday();
    const from = today.subtract(6, 'day').format('DD/MM/YYYY');
    const to = today.format('DD/MM/YYYY');
    await waitFor(() =>
      expect(urls(fetchMock)).toContain(`/api/water?stationCode=F01001&history=true&from=${from}&to=${to}`),
    );
    const card = screen.getByTestId('water-chart-card');
    const chart = await within(card).findByTestId('water-chart');
    expect(chart.textContent).toContain('"name":"Trạm Đồn Đạc"');
    expect(chart.textContent).toContain(`[${Date.parse('2026-11-03T03:00:00.000Z')},1.5]`);

    const row = (await screen.findByText('Trận lũ ngày 03/11/2026')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Xem biểu đồ mực nước' }));
    await waitFor(() =>
      expect(urls(fetchMock)).toContain('/api/water?stationCode=F01024&history=true&from=03/11/2026&to=04/11/2026'),
    );
    expect(within(card).getByText('Trận lũ ngày 03/11/2026')).toBeTruthy();
    await waitFor(() => expect(within(card).getByTestId('water-chart').textContent).toContain('"name":"Trạm Ba Chẽ"'));
    const summary = [...within(card).getByTestId('water-chart-table').querySelectorAll('tbody tr')].map((tr) =>
      [...tr.children].map((c) => c.textContent),
    );
    expect(summary).toEqual([
      ['Cao nhất', '1,80', '03/11/2026 11:00'],
      ['Thấp nhất', '1,50', '03/11/2026 10:00'],
      ['Trung bình', '1,65', ''],
      ['Mới nhất', '1,80', '03/11/2026 11:00'],
    ]);
  });
});

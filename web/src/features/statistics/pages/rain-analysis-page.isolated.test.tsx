import type { Station, StationReading, StationSeries } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import RainAnalysisPage from './rain-analysis-page';

// The canvas chart is not drawn in jsdom: a stand-in shows what it was given.
vi.mock('../../../components/lazy-chart', () => ({
  LazyChart: ({ option, 'data-testid': testId }: { option: { series?: unknown[] }; 'data-testid'?: string }) => (
    <div data-testid={testId}>{JSON.stringify(option.series)}</div>
  ),
}));

const RAIN: Station = {
  id: 1,
  code: 'F00012',
  name: 'Mưa Thanh Sơn',
  description: 'UBND xã Thanh Sơn',
  kind: 'rain',
  lat: 21.2,
  long: 107.2,
  warningLevel1: null,
  warningLevel2: null,
  warningLevel3: null,
  warningLowWater: null,
  status: 'active',
  unitCode: null,
  unitOverride: null,
  userId: 7,
  creatorName: 'An',
  createdAt: '2026-03-04T01:02:00.000Z',
};
const WATER: Station = { ...RAIN, id: 2, code: 'F01024', name: 'Mực nước Ba Chẽ', kind: 'water' };

const reading = (s: Station, value: number | null, status: string, statusLabel: string): StationReading => ({
  stationId: s.id,
  stationCode: s.code,
  stationName: s.name,
  kind: s.kind,
  lat: s.lat,
  long: s.long,
  value,
  observedAt: value === null ? null : '2026-11-22T00:10:00.000Z',
  date: null,
  hour: null,
  status,
  statusLabel,
  disconnected: status === 'disconnected',
  warningLevel1: s.warningLevel1,
  warningLevel2: s.warningLevel2,
  warningLevel3: s.warningLevel3,
  quality: null,
});

function api(series: (code: string) => StationSeries) {
  return mockFetch((url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === '/api/station') {
      const kind = u.searchParams.get('kind');
      const items = kind === 'water' ? [WATER] : [RAIN];
      return jsonResponse(200, { items, total: items.length });
    }
    if (u.pathname === '/api/water' && u.searchParams.get('stationCode'))
      return jsonResponse(200, series(u.searchParams.get('stationCode')!));
    if (u.pathname === '/api/water' && u.searchParams.get('type') === 'CURRENT_RAIN')
      return jsonResponse(200, [reading(RAIN, null, 'disconnected', 'Mất kết nối')]);
    if (u.pathname === '/api/water') return jsonResponse(200, [reading(WATER, null, 'noData', 'Không có dữ liệu')]);
    return jsonResponse(404, {});
  });
}

const empty = (code: string): StationSeries => ({
  stationCode: code,
  stationName: code === RAIN.code ? RAIN.name : WATER.name,
  kind: code === RAIN.code ? 'rain' : 'water',
  points: [],
  levels: null,
});

describe('rain analysis page', () => {
  beforeEach(() => signIn(['system', 'analyze']));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the rain stations with their status and has no export when there is no data', async () => {
    const fetchMock = api(empty);
    renderWithProviders(<RainAnalysisPage />, '/analyze/rain');
    expect(await screen.findByRole('heading', { level: 1, name: 'Phân tích mưa' })).toBeTruthy();
    const table = await screen.findByTestId('rain-station-table');
    expect(await within(table).findByText('Mưa Thanh Sơn')).toBeTruthy();
    expect(within(table).getByText('UBND xã Thanh Sơn')).toBeTruthy();
    expect(await within(table).findByText('Mất kết nối')).toBeTruthy();

    expect(screen.getByText('Dữ liệu mưa')).toBeTruthy();
    expect(screen.getByText('Một trạm theo thời gian')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('stationCode=F00012&history=true'))).toBe(true),
    );
    expect(await screen.findByText('Không có dữ liệu', { selector: '.ant-empty-description' })).toBeTruthy();
    expect(screen.queryByTestId('export-excel')).toBeNull();

    // Several stations at one moment: none has a value either.
    fireEvent.click(screen.getByText('Nhiều trạm tại một thời điểm'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => /type=CURRENT_RAIN&date=\d\d%2F\d\d%2F\d{4}&hour=\d+/.test(String(url))),
      ).toBe(true),
    );
    expect(await screen.findByText('Không có dữ liệu', { selector: '.ant-empty-description' })).toBeTruthy();
    expect(screen.queryByTestId('export-excel')).toBeNull();
  });

  it('draws water in metres with the warning levels and offers the export once there is data', async () => {
    api((code) =>
      code === WATER.code
        ? {
            ...empty(code),
            points: [
              { time: '2026-11-22T00:00:00.000Z', value: 210 },
              { time: '2026-11-22T01:00:00.000Z', value: 125 },
            ],
            levels: { level1: 150, level2: 200, level3: 250 },
          }
        : empty(code),
    );
    renderWithProviders(<RainAnalysisPage />, '/analyze/rain');
    fireEvent.click(await screen.findByText('Dữ liệu mực nước'));
    const chart = await screen.findByTestId('range-chart');
    await waitFor(() => expect(chart.textContent).toContain(`[${Date.parse('2026-11-22T00:00:00.000Z')},2.1]`));
    expect(chart.textContent).toContain('"type":"line"');
    expect(chart.textContent).toContain('"yAxis":1.5');
    expect(chart.textContent).toContain('"yAxis":2.5');
    expect(screen.getByTestId('export-excel')).toBeTruthy();
  });
});

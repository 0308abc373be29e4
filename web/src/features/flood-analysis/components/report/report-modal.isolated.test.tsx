import type { RainReport, WaterReport } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render-app';
import ReportPage from '../../pages/report-page';

// The canvas chart is not drawn in jsdom: a stand-in shows what it was given.
vi.mock('../../../../components/lazy-chart', () => ({
  LazyChart: ({ option, 'data-testid': testId }: { option: { series?: unknown[] }; 'data-testid'?: string }) => (
    <div data-testid={testId}>{JSON.stringify(option.series)}</div>
  ),
}));
// The map has its own tests: here only its card with the page's 'Báo cáo' button.
vi.mock('../analysis-map/analysis-map-section', () => ({
  default: ({ actions }: { actions?: React.ReactNode }) => (
    <section data-testid="analysis-map-section">{actions}</section>
  ),
}));

/** The district's (Asia/Ho_Chi_Minh) month and year now, as the pickers start. */
function districtNow(): { month: string; year: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric', month: '2-digit' })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return { month: `${parts.month}/${parts.year}`, year: Number(parts.year) };
}

const days = (month: string, values: Record<number, number>) =>
  Array.from({ length: 30 }, (_, i) => ({
    date: `${String(i + 1).padStart(2, '0')}/${month}`,
    average: values[i + 1] ?? null,
  }));

const water = (month: string): WaterReport => ({
  month,
  stations: [
    { stationCode: 'F01024', stationName: 'Trạm Trung tâm Y tế', days: days(month, { 2: 62, 3: 48 }), average: 55 },
    { stationCode: 'F01030', stationName: 'Trạm chưa có số liệu', days: days(month, {}), average: null },
  ],
});
const rain = (year: number, withRain: boolean): RainReport => ({
  year,
  stations: [
    {
      stationCode: 'F00012',
      stationName: 'Mưa Thanh Sơn',
      months: withRain ? [0, 0, 0, 0, 12.5, 80, 0, 0, 0, 0, 0, 0] : Array(12).fill(0),
      total: withRain ? 92.5 : 0,
    },
  ],
});

function serve() {
  return mockFetch((url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === '/api/report-water') {
      const month = u.searchParams.get('month')!;
      // March 2025 has no reading at all.
      return jsonResponse(200, month === '03/2025' ? { month, stations: [] } : water(month));
    }
    if (u.pathname === '/api/report-rain') {
      const year = Number(u.searchParams.get('year'));
      return jsonResponse(200, rain(year, year !== 2020));
    }
    if (u.pathname.endsWith('/export')) {
      return new Response('PK', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="bao-cao.xlsx"' },
      });
    }
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'x', requestId: '' });
  });
}

const requests = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.map(([input]) => {
    const u = new URL(String(input), 'http://x');
    return `${u.pathname}${u.search}`;
  });

/** Types a value into an antd picker and confirms it as a person would. */
function pick(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}

describe('thematic map report', () => {
  beforeEach(() => {
    signIn(['system', 'analyze']);
    URL.createObjectURL = () => 'blob:xlsx';
    URL.revokeObjectURL = () => {};
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('reports the water of the chosen month in metres, and exports that month', async () => {
    const fetch = serve();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { month } = districtNow();
    renderWithProviders(<ReportPage />, '/analyze/report');
    fireEvent.click(screen.getByRole('button', { name: 'Báo cáo' }));
    const modal = await screen.findByTestId('report-modal');

    // This month first: one line per station with readings, daily means in metres.
    const chart = await within(modal).findByTestId('water-report-chart');
    expect(requests(fetch)).toContain(`/api/report-water?month=${encodeURIComponent(month)}`);
    const series = JSON.parse(chart.textContent!) as { name: string; data: (number | null)[] }[];
    expect(series.map((s) => s.name)).toEqual(['Trạm Trung tâm Y tế']);
    expect(series[0]!.data.slice(0, 4)).toEqual([null, 0.62, 0.48, null]);
    expect(within(modal).getByTestId('water-report-average-F01024').textContent).toBe('0,55');

    fireEvent.click(within(modal).getByTestId('water-report-export'));
    await waitFor(() =>
      expect(requests(fetch)).toContain(`/api/report-water/export?month=${encodeURIComponent(month)}`),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());

    // Another month.
    pick(within(modal).getByLabelText('Tháng'), '11/2025');
    await waitFor(() => expect(requests(fetch)).toContain('/api/report-water?month=11%2F2025'));
    await waitFor(() => expect(within(modal).getByText('Mực nước trung bình ngày tháng 11/2025 (m)')).toBeTruthy());
    fireEvent.click(await within(modal).findByTestId('water-report-export'));
    await waitFor(() => expect(requests(fetch)).toContain('/api/report-water/export?month=11%2F2025'));

    // A month without readings: 'Không có dữ liệu' and no export.
    pick(within(modal).getByLabelText('Tháng'), '03/2025');
    expect((await within(modal).findByTestId('water-report-empty')).textContent).toContain('Không có dữ liệu');
    expect(within(modal).queryByTestId('water-report-export')).toBeNull();
  });

  it('reports the rain of the chosen year by month in mm, and exports that year', async () => {
    const fetch = serve();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { year } = districtNow();
    renderWithProviders(<ReportPage />, '/analyze/report');
    fireEvent.click(screen.getByRole('button', { name: 'Báo cáo' }));
    const modal = await screen.findByTestId('report-modal');
    fireEvent.click(within(modal).getByRole('tab', { name: 'Lượng mưa theo năm' }));

    const chart = await within(modal).findByTestId('rain-report-chart');
    expect(requests(fetch)).toContain(`/api/report-rain?year=${year}`);
    const series = JSON.parse(chart.textContent!) as { type: string; name: string; data: number[] }[];
    expect(series).toEqual([
      expect.objectContaining({ type: 'bar', name: 'Mưa Thanh Sơn', data: [0, 0, 0, 0, 12.5, 80, 0, 0, 0, 0, 0, 0] }),
    ]);
    expect(within(modal).getByTestId('rain-report-row-F00012').textContent).toContain('92,5');

    pick(within(modal).getByLabelText('Năm'), '2024');
    await waitFor(() => expect(requests(fetch)).toContain('/api/report-rain?year=2024'));
    fireEvent.click(await within(modal).findByTestId('rain-report-export'));
    await waitFor(() => expect(requests(fetch)).toContain('/api/report-rain/export?year=2024'));

    // A year without rain: 'Không có dữ liệu'.
    pick(within(modal).getByLabelText('Năm'), '2020');
    expect((await within(modal).findByTestId('rain-report-empty')).textContent).toContain('Không có dữ liệu');
  });
});

import type { Alert, DataLayer, StationReading, StationSeries } from '@flood/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testAlert } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// The canvas chart is not drawn in jsdom: a stand-in shows what it was given.
vi.mock('../../../components/lazy-chart', () => ({
  LazyChart: ({ option, 'data-testid': testId }: { option: { series?: unknown[] }; 'data-testid'?: string }) => (
    <div data-testid={testId}>{JSON.stringify(option.series)}</div>
  ),
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A stand-in for the browser's EventSource that the test opens and breaks by hand. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  readonly listeners = new Map<string, () => void>();
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  /** The server sends an event of this type. */
  emit(type: string) {
    this.listeners.get(type)?.();
  }
  close() {}
}

const tile = { url: 'https://tile.example.vn/{z}/{x}/{y}.png', attribution: 'Bản đồ' };
const layer = (id: number, name: string, enabled = true): DataLayer => ({
  id,
  name,
  enabled,
  symbol: { icon: 'cloud', color: '#1677ff' },
  userId: null,
  userName: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});
const water: StationReading = {
  stationId: 24,
  stationCode: 'F01024',
  stationName: 'Trạm Trung tâm Y tế',
  kind: 'water',
  lat: 21.273,
  long: 107.2896,
  value: 62,
  observedAt: '2026-11-23T00:30:00.000Z',
  date: '23/11/2026',
  hour: '07',
  status: 'level2',
  statusLabel: 'Cấp II',
  disconnected: false,
  warningLevel1: 30,
  warningLevel2: 50,
  warningLevel3: 70,
  quality: null,
  trend: 'rising',
};
const rain: StationReading = {
  ...water,
  stationId: 1,
  stationCode: 'F00001',
  stationName: 'Trạm mưa Thanh Lâm',
  kind: 'rain',
  lat: 21.3,
  long: 107.2,
  value: 12.5,
  status: 'heavy',
  statusLabel: 'Mưa to',
};
const alert = testAlert(5, 2, {
  stationId: 24,
  stationCode: 'F01024',
  stationName: 'Trạm Trung tâm Y tế',
  value: 62,
  peakValue: 62,
  trend: 'rising',
  lat: 21.273,
  long: 107.2896,
  message: 'Trạm Trung tâm Y tế: mực nước đạt báo động cấp II (0,62 m)',
  updatedAt: '2026-11-23T00:30:00.000Z',
});
const series: StationSeries = {
  stationCode: 'F00001',
  stationName: rain.stationName,
  kind: 'rain',
  points: [{ time: '2026-11-23T00:00:00.000Z', value: 12.5 }],
  levels: null,
};

function serve(alerts: () => Alert[] = () => [alert], data = { rain, water, series }) {
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
    if (p === '/api/data-layer') {
      const items = [
        layer(1, 'Mưa thực đo'),
        layer(2, 'Mưa vệ tinh', false),
        layer(3, 'Mực nước thực đo'),
        layer(4, 'Ngập lụt'),
      ];
      return jsonResponse(200, { items, total: items.length });
    }
    if (p === '/api/water' && u.searchParams.get('stationCode')) return jsonResponse(200, data.series);
    if (p === '/api/water') {
      return jsonResponse(200, u.searchParams.get('type') === 'CURRENT_HIGH' ? [data.water] : [data.rain]);
    }
    if (p === '/api/station') return jsonResponse(200, { items: [], total: 0 });
    if (p === '/api/alerts/active') return jsonResponse(200, alerts());
    if (p === '/api/geojson') return jsonResponse(200, { items: [], total: 0, folder: null });
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'x', requestId: '' });
  });
}

describe('/maps', () => {
  it('lists the layers the layer list holds and has on, in the spec order', async () => {
    serve();
    renderApp('/maps');
    const menu = await screen.findByTestId('map-layers');
    await waitFor(() => expect(within(menu).getByTestId('layer-realRain')).toBeTruthy());
    expect(within(menu).queryByTestId('layer-satelliteRain')).toBeNull(); // off in the list
    expect(within(menu).queryByTestId('layer-forecastRain')).toBeNull(); // not in the list
    expect(within(menu).getByTestId('layer-realWater')).toBeTruthy();
    expect(within(menu).getByText('Ngập lụt')).toBeTruthy();
    expect(within(menu).getByText('Chọn thời gian')).toBeTruthy();
  });

  it('links to the sign-up for warnings at the foot of the left column, under the legend (#24)', async () => {
    serve();
    renderApp('/maps');
    const page = await screen.findByTestId('map-page');
    const link = within(page).getByRole('link', { name: 'Đăng ký nhận cảnh báo' });
    expect(link.getAttribute('href')).toBe('/dang-ky-canh-bao');
    expect(link.previousElementSibling?.getAttribute('data-testid')).toBe('map-legend');
  });

  it('shows the rain stations with their value and tooltip, the water ones after the toggle', async () => {
    serve();
    renderApp('/maps');
    const marker = await screen.findByTestId('station-marker-F00001');
    expect(marker.textContent).toBe('12,5');
    expect(marker.closest('.leaflet-marker-icon')?.getAttribute('aria-label')).toBe(
      'Trạm mưa Thanh Lâm - Lượng mưa 12,5 mm/h',
    );
    fireEvent.click(await screen.findByTestId('layer-realWater'));
    const w = await screen.findByTestId('station-marker-F01024');
    expect(w.textContent).toBe('0,62');
    // The level in context (#25): the last hour's trend and the distance to the next alarm level.
    expect(w.closest('.leaflet-marker-icon')?.getAttribute('aria-label')).toBe(
      'Trạm Trung tâm Y tế - Mực nước 0,62 m — ↑ lên · dưới BĐ3 0,08 m',
    );
    await waitFor(() => expect(screen.queryByTestId('station-marker-F00001')).toBeNull());
  });

  it("a water station's card says its level in context and the last 24 hours' extremes, a doubted spike left out (#25)", async () => {
    const day: StationSeries = {
      stationCode: 'F01024',
      stationName: water.stationName,
      kind: 'water',
      points: [
        { time: '2026-11-22T20:00:00.000Z', value: 80 },
        { time: '2026-11-22T22:00:00.000Z', value: 900, quality: 'suspect' },
        { time: '2026-11-23T00:00:00.000Z', value: 62 },
      ],
      levels: { level1: 30, level2: 50, level3: 70 },
    };
    serve(() => [], { rain, water, series: day });
    renderApp('/maps');
    fireEvent.click(await screen.findByTestId('layer-realWater'));
    fireEvent.click(await screen.findByTestId('station-marker-F01024'));
    const modal = await screen.findByTestId('station-modal');
    expect(within(modal).getByTestId('station-modal-context').textContent).toBe('↑ lên · dưới BĐ3 0,08 m');
    expect(within(modal).getByText('Xu thế, so với báo động')).toBeTruthy();
    expect((await within(modal).findByTestId('station-modal-extremes')).textContent).toBe(
      'cao nhất 0,80 m lúc 23/11/2026 03:00; thấp nhất 0,62 m lúc 23/11/2026 07:00',
    );
  });

  it('toasts no warning already open when the map loads; one that opens later once, naming the level and the place', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const later: Alert = {
      ...alert,
      id: 6,
      stationId: 25,
      stationCode: 'F01025',
      stationName: 'Trạm Cầu Ba Chẽ',
      level: 3,
      value: 80,
      positionText: 'Chân cầu Ba Chẽ',
      message: 'Trạm Cầu Ba Chẽ: mực nước đạt báo động cấp III (0,80 m)',
    };
    let open = [alert];
    const fetchMock = serve(() => open);
    const alertCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/alerts/active').length;
    renderApp('/maps');
    await screen.findByTestId('station-marker-F00001');
    await waitFor(() => expect(alertCalls()).toBe(1));
    const source = FakeEventSource.last!;
    act(() => source.onopen?.());
    await new Promise((r) => setTimeout(r, 100));
    expect(document.querySelectorAll('.map-alert-toast')).toHaveLength(0);

    open = [later, alert];
    act(() => source.emit('alert'));
    await waitFor(() => expect(document.querySelectorAll('.map-alert-toast').length).toBe(1));
    expect(alertCalls()).toBe(2);
    const toast = document.querySelector('.map-alert-toast') as HTMLElement;
    expect(toast.getAttribute('data-testid')).toBe('map-alert-toast-F01025');
    expect(toast.textContent).toContain('Cảnh báo lũ – Cấp III');
    expect(toast.textContent).toContain('Vị trí: Chân cầu Ba Chẽ');
    // The next event with the same warnings toasts nothing again.
    act(() => source.emit('alert'));
    await waitFor(() => expect(alertCalls()).toBe(3));
    await new Promise((r) => setTimeout(r, 100));
    expect(document.querySelectorAll('.map-alert-toast')).toHaveLength(1);
  });

  it('opens a station: value, status, last update and its chart', async () => {
    serve();
    renderApp('/maps');
    fireEvent.click(await screen.findByTestId('station-marker-F00001'));
    const modal = await screen.findByTestId('station-modal');
    expect(within(modal).getByTestId('station-modal-value').textContent).toBe('12,5 mm/h');
    expect(within(modal).getByTestId('station-modal-status').textContent).toBe('Mưa to');
    expect(within(modal).getByTestId('station-modal-time').textContent).toBe('23/11/2026 07:30');
    expect((await within(modal).findByTestId('station-chart')).textContent).toContain('"type":"bar"');
  });

  it("marks a doubted value 'nghi ngờ' on its pill, its tooltip and its card, and draws the reading apart (#22)", async () => {
    const doubted = { ...rain, value: 95, status: 'veryHeavy', statusLabel: 'Mưa rất to', quality: 'suspect' as const };
    const spiky: StationSeries = {
      ...series,
      points: [
        { time: '2026-11-22T23:00:00.000Z', value: 2 },
        { time: '2026-11-23T00:00:00.000Z', value: 95, quality: 'suspect' },
      ],
    };
    serve(() => [], { rain: doubted, water, series: spiky });
    renderApp('/maps');
    const marker = await screen.findByTestId('station-marker-F00001');
    expect(marker.getAttribute('data-mark')).toBe('suspect');
    expect(marker.textContent).toBe('95,0');
    expect(marker.getAttribute('data-mark-label')).toBe('nghi ngờ');
    expect(marker.closest('.leaflet-marker-icon')?.getAttribute('aria-label')).toBe(
      'Trạm mưa Thanh Lâm - Lượng mưa 95,0 mm/h (nghi ngờ)',
    );
    fireEvent.click(marker);
    const modal = await screen.findByTestId('station-modal');
    expect(within(modal).getByTestId('station-modal-value').textContent).toBe('95,0 mm/h');
    expect(within(modal).getByTestId('station-modal-mark').textContent).toBe('nghi ngờ');
    expect(within(modal).getByText('Số liệu bất thường, đang được kiểm tra; không dùng để cảnh báo')).toBeTruthy();
    expect(within(modal).getByTestId('station-modal-status').style.borderStyle).toBe('dashed');
    const chart = JSON.parse((await within(modal).findByTestId('station-chart')).textContent ?? '[]') as {
      type: string;
      name: string;
      data: unknown[];
    }[];
    expect(chart.map((s) => [s.type, s.name, s.data.length])).toEqual([
      ['bar', 'Trạm mưa Thanh Lâm', 1],
      ['scatter', 'Số liệu nghi ngờ', 1],
    ]);
  });

  it("says 'Đang kết nối lại…' while the live stream is down, and nothing once it is back", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    serve();
    renderApp('/maps');
    await screen.findByTestId('station-marker-F00001');
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/events');
    act(() => source.onopen?.());
    expect(screen.queryByTestId('map-reconnecting')).toBeNull();
    act(() => source.onerror?.());
    expect((await screen.findByTestId('map-reconnecting')).textContent).toBe('Đang kết nối lại…');
    act(() => source.onopen?.());
    await waitFor(() => expect(screen.queryByTestId('map-reconnecting')).toBeNull());
  });
});

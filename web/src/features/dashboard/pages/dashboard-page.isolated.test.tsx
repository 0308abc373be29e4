import { type DirectiveDocument, PUBLIC_ROUTES, type StationReading, unitRead } from '@flood/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testReading as reading } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import DashboardPage from './dashboard-page';

// Leaflet and ECharts are not drawn in jsdom: stand-ins say they were loaded and what they were given.
vi.mock('../components/dashboard-map', () => ({ default: () => <div data-testid="map-stand-in" /> }));
vi.mock('../../../components/chart', () => ({
  Chart: ({ option }: { option: { series?: { name?: string }[] } }) => (
    <div data-testid="chart-stand-in">{option.series?.map((s) => s.name).join(', ')}</div>
  ),
}));

const RAIN = [
  reading({
    stationCode: 'F00101',
    stationName: '  Mưa Đồn Đạc  ',
    value: 12.5,
    status: 'heavy',
    statusLabel: 'Mưa to',
  }),
];
const WATER = [
  reading({
    stationCode: 'F01024',
    stationName: 'Trung tâm Y tế',
    kind: 'water',
    value: 62,
    status: 'level2',
    statusLabel: 'Cấp II',
    warningLevel1: 30,
    warningLevel2: 50,
    warningLevel3: 70,
    trend: 'rising',
  }),
];
const doc = (id: number, over: Partial<DirectiveDocument> = {}): DirectiveDocument => ({
  id,
  title: `Văn bản số ${id}`,
  description: `Tóm tắt ${id}`,
  path: `/api/files/${String(id).padStart(32, 'a')}`,
  files: [],
  date: '2026-05-01T00:00:00.000Z',
  userId: 1,
  userName: 'Quản trị',
  createdAt: '2026-05-02T03:04:00.000Z',
  ...over,
});

/** IntersectionObserver that the test fires by hand. */
class FakeObserver {
  static all: FakeObserver[] = [];
  elements: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  disconnect() {
    this.elements = [];
  }
  fire() {
    this.callback(
      this.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      this as unknown as IntersectionObserver,
    );
  }
}
const scrollNear = (testId: string) =>
  act(() => {
    for (const o of FakeObserver.all.filter((o) => o.elements.includes(screen.getByTestId(testId)))) o.fire();
  });

function desktop(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: wide && query.includes('min-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

function answer(path: string) {
  if (path.startsWith('/api/water?type=CURRENT_RAIN')) return jsonResponse(200, RAIN);
  if (path.startsWith('/api/water?type=CURRENT_HIGH')) return jsonResponse(200, WATER);
  if (path.startsWith('/api/water?stationCode=')) {
    const code = new URLSearchParams(path.split('?')[1]).get('stationCode')!;
    const name = [...RAIN, ...WATER].find((r) => r.stationCode === code)?.stationName ?? code;
    return jsonResponse(200, {
      stationCode: code,
      stationName: name,
      kind: code.startsWith('F01') ? 'water' : 'rain',
      points: [
        { time: '2026-06-01T00:00:00.000Z', value: 40 },
        { time: '2026-06-01T01:00:00.000Z', value: 62 },
      ],
      levels: null,
    });
  }
  if (path.startsWith('/api/geojson?type=REGION')) {
    const item = {
      id: 1,
      name: 'Ranh giới xã',
      type: 'REGION',
      path: 'region.geojson',
      url: '/api/geojson/region.geojson',
      parentId: null,
      time: null,
      size: 300,
      contentType: 'application/geo+json',
      demo: false,
      childCount: 0,
      userId: 1,
      userName: 'Quản trị',
      createdAt: '2026-05-02T03:04:00.000Z',
    };
    return jsonResponse(200, { items: [item], total: 1, folder: null });
  }
  if (path === '/api/geojson/region.geojson') {
    return jsonResponse(200, {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { ID_3: 3, NAME_3: 'Đồn Đạc' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [107.2, 21.2],
                [107.4, 21.2],
                [107.4, 21.35],
                [107.2, 21.35],
                [107.2, 21.2],
              ],
            ],
          },
        },
      ],
    });
  }
  if (path.startsWith('/api/document')) {
    return jsonResponse(200, { items: [doc(4), doc(3, { description: null, path: null }), doc(2), doc(1)], total: 9 });
  }
  if (path === '/api/news/3') {
    return jsonResponse(200, {
      id: 3,
      name: 'Văn bản số 3',
      sapo: null,
      author: null,
      avatar: null,
      files: [],
      date: '2026-05-01T00:00:00.000Z',
      status: 'PUBLISH',
      type: 'DOCUMENT',
      userId: 1,
      userName: 'Quản trị',
      demo: false,
      createdAt: '2026-05-02T03:04:00.000Z',
      content: '<p>Nội dung <strong>HTML</strong></p>',
    });
  }
  return jsonResponse(404, {});
}

describe('dashboard page', () => {
  beforeEach(() => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.stubGlobal('EventSource', undefined);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows a card per station: trimmed name, value (water in metres, 2 decimals) and status', async () => {
    desktop(true);
    mockFetch(answer);
    renderWithProviders(<DashboardPage />, '/dashboard');
    const rainCard = await screen.findByTestId('dash-card-F00101');
    expect(within(rainCard).getByTitle('Mưa Đồn Đạc').textContent).toBe('Mưa Đồn Đạc');
    expect(screen.getByTestId('dash-value-F00101').textContent).toBe('12,5');
    expect(screen.getByTestId('dash-status-F00101').textContent).toBe('Mưa to');
    expect(within(rainCard).getByText('mm/h')).toBeTruthy();
    expect(rainCard.getAttribute('href')).toBe('/maps?station=F00101');
    expect((await screen.findByTestId('dash-value-F01024')).textContent).toBe('0,62');
    expect(screen.getByTestId('dash-status-F01024').textContent).toBe('Cấp II');
    // The number in context (#25): the last hour's trend and the distance to the next alarm level.
    expect(screen.getByTestId('dash-context-F01024').textContent).toBe('↑ lên · dưới BĐ3 0,08 m');
    expect(screen.queryByTestId('dash-context-F00101')).toBeNull();
    expect(within(screen.getByTestId('dash-water')).getByRole('heading', { name: 'Trạm đo mực nước' })).toBeTruthy();
  });

  it("marks a level not confirmed yet on its card, and leaves a suspect reading out of the day's figures (#22)", async () => {
    desktop(true);
    const unconfirmed = { ...WATER[0]!, value: 55, quality: 'unconfirmed' as const };
    mockFetch((path) => {
      if (path.startsWith('/api/water?type=CURRENT_HIGH')) return jsonResponse(200, [unconfirmed]);
      if (path.startsWith('/api/water?stationCode=F01024')) {
        return jsonResponse(200, {
          stationCode: 'F01024',
          stationName: 'Trung tâm Y tế',
          kind: 'water',
          points: [
            { time: '2026-06-01T00:00:00.000Z', value: 40 },
            { time: '2026-06-01T00:10:00.000Z', value: 900, quality: 'suspect' },
            { time: '2026-06-01T01:00:00.000Z', value: 55 },
          ],
          levels: null,
        });
      }
      return answer(path);
    });
    renderWithProviders(<DashboardPage />, '/dashboard');
    const card = await screen.findByTestId('dash-card-F01024');
    expect(card.getAttribute('data-mark')).toBe('unconfirmed');
    expect(screen.getByTestId('dash-value-F01024').textContent).toBe('0,55');
    expect(screen.getByTestId('dash-status-F01024').textContent).toBe('Cấp II');
    expect(screen.getByTestId('dash-status-F01024').className).toContain('station-card-status-marked');
    expect(screen.getByTestId('dash-mark-F01024').textContent).toBe('chưa xác nhận');
    // A plain value has no mark.
    expect(screen.queryByTestId('dash-mark-F00101')).toBeNull();

    scrollNear('dash-chart');
    await waitFor(() =>
      expect(screen.getByTestId('chart-stand-in').textContent).toBe('Trung tâm Y tế, Số liệu nghi ngờ'),
    );
    const table = await screen.findByRole('table', { hidden: true });
    expect([...table.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['0,55', '0,55', '0,40']);
  });

  it("shows water in metres with one decimal on a 'Mobi' agent and does not load the chart on a phone", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36');
    desktop(false);
    const fetchMock = mockFetch(answer);
    renderWithProviders(<DashboardPage />, '/dashboard');
    expect((await screen.findByTestId('dash-value-F01024')).textContent).toBe('0,6');
    expect(screen.queryByTestId('dash-chart')).toBeNull();
    await screen.findByTestId('dash-documents');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('history=true'))).toBe(false);
  });

  it("on a unit's pages (/xa/{code}/dashboard): that unit's reads, and its cards and links stay on its pages", async () => {
    desktop(true);
    const fetchMock = mockFetch(answer);
    renderWithProviders(<DashboardPage />, '/xa/06973/dashboard');
    const rainCard = await screen.findByTestId('dash-card-F00101');
    expect(rainCard.getAttribute('href')).toBe('/xa/06973/maps?station=F00101');
    expect(screen.getByRole('link', { name: 'Xem bản đồ đầy đủ' }).getAttribute('href')).toBe('/xa/06973/maps');
    await screen.findByTestId('dash-doc-4');
    expect(screen.getByRole('link', { name: 'Xem tất cả văn bản' }).getAttribute('href')).toBe('/xa/06973/document');
    // The server preloads the unit's reads in the page's HTML (domain unitRead): the page asks for these very URLs.
    const firstReads = PUBLIC_ROUTES.find((r) => r.path === '/dashboard')?.firstReads ?? [];
    const unitReads = firstReads.map((read) => unitRead(read, '06973'));
    expect(unitReads).toContain('/api/water?type=CURRENT_RAIN&unit=06973');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(expect.arrayContaining(unitReads));
  });

  it('loads the map and the comparison chart only when scrolled near them', async () => {
    desktop(true);
    mockFetch(answer);
    renderWithProviders(<DashboardPage />, '/dashboard');
    await screen.findByTestId('dash-card-F01024');
    expect(screen.queryByTestId('map-stand-in')).toBeNull();
    expect(screen.queryByTestId('chart-stand-in')).toBeNull();
    expect(screen.getByRole('link', { name: 'Xem bản đồ đầy đủ' }).getAttribute('href')).toBe('/maps');

    scrollNear('dash-map-section');
    expect(await screen.findByTestId('map-stand-in')).toBeTruthy();
    expect(screen.queryByTestId('chart-stand-in')).toBeNull();

    scrollNear('dash-chart');
    await waitFor(() => expect(screen.getByTestId('chart-stand-in').textContent).toBe('Trung tâm Y tế'));
    // The text alternative of the chart: latest, highest and lowest of the day in metres.
    const table = await screen.findByRole('table', { hidden: true });
    expect(within(table).getByRole('rowheader', { hidden: true }).textContent).toBe('Trung tâm Y tế');
    expect([...table.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['0,62', '0,62', '0,40']);
  });

  it('on a phone, shows the light map preview (communes, values) and loads the interactive map only when asked', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36');
    desktop(false);
    // The preview draws at the size its frame has after layout (jsdom lays nothing out).
    let observed = 0;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(readonly callback: ResizeObserverCallback) {}
        observe(target: Element) {
          observed++;
          const entry = { target, contentRect: { width: 360, height: 420 } } as unknown as ResizeObserverEntry;
          queueMicrotask(() => this.callback([entry], this as unknown as ResizeObserver));
        }
        disconnect() {}
      },
    );
    mockFetch(answer);
    renderWithProviders(<DashboardPage />, '/dashboard');
    await screen.findByTestId('dash-card-F01024');
    expect(screen.getByText(/^Bản đồ xem nhanh các trạm\./)).toBeTruthy();
    scrollNear('dash-map-section');
    const preview = await screen.findByTestId('dash-map-preview');
    // The commune drawn as a path, the rain station's pill with its value, coloured by its class.
    const region = await within(preview).findByRole('img', {
      name: 'Bản đồ xem nhanh các trạm của huyện với số liệu mới nhất',
    });
    await waitFor(() => expect(region.querySelectorAll('path')).toHaveLength(1));
    expect(region.querySelector('path')?.getAttribute('d')).toMatch(/^M[\d. L]+Z$/);
    const pill = await within(preview).findByTestId('station-marker-F00101');
    expect(pill.textContent).toBe('12,5');
    // Measuring the frame does not re-render the preview in a loop (a new ref per render re-observed it).
    const observedOnce = observed;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(observedOnce).toBe(1);
    expect(observed).toBe(observedOnce);
    expect(pill.getAttribute('data-status')).toBe('heavy');
    expect(screen.queryByTestId('map-stand-in')).toBeNull();

    // The water stations in the preview, then the interactive map keeps that choice.
    act(() => screen.getByTestId('dash-map-water').click());
    expect((await within(preview).findByTestId('station-marker-F01024')).textContent).toBe('0,62');
    act(() => screen.getByRole('button', { name: 'Mở bản đồ tương tác' }).click());
    expect(await screen.findByTestId('map-stand-in')).toBeTruthy();
    expect(screen.queryByTestId('dash-map-preview')).toBeNull();
    expect(screen.getByText(/^Dùng nút \+ \/ − để phóng to/)).toBeTruthy();
  });

  it('lists the latest 4 documents, each opening its PDF in a new tab, with a link to /document', async () => {
    desktop(true);
    const fetchMock = mockFetch(answer);
    renderWithProviders(<DashboardPage />, '/dashboard');
    const list = await screen.findByTestId('dash-documents');
    await within(list).findByText('Văn bản số 4');
    expect([...list.querySelectorAll('h3')].map((h) => h.textContent?.split(' Mở')[0])).toEqual([
      'Văn bản số 4',
      'Văn bản số 3',
      'Văn bản số 2',
      'Văn bản số 1',
    ]);
    const link = screen.getByTestId('dash-doc-link-4');
    expect(link.getAttribute('href')).toBe(`/api/files/${'4'.padStart(32, 'a')}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(screen.getByTestId('dash-doc-4')).getByText('Tóm tắt 4')).toBeTruthy();
    expect(within(screen.getByTestId('dash-doc-4')).getByText(/^Ngày tạo: 02\/05\/2026 10:04$/)).toBeTruthy();
    // Without a description, the document's HTML body is shown.
    expect((await within(screen.getByTestId('dash-doc-3')).findByText('HTML')).tagName).toBe('STRONG');
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/document?page=1&pageSize=4');
    // The server preloads these very URLs in the page's HTML: a different URL would be fetched twice.
    const firstReads = PUBLIC_ROUTES.find((r) => r.path === '/dashboard')?.firstReads ?? [];
    expect(firstReads).toHaveLength(3);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(expect.arrayContaining([...firstReads]));
    expect(screen.getByRole('link', { name: 'Xem tất cả văn bản' }).getAttribute('href')).toBe('/document');
  });
});

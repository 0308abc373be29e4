import {
  type Alert,
  NEWS_FALLBACK_SVG,
  type NewsSummary,
  type PublicWarning,
  type StationReading,
  svgDataUri,
} from '@flood/domain';
import { describe, expect, it } from 'vitest';
import { renderDashboardFirstView, renderMapFirstView, renderNewsFirstView } from './first-view.html';

const reading = (over: Partial<StationReading>): StationReading => ({
  stationId: 1,
  stationCode: 'F01024',
  stationName: 'Trạm thuỷ văn Ba Chẽ ',
  kind: 'water',
  lat: 21.27,
  long: 107.29,
  value: 623,
  observedAt: '2026-11-26T03:30:00.000Z',
  date: '26/11/2026',
  hour: '10',
  status: 'level2',
  statusLabel: 'Cấp II',
  disconnected: false,
  warningLevel1: 500,
  warningLevel2: 550,
  warningLevel3: 650,
  quality: 'good',
  trend: 'rising',
  ...over,
});

const warning = {
  id: 7,
  kind: 'flood',
  severityScale: 'level',
  severity: 2,
  headlineVi: 'Lũ sông Ba Chẽ lên báo động 2 <b>sơ tán</b>',
  area: { names: ['Thanh Sơn', 'Nam Sơn'], geometry: { type: 'Polygon', coordinates: [] } },
} as unknown as PublicWarning;

const warningInForce = {
  ...warning,
  expiresAt: '2026-11-26T11:00:00.000Z',
} as unknown as PublicWarning;

describe("the dashboard's first view (#25)", () => {
  const rain = reading({
    stationCode: 'F00001',
    stationName: 'Mưa Đồn Đạc',
    kind: 'rain',
    value: 12.5,
    status: 'heavy',
    statusLabel: 'Mưa to',
    trend: null,
  });

  it("draws the React page's cards: value, unit, status, context and time, with the status colours", () => {
    const { main } = renderDashboardFirstView({
      warnings: [],
      alerts: [],
      water: [reading({})],
      rain: [rain],
      timeZone: 'Asia/Ho_Chi_Minh',
      mobile: false,
    });
    expect(main).toContain('<h1 class="dash-visually-hidden">Trang chủ</h1>');
    expect(main).toContain('<h2 id="fv-rain-title" class="dash-heading">Trạm đo mưa</h2>');
    expect(main).toContain(
      '<a class="station-card" style="--status-colour:#fb8c00;--status-text:#141414" data-testid="dash-card-F01024" data-status="level2" href="/maps?station=F01024">',
    );
    expect(main).toContain(
      '<span class="station-card-value"><strong data-testid="dash-value-F01024">6,23</strong> <span class="station-card-unit">m</span></span>',
    );
    expect(main).toContain('<span class="station-card-status" data-testid="dash-status-F01024">Cấp II</span>');
    expect(main).toContain(
      '<span class="station-card-context" data-testid="dash-context-F01024">↑ lên · dưới BĐ3 0,27 m</span>',
    );
    expect(main).toContain('<span class="station-card-time">Cập nhật 26/11/2026 10:30</span>');
    expect(main).toContain(
      '<strong data-testid="dash-value-F00001">12,5</strong> <span class="station-card-unit">mm/h</span>',
    );
    expect(main).toContain('Số liệu mới nhất lúc tải trang; tải lại trang để xem số liệu mới.');
    expect(main).toContain('Dùng nút + / − để phóng to');
  });

  it('on a phone: one decimal of the water level, the phone map and the preview hint', () => {
    const { main } = renderDashboardFirstView({
      warnings: [],
      alerts: [],
      water: [reading({})],
      rain: [],
      timeZone: 'Asia/Ho_Chi_Minh',
      mobile: true,
    });
    expect(main).toContain('<strong data-testid="dash-value-F01024">6,2</strong>');
    expect(main).toContain('href="/maps-mobile?station=F01024"');
    expect(main).toContain('Bản đồ xem nhanh các trạm.');
    expect(main).toContain('<p class="carousel-empty">Chưa có trạm đo nào</p>');
  });

  it('puts the warnings in a banner, the first line shown, escaped, with the way to the others', () => {
    const { banner } = renderDashboardFirstView({
      warnings: [warningInForce, { ...warningInForce, id: 8 } as PublicWarning],
      alerts: [],
      water: [],
      rain: [],
      timeZone: 'Asia/Ho_Chi_Minh',
      mobile: false,
    });
    expect(banner).toContain('<section class="alert-banner" role="alert"');
    expect(banner).toContain('<li class="alert-line warning-line" data-testid="warning-7">');
    expect(banner).toContain('<li hidden class="alert-line warning-line" data-testid="warning-8">');
    expect(banner).toContain('Cảnh báo lũ – Báo động 2');
    expect(banner).toContain('Lũ sông Ba Chẽ lên báo động 2 &lt;b&gt;sơ tán&lt;/b&gt;');
    expect(banner).not.toContain('<b>sơ tán');
    expect(banner).toContain('<span class="alert-item warning-area">Thanh Sơn, Nam Sơn</span>');
    expect(banner).toContain('<span class="alert-item warning-until">đến 18:00 26/11/2026</span>');
    expect(banner).toContain('<a class="alert-link" href="/canh-bao/7">Chi tiết</a>');
    expect(banner).toContain('và 1 cảnh báo khác');
    expect(banner).toContain('<a class="alert-subscribe" href="/dang-ky-canh-bao">Đăng ký nhận cảnh báo</a>');
  });

  it('without warnings, no banner; a silent station says so and nothing in context', () => {
    const view = renderDashboardFirstView({
      warnings: [],
      alerts: [],
      water: [reading({ disconnected: true, status: 'disconnected', statusLabel: 'Mất kết nối' })],
      rain: [],
      timeZone: 'Asia/Ho_Chi_Minh',
      mobile: false,
    });
    expect(view.banner).toBe('');
    expect(view.main).toContain('data-testid="dash-status-F01024">Mất kết nối</span>');
    expect(view.main).not.toContain('station-card-context');
  });

  it("a station's automatic alert is a line of the banner", () => {
    const alert = {
      kind: 'WATER_LEVEL',
      stationCode: 'F01024',
      stationId: 1,
      stationName: 'Trạm Cầu Ba Chẽ',
      level: 2,
      value: 330,
      peakValue: 330,
      trend: 'rising',
      since: '2026-11-26T03:00:00.000Z',
      threshold: null,
    } as unknown as Alert;
    const { banner } = renderDashboardFirstView({
      warnings: [],
      alerts: [alert],
      water: [],
      rain: [],
      timeZone: 'Asia/Ho_Chi_Minh',
      mobile: false,
    });
    expect(banner).toMatch(/<li class="alert-line" data-testid="alert-F01024">.*Trạm Cầu Ba Chẽ.*<\/li>/);
    expect(banner).toContain('<a class="alert-link" href="/maps?station=F01024">Xem bản đồ</a>');
  });
});

describe("the phone map's first view (#25)", () => {
  it('lists every latest reading with value, status, context and time, and the banner of warnings', () => {
    const view = renderMapFirstView({
      warnings: [warningInForce],
      alerts: [],
      water: [reading({})],
      rain: [],
      timeZone: 'Asia/Ho_Chi_Minh',
    });
    expect(view.main).toContain('data-first-view="main"');
    expect(view.main).toContain(
      '<a class="map-first-reading" href="/maps-mobile?station=F01024" data-testid="first-view-F01024"><span class="map-first-name">Trạm thuỷ văn Ba Chẽ</span><strong>6,23 m</strong>',
    );
    expect(view.main).toContain('<span class="map-first-context">↑ lên · dưới BĐ3 0,27 m</span>');
    expect(view.main).toContain('<span class="map-first-time">26/11/2026 10:30</span>');
    expect(view.main).not.toContain('Trạm đo mưa');
    expect(view.banner).toContain('data-testid="warning-7"');
  });
});

describe("the news page's first view (#25)", () => {
  const item = (id: number, over: Partial<NewsSummary> = {}): NewsSummary =>
    ({
      id,
      name: `Bản tin <${id}>`,
      sapo: null,
      author: null,
      avatar: null,
      files: [],
      date: '2026-11-26T03:30:00.000Z',
      status: 'PUBLISHED',
      ...over,
    }) as NewsSummary;

  it("draws the page's sections and cards: picture (thumbnail or the drawn default), title, date", () => {
    const { main, banner } = renderNewsFirstView({
      warnings: [],
      alerts: [],
      warning: [item(1, { avatar: '/api/files/0123456789abcdef0123456789abcdef' }), item(2), item(3), item(4)],
      activity: [],
      timeZone: 'Asia/Ho_Chi_Minh',
      pictures: true,
    });
    expect(banner).toBe('');
    expect(main).toContain('<h1 class="news-page-title">Tin tức</h1>');
    expect(main).toContain('<h2 id="news-section-warning" class="news-section-title">Tin cảnh báo</h2>');
    expect(main).toContain(
      '<img class="news-card-image" src="/api/files/0123456789abcdef0123456789abcdef/thumbnail" alt="" width="320" height="180" loading="eager" fetchpriority="high" decoding="async">',
    );
    // The first row loads at once; the rest when scrolled to; no picture: the drawn default, the web's own.
    expect(main).toContain('data-testid="news-card-4"><img class="news-card-image" src="data:image/svg+xml,');
    expect(main).toMatch(/news-card-4"><img [^>]*loading="lazy"/);
    expect(main).toContain(`src="${svgDataUri(NEWS_FALLBACK_SVG).replaceAll('"', '&quot;')}"`);
    expect(main).toContain('<a href="/news/1" class="news-card-link">Bản tin &lt;1&gt;</a>');
    expect(main).toContain('<time class="news-card-date" datetime="2026-11-26T03:30:00.000Z">26/11/2026 10:30</time>');
    expect(main).toContain('<p class="news-state news-empty">Không có bản tin nào</p>');
  });

  it('a browser saving data gets the drawn default picture, nothing to fetch', () => {
    const { main } = renderNewsFirstView({
      warnings: [],
      alerts: [],
      warning: [item(1, { avatar: '/api/files/0123456789abcdef0123456789abcdef' })],
      activity: [],
      timeZone: 'Asia/Ho_Chi_Minh',
      pictures: false,
    });
    expect(main).not.toContain('/api/files/');
  });
});

import type { Alert, PublicWarning, StationReading } from '@flood/domain';
import { describe, expect, it } from 'vitest';
import { renderDashboardFirstView } from './first-view.html';

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

describe("the dashboard's first view (#25)", () => {
  it('says the warnings and each reading with its status, context and time, escaped', () => {
    const html = renderDashboardFirstView({
      warnings: [warning],
      alerts: [],
      water: [reading({})],
      rain: [
        reading({
          stationCode: 'F00001',
          stationName: 'Mưa Đồn Đạc',
          kind: 'rain',
          value: 12.5,
          status: 'heavy',
          statusLabel: 'Mưa to',
          trend: null,
        }),
      ],
      timeZone: 'Asia/Ho_Chi_Minh',
    });
    expect(html).toContain('<h2>Cảnh báo đang có hiệu lực</h2>');
    expect(html).toContain('<a href="/canh-bao/7"><strong>Cảnh báo lũ – Báo động 2</strong>');
    expect(html).toContain('Lũ sông Ba Chẽ lên báo động 2 &lt;b&gt;sơ tán&lt;/b&gt; (Thanh Sơn, Nam Sơn)');
    expect(html).not.toContain('<b>sơ tán');
    expect(html).toContain(
      '<span class="first-view-name">Trạm thuỷ văn Ba Chẽ</span> <strong>6,23 m</strong> <span class="first-view-status">Cấp II</span> <span class="first-view-context">↑ lên · dưới BĐ3 0,27 m</span> <span class="first-view-time">26/11/2026 10:30</span>',
    );
    expect(html).toContain('<strong>12,5 mm/h</strong> <span class="first-view-status">Mưa to</span>');
    expect(html).toContain('<a href="/maps?station=F00001">');
    expect(html).toContain('Số liệu mới nhất lúc tải trang; tải lại trang để xem số liệu mới.');
  });

  it('without warnings, no warnings section; a silent station says so and nothing in context', () => {
    const html = renderDashboardFirstView({
      warnings: [],
      alerts: [],
      water: [reading({ disconnected: true, status: 'disconnected', statusLabel: 'Mất kết nối' })],
      rain: [],
      timeZone: 'Asia/Ho_Chi_Minh',
    });
    expect(html).not.toContain('Cảnh báo đang có hiệu lực');
    expect(html).toContain('<span class="first-view-status">Mất kết nối</span>');
    expect(html).not.toContain('first-view-context');
    expect(html).not.toContain('Trạm đo mưa');
  });

  it("a station's automatic alert is a line of the warnings", () => {
    const alert = {
      kind: 'WATER_LEVEL',
      stationName: 'Trạm Cầu Ba Chẽ',
      level: 2,
      value: 330,
      peakValue: 330,
      trend: 'rising',
      since: '2026-11-26T03:00:00.000Z',
      threshold: null,
    } as unknown as Alert;
    const html = renderDashboardFirstView({
      warnings: [],
      alerts: [alert],
      water: [],
      rain: [],
      timeZone: 'Asia/Ho_Chi_Minh',
    });
    expect(html).toMatch(/<li>[^<]*Trạm Cầu Ba Chẽ[^<]*<\/li>/);
  });
});

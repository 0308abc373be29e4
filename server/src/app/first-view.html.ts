import {
  type Alert,
  alertHeadline,
  alertsByStation,
  cmToM,
  formatDateTimeVi,
  formatNumberVi,
  MARK_COLOURS,
  mapPath,
  NEWS_FALLBACK_SVG,
  type NewsSummary,
  newsImageUrl,
  type PublicWarning,
  readingMark,
  readingStatusText,
  type StationReading,
  severityName,
  stationValueWithUnit,
  statusColour,
  svgDataUri,
  textOn,
  WARNING_KIND_LABELS,
  waterContextPhrase,
} from '@flood/domain';
import { type FirstView, linksForUnit } from '../lib/web.plugin';
import { escapeXml as esc } from '../lib/xml';

/** The texts the React page shows in the same places (web/src/features/dashboard/i18n/vi.ts and its neighbours). */
const T = {
  page: 'Trang chủ',
  rain: 'Trạm đo mưa',
  water: 'Trạm đo mực nước',
  noStations: 'Chưa có trạm đo nào',
  pause: 'Dừng tự động chuyển',
  previous: 'Xem trạm trước',
  next: 'Xem trạm tiếp theo',
  map: 'Bản đồ cảnh báo lũ',
  fullMap: 'Xem bản đồ đầy đủ',
  mapHint: 'Dùng nút + / − để phóng to, thu nhỏ; trên điện thoại dùng hai ngón tay để di chuyển bản đồ.',
  previewHint: 'Bản đồ xem nhanh các trạm. Mở bản đồ tương tác để phóng to, di chuyển và xem chi tiết từng trạm.',
  bannerTitle: 'Cảnh báo đang diễn ra',
  more: (n: number) => `và ${n} cảnh báo khác`,
  subscribe: 'Đăng ký nhận cảnh báo',
  viewMap: 'Xem bản đồ',
  details: 'Chi tiết',
  drawnArea: 'vùng khoanh trên bản đồ',
  note: 'Số liệu mới nhất lúc tải trang; tải lại trang để xem số liệu mới.',
} as const;

/** The carousels' buttons as React draws them (carousel.tsx), disabled until the page's script runs. */
const CHEVRON = (back: boolean) =>
  `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="${back ? 'M15 5 8 12l7 7' : 'm9 5 7 7-7 7'}" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"></path></svg>`;
const PAUSE =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor"></path></svg>';

/** A dashboard card (station-card.tsx): name, value without its unit (water 1 decimal on a phone), status, context, time. */
function stationCard(r: StationReading, mobile: boolean, timeZone: string): string {
  const colour = statusColour(r.kind, r.status);
  const mark = readingMark(r);
  const name = r.stationName.trim();
  const value =
    r.value === null
      ? '–'
      : r.kind === 'water'
        ? formatNumberVi(cmToM(r.value), mobile ? 1 : 2)
        : formatNumberVi(r.value, 1);
  const context = waterContextPhrase(r);
  const style = `--status-colour:${colour};--status-text:${textOn(colour)}${mark ? `;--mark-ink:${MARK_COLOURS[mark]}` : ''}`;
  const code = esc(r.stationCode);
  return [
    `<a class="station-card" style="${style}" data-testid="dash-card-${code}" data-status="${esc(r.status)}"${mark ? ` data-mark="${mark}"` : ''} href="${esc(mapPath(mobile, r.stationCode))}">`,
    `<span class="station-card-name" title="${esc(name)}">${esc(name)}</span>`,
    `<span class="station-card-value"><strong data-testid="dash-value-${code}">${esc(value)}</strong> <span class="station-card-unit">${r.kind === 'water' ? 'm' : 'mm/h'}</span></span>`,
    `<span class="station-card-badges"><span class="${mark ? 'station-card-status station-card-status-marked' : 'station-card-status'}" data-testid="dash-status-${code}">${esc(readingStatusText(r))}</span>${mark ? `<span class="station-card-mark">${mark === 'suspect' ? 'nghi ngờ' : 'chưa xác nhận'}</span>` : ''}</span>`,
    context ? `<span class="station-card-context" data-testid="dash-context-${code}">${esc(context)}</span>` : '',
    r.observedAt
      ? `<span class="station-card-time">Cập nhật ${esc(formatDateTimeVi(new Date(r.observedAt), timeZone))}</span>`
      : '',
    '</a>',
  ].join('');
}

/**
 * A carousel (carousel.tsx) at its first position. How many cards are in view depends on the screen's width, which
 * the server does not know: the style sheet's media queries set `--per-view` for `.carousel-static` as React would.
 */
function carousel(id: string, title: string, rows: readonly StationReading[], mobile: boolean, timeZone: string) {
  const head = `<div class="carousel-head"><h2 id="fv-${id}-title" class="dash-heading">${title}</h2>`;
  if (rows.length === 0) {
    return `<section class="carousel" aria-labelledby="fv-${id}-title" data-testid="dash-${id}">${head}</div><p class="carousel-empty">${T.noStations}</p></section>`;
  }
  const controls = `<div class="carousel-controls" data-count="${rows.length}"><button type="button" disabled class="carousel-button" aria-label="${T.pause}">${PAUSE}</button><button type="button" disabled class="carousel-button" aria-label="${T.previous}">${CHEVRON(true)}</button><button type="button" disabled class="carousel-button" aria-label="${T.next}">${CHEVRON(false)}</button></div>`;
  const slides = rows
    .map(
      (r, i) =>
        `<div class="carousel-slide" role="group" aria-roledescription="slide" aria-label="${i + 1} / ${rows.length}">${stationCard(r, mobile, timeZone)}</div>`,
    )
    .join('');
  return `<section class="carousel carousel-static" aria-roledescription="carousel" aria-labelledby="fv-${id}-title" data-testid="dash-${id}" data-count="${rows.length}">${head}${controls}</div><div class="carousel-viewport"><div class="carousel-track">${slides}</div></div></section>`;
}

/**
 * The warnings banner (alert-banner.tsx): the first line shown, the others behind 'và N cảnh báo khác'. Without the
 * app's test id: what tests drive (the toggle, the links) is the app's banner, which replaces this one.
 */
function banner(warnings: readonly PublicWarning[], alerts: readonly Alert[], timeZone: string): string {
  const lines = [
    ...warnings.map((w) => {
      const until = formatDateTimeVi(new Date(w.expiresAt), timeZone);
      return `<li class="alert-line warning-line" data-testid="warning-${w.id}"><span class="alert-text"><span class="alert-item"><strong class="warning-kind">${esc(`Cảnh báo ${WARNING_KIND_LABELS[w.kind].vi.toLowerCase()} – ${severityName(w.kind, w.severityScale, w.severity)}`)}:</strong> <span class="alert-message">${esc(w.headlineVi)}</span></span><span class="alert-item warning-area">${esc(w.area.names.length ? w.area.names.join(', ') : T.drawnArea)}</span><span class="alert-item warning-until">đến ${esc(`${until.slice(11)} ${until.slice(0, 10)}`)}</span></span><a class="alert-link" href="/canh-bao/${w.id}">${T.details}</a></li>`;
    }),
    ...alertsByStation([...alerts]).map(({ alerts: own }) => {
      const top = own[0] as Alert;
      const items = own
        .map(
          (a) =>
            `<span class="alert-item"><span class="alert-message">${esc(alertHeadline(a.kind, a.stationName, a.level, 'vi', a.threshold))}</span></span>`,
        )
        .join('');
      return `<li class="alert-line" data-testid="alert-${esc(top.stationCode)}"><span class="alert-text">${items}</span><a class="alert-link" href="${esc(mapPath(false, top.stationCode))}">${T.viewMap}</a></li>`;
    }),
  ];
  if (lines.length === 0) return '';
  const shown = lines.map((line, i) => (i === 0 ? line : line.replace('<li ', '<li hidden '))).join('');
  const more =
    lines.length > 1 ? `<button type="button" disabled class="alert-toggle">${T.more(lines.length - 1)}</button>` : '';
  return `<section class="alert-banner" role="alert" aria-label="${T.bannerTitle}" data-first-view="banner"><div class="alert-banner-inner"><ul class="alert-list">${shown}</ul><div class="alert-banner-actions">${more}<a class="alert-subscribe" href="/dang-ky-canh-bao">${T.subscribe}</a></div></div></section>`;
}

/**
 * The dashboard's first view as plain HTML (#25, point 1): the warnings in force and the latest readings, put in
 * the page by the server so that a phone shows them at first paint, and a browser without scripts shows them at
 * all. The same markup and classes as the React page (dashboard-page.tsx, carousel.tsx, station-card.tsx and the
 * alert banner), so that nothing moves when the page's script takes over; the browser test
 * e2e/tests/first-view.spec.ts measures that. `mobile`: the visitor's agent is a phone's (the map preview's hint,
 * one decimal of the water level, the phone map's links). Vietnamese (the default language), read-only.
 */
export function renderDashboardFirstView(v: {
  warnings: readonly PublicWarning[];
  alerts: readonly Alert[];
  water: readonly StationReading[];
  rain: readonly StationReading[];
  timeZone: string;
  mobile: boolean;
}): FirstView {
  const main = [
    '<div class="dash-page" data-testid="first-view" data-first-view="main">',
    `<h1 class="dash-visually-hidden">${T.page}</h1>`,
    '<div class="dash-section dash-stations">',
    carousel('rain', T.rain, v.rain, v.mobile, v.timeZone),
    carousel('water', T.water, v.water, v.mobile, v.timeZone),
    '</div>',
    '<section class="dash-section" aria-labelledby="fv-map-title">',
    `<div class="dash-section-head"><h2 id="fv-map-title" class="dash-heading">${T.map}</h2><a href="${mapPath(v.mobile)}" class="dash-more">${T.fullMap}</a></div>`,
    `<p class="dash-hint">${v.mobile ? T.previewHint : T.mapHint}</p>`,
    '<div class="dash-map"></div>',
    `<p class="first-view-note">${T.note}</p>`,
    '</section>',
    '</div>',
  ].join('');
  return { banner: banner(v.warnings, v.alerts, v.timeZone), main };
}

/** A reading as one line of the phone map's first view: name, value with unit, status in its colour, context, time. */
function readingLine(r: StationReading, timeZone: string): string {
  const colour = statusColour(r.kind, r.status);
  const value = r.value === null ? '–' : stationValueWithUnit(r.kind, r.value);
  const context = waterContextPhrase(r);
  return [
    `<li><a class="map-first-reading" href="${esc(mapPath(true, r.stationCode))}" data-testid="first-view-${esc(r.stationCode)}">`,
    `<span class="map-first-name">${esc(r.stationName.trim())}</span>`,
    `<strong>${esc(value)}</strong>`,
    `<span class="map-first-status" style="--status-colour:${colour};--status-text:${textOn(colour)}">${esc(readingStatusText(r))}</span>`,
    context ? `<span class="map-first-context">${esc(context)}</span>` : '',
    r.observedAt
      ? `<span class="map-first-time">${esc(formatDateTimeVi(new Date(r.observedAt), timeZone))}</span>`
      : '',
    '</a></li>',
  ].join('');
}

/**
 * The phone map's first view (/maps-mobile, #25 point 1): until the map has loaded, the latest reading of every
 * station as a list where the map will be, and the warnings' banner under the slim bar (as the dashboard's). The
 * map then takes the whole area; the banner stays where it was.
 */
export function renderMapFirstView(v: {
  warnings: readonly PublicWarning[];
  alerts: readonly Alert[];
  water: readonly StationReading[];
  rain: readonly StationReading[];
  timeZone: string;
}): FirstView {
  const list = (title: string, rows: readonly StationReading[]) =>
    rows.length
      ? `<section class="map-first-section"><h2>${title}</h2><ul>${rows.map((r) => readingLine(r, v.timeZone)).join('')}</ul></section>`
      : '';
  const main = [
    '<div class="map-first-view" data-testid="first-view" data-first-view="main">',
    '<h1 class="visually-hidden">Bản đồ</h1>',
    '<p class="map-first-loading" role="status"><span class="page-spinner" aria-hidden="true"></span> Đang tải bản đồ…</p>',
    list(T.water, v.water),
    list(T.rain, v.rain),
    `<p class="first-view-note">${T.note}</p>`,
    '</div>',
  ].join('');
  return { banner: banner(v.warnings, v.alerts, v.timeZone), main };
}

const NEWS_FALLBACK = svgDataUri(NEWS_FALLBACK_SVG);
/** Cards in a row at most (news-card-grid.tsx): their pictures load at once, the page's largest paint. */
const NEWS_FIRST_ROW = 3;

/** A news card (news-card.tsx): picture, title linking to the item, date. */
function newsCard(item: NewsSummary, eager: boolean, pictures: boolean, timeZone: string): string {
  const src = (pictures ? newsImageUrl(item.avatar) : null) ?? NEWS_FALLBACK;
  return [
    `<li class="news-card" data-testid="news-card-${item.id}">`,
    `<img class="news-card-image" src="${esc(src)}" alt="" width="320" height="180" loading="${eager ? 'eager' : 'lazy'}" fetchpriority="${eager ? 'high' : 'auto'}" decoding="async">`,
    `<div class="news-card-body"><h3 class="news-card-title"><a href="/news/${item.id}" class="news-card-link">${esc(item.name)}</a></h3>`,
    `<time class="news-card-date" datetime="${esc(item.date)}">${esc(formatDateTimeVi(new Date(item.date), timeZone))}</time></div>`,
    '</li>',
  ].join('');
}

/**
 * The news page's first view (#25): its two sections ('Tin cảnh báo', 'Tin hoạt động') with the latest items as
 * the React page draws them (news-page.tsx, news-card-grid.tsx), so the page's largest paint — the first row of
 * pictures — is in the HTML; the warnings' banner as on every page. `pictures` false (the browser sent Save-Data): the drawn default picture, nothing
 * fetched, as the app does for a visitor saving data.
 */
export function renderNewsFirstView(v: {
  warnings: readonly PublicWarning[];
  alerts: readonly Alert[];
  warning: readonly NewsSummary[];
  activity: readonly NewsSummary[];
  timeZone: string;
  pictures: boolean;
}): FirstView {
  const section = (
    key: 'warning' | 'activity',
    title: string,
    more: string,
    items: readonly NewsSummary[],
    first: boolean,
  ) =>
    [
      `<section class="news-section page-panel" aria-labelledby="news-section-${key}" data-testid="news-section-${key}">`,
      `<div class="news-section-head"><h2 id="news-section-${key}" class="news-section-title">${title}</h2><a href="/all-news?tab=${key}" class="news-more" aria-label="${more}">Xem thêm</a></div>`,
      items.length
        ? `<ul class="news-grid">${items.map((item, i) => newsCard(item, first && i < NEWS_FIRST_ROW, v.pictures, v.timeZone)).join('')}</ul>`
        : '<p class="news-state news-empty">Không có bản tin nào</p>',
      '</section>',
    ].join('');
  const main = [
    '<div class="news-page" data-testid="first-view" data-first-view="main">',
    '<h1 class="news-page-title">Tin tức</h1>',
    section('warning', 'Tin cảnh báo', 'Xem thêm tin cảnh báo', v.warning, true),
    section('activity', 'Tin hoạt động', 'Xem thêm tin hoạt động', v.activity, false),
    '</div>',
  ].join('');
  return { banner: banner(v.warnings, v.alerts, v.timeZone), main };
}

/** A first view for a unit's pages (#26 point 4): its links stay on that unit's pages (lib/web.plugin.ts). */
export function withUnitLinks(view: FirstView, unit: string): FirstView {
  return { banner: linksForUnit(view.banner, unit), main: linksForUnit(view.main, unit) };
}

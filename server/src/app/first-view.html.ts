import {
  type Alert,
  alertLine,
  formatDateTimeVi,
  type PublicWarning,
  readingStatusText,
  type StationReading,
  severityName,
  stationValueWithUnit,
  WARNING_KIND_LABELS,
  waterContextPhrase,
} from '@flood/domain';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A reading as its card says it: value with unit, status, the level in context, when. */
function readingItem(r: StationReading, timeZone: string): string {
  const value = r.value === null ? '–' : stationValueWithUnit(r.kind, r.value);
  const status = readingStatusText(r);
  const context = waterContextPhrase(r);
  return `<li class="first-view-reading" data-status="${esc(r.status)}"><a href="/maps?station=${encodeURIComponent(r.stationCode)}"><span class="first-view-name">${esc(r.stationName.trim())}</span> <strong>${esc(value)}</strong> <span class="first-view-status">${esc(status)}</span>${context ? ` <span class="first-view-context">${esc(context)}</span>` : ''}${r.observedAt ? ` <span class="first-view-time">${esc(formatDateTimeVi(new Date(r.observedAt), timeZone))}</span>` : ''}</a></li>`;
}

/**
 * The dashboard's first view as plain HTML (#25, point 1): the warnings in force and the latest readings, put in
 * the page by the server so that a phone shows them at first paint, and a browser without scripts shows them at
 * all. The React page replaces it when it starts. Vietnamese (the default language), read-only.
 */
export function renderDashboardFirstView(v: {
  warnings: readonly PublicWarning[];
  alerts: readonly Alert[];
  water: readonly StationReading[];
  rain: readonly StationReading[];
  timeZone: string;
}): string {
  const warningItems = [
    ...v.warnings.map(
      (w) =>
        `<li><a href="/canh-bao/${w.id}"><strong>${esc(`Cảnh báo ${WARNING_KIND_LABELS[w.kind].vi.toLowerCase()} – ${severityName(w.kind, w.severityScale, w.severity)}`)}</strong>: ${esc(w.headlineVi)}${w.area.names.length ? ` (${esc(w.area.names.join(', '))})` : ''}</a></li>`,
    ),
    ...v.alerts.map((a) => `<li>${esc(alertLine(a, 'vi', v.timeZone))}</li>`),
  ];
  const list = (title: string, rows: readonly StationReading[]) =>
    rows.length
      ? `<section class="first-view-section"><h2>${title}</h2><ul class="first-view-readings">${rows.map((r) => readingItem(r, v.timeZone)).join('')}</ul></section>`
      : '';
  return [
    '<div class="first-view" data-testid="first-view">',
    warningItems.length
      ? `<section class="first-view-section first-view-warnings" role="alert"><h2>Cảnh báo đang có hiệu lực</h2><ul>${warningItems.join('')}</ul></section>`
      : '',
    list('Trạm đo mực nước', v.water),
    list('Trạm đo mưa', v.rain),
    // Not a <noscript>: a browser whose scripts are off by its settings may still not render one; React replaces it.
    '<p class="first-view-note">Số liệu mới nhất lúc tải trang; tải lại trang để xem số liệu mới.</p>',
    '</div>',
  ].join('');
}

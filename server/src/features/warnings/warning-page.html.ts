import {
  formatDateTimeVi,
  type PolygonCoords,
  type PublicWarning,
  severityColour,
  severityName,
  severityOutline,
  textOn,
  WARNING_KIND_LABELS,
  WARNING_STATUS_LABELS,
} from '@flood/domain';
import type { Commune } from '../../db/seed/seed-files';
import { escapeXml as esc } from '../../lib/xml';

type Ring = number[][];
const ringsOf = (g: { type: string; coordinates: unknown }): Ring[] =>
  ((g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as PolygonCoords[]).map((p) => p[0] as Ring);

/**
 * A small map of the warning's area drawn as SVG on the server: the communes in grey with their names, the
 * area in the warning's colour. It needs no script, no tiles and a few kilobytes: a phone on a failing network
 * still sees where.
 */
function areaSvg(w: PublicWarning, communes: readonly Commune[]): string {
  const all = [...communes.flatMap((c) => ringsOf(c.geometry)), ...ringsOf(w.area.geometry)];
  const pts = all.flat();
  const minX = Math.min(...pts.map((p) => p[0]!));
  const maxX = Math.max(...pts.map((p) => p[0]!));
  const minY = Math.min(...pts.map((p) => p[1]!));
  const maxY = Math.max(...pts.map((p) => p[1]!));
  const k = Math.cos((((minY + maxY) / 2) * Math.PI) / 180);
  const width = 600;
  const scale = width / ((maxX - minX) * k || 1);
  const height = Math.round((maxY - minY) * scale) || 300;
  const xy = (p: number[]) => `${(((p[0]! - minX) * k * scale) | 0) + 0.5},${(((maxY - p[1]!) * scale) | 0) + 0.5}`;
  const path = (r: Ring) => `M${r.map(xy).join('L')}Z`;
  const colour = severityColour(w.kind, w.severityScale, w.severity);
  const label = (c: Commune) => {
    const r = ringsOf(c.geometry)[0]!;
    const cx = r.reduce((s, p) => s + p[0]!, 0) / r.length;
    const cy = r.reduce((s, p) => s + p[1]!, 0) / r.length;
    const [x, y] = xy([cx, cy]).split(',');
    return `<text x="${x}" y="${y}" text-anchor="middle">${esc(c.name)}</text>`;
  };
  return `<svg class="area" viewBox="-4 -4 ${width + 8} ${height + 8}" role="img" aria-label="Bản đồ vùng cảnh báo: ${esc(w.area.names.join(', ') || 'vùng khoanh trên bản đồ')}">
<path class="communes" d="${communes.flatMap((c) => ringsOf(c.geometry).map(path)).join('')}"/>
<path class="warn" fill="${colour}" stroke="${severityOutline(w.kind, w.severityScale, w.severity)}" d="${ringsOf(w.area.geometry).map(path).join('')}"/>
${communes.map(label).join('')}
</svg>`;
}

const STYLE = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f1f1f;background:#f5f5f5}
header{background:#0b4f8a;color:#fff;padding:10px 16px}header a{color:#fff;text-decoration:none;font-weight:600}
main{max-width:760px;margin:0 auto;padding:16px;background:#fff}
.badge{display:inline-block;padding:2px 10px;border-radius:4px;font-weight:700;color:#fff;margin-right:6px}
.status{display:inline-block;padding:2px 10px;border-radius:4px;border:1px solid #999;font-weight:600}
.status-cancelled,.status-expired{background:#eee;color:#555}.status-active{background:#fff1f0;border-color:#f5222d;color:#a8071a}
h1{font-size:1.35rem;margin:12px 0 8px}dl{margin:8px 0}dt{font-weight:600;margin-top:6px}dd{margin:0}
.instruction{background:#fff7e6;border-left:4px solid #fa8c16;padding:8px 12px;margin:12px 0}
.cancel{background:#f5f5f5;border-left:4px solid #595959;padding:8px 12px;margin:12px 0}
.area{width:100%;height:auto;background:#eef5fb;border:1px solid #d9d9d9}
.area .communes{fill:#fff;stroke:#8c8c8c;stroke-width:1}.area .warn{fill-opacity:.45;stroke-width:2}
.area text{font-size:13px;fill:#262626;paint-order:stroke;stroke:#fff;stroke-width:3px}
footer{max-width:760px;margin:0 auto;padding:12px 16px;font-size:.9rem;color:#595959}
section[lang=en]{border-top:1px solid #eee;margin-top:16px;padding-top:8px}p{white-space:pre-line}`;

/**
 * The public page of an officer's warning (`/canh-bao/{id}`, #23): complete HTML made on the server, readable
 * without JavaScript and shareable (Open Graph tags); a cancelled or expired warning says so at the top.
 */
export function renderWarningPage(
  w: PublicWarning,
  communes: readonly Commune[],
  o: { timeZone: string; portalName: string },
): string {
  const t = (iso: string) => formatDateTimeVi(new Date(iso), o.timeZone);
  const kind = WARNING_KIND_LABELS[w.kind];
  const colour = severityColour(w.kind, w.severityScale, w.severity);
  const severity = severityName(w.kind, w.severityScale, w.severity);
  const title = `Cảnh báo ${kind.vi.toLowerCase()} – ${severity}: ${w.headlineVi}`;
  const where = w.area.names.length ? w.area.names.join(', ') : 'Vùng khoanh trên bản đồ';
  const status = WARNING_STATUS_LABELS[w.status];
  const en =
    w.headlineEn &&
    `<section lang="en"><h2>${esc(w.headlineEn)}</h2>${w.descriptionEn ? `<p>${esc(w.descriptionEn)}</p>` : ''}${
      w.instructionEn ? `<div class="instruction"><strong>What to do:</strong><p>${esc(w.instructionEn)}</p></div>` : ''
    }</section>`;
  return `<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} – ${esc(o.portalName)}</title>
<meta name="description" content="${esc(`${where}. ${w.descriptionVi}`.slice(0, 300))}">
<meta property="og:type" content="article">
<meta property="og:title" content="${esc(title)}">
<meta property="og:description" content="${esc(`${where}. Hiệu lực đến ${t(w.expiresAt)}.`)}">
<style>${STYLE}</style>
</head>
<body>
<header><a href="/">${esc(o.portalName)}</a></header>
<main data-testid="warning-page" data-status="${w.status}">
<p><span class="status status-${w.status}" data-testid="warning-status">${esc(status.vi)}</span></p>
${
  w.status === 'cancelled'
    ? `<div class="cancel" data-testid="warning-cancelled"><strong>Cảnh báo này đã được huỷ lúc ${esc(t(w.cancelledAt!))}.</strong><p>Lý do: ${esc(w.cancelReason ?? '')}</p></div>`
    : ''
}
<p><span class="badge" style="background:${colour};color:${textOn(colour)}">${esc(severity)}</span><strong>Cảnh báo ${esc(kind.vi.toLowerCase())}</strong></p>
<h1 data-testid="warning-headline">${esc(w.headlineVi)}</h1>
<dl>
<dt>Khu vực</dt><dd data-testid="warning-area">${esc(where)}</dd>
<dt>Hiệu lực</dt><dd>Từ ${esc(t(w.effectiveAt))} đến ${esc(t(w.expiresAt))}</dd>
${w.source ? `<dt>Theo bản tin của</dt><dd>${esc(w.source)}</dd>` : ''}
${w.version > 1 ? `<dt>Cập nhật</dt><dd data-testid="warning-version">Lần ${w.version - 1}, lúc ${esc(t(w.updatedAt))}</dd>` : ''}
</dl>
<p data-testid="warning-description">${esc(w.descriptionVi)}</p>
<div class="instruction"><strong>Người dân cần làm gì:</strong><p data-testid="warning-instruction">${esc(w.instructionVi)}</p></div>
${w.attachmentUrl ? `<p><a href="${esc(w.attachmentUrl)}">Bản tin chính thức (PDF)</a></p>` : ''}
${areaSvg(w, communes)}
<p><a href="/maps">Xem trên bản đồ và số liệu trạm đo</a> · <a href="/dang-ky-canh-bao">Đăng ký nhận cảnh báo</a></p>
${en || ''}
</main>
<footer>Trang này cập nhật khi cảnh báo thay đổi; tải lại để xem bản mới nhất.</footer>
</body>
</html>
`;
}

/** The page of a warning that does not exist (or is not published): said plainly, with the way home. */
export function renderWarningNotFound(portalName: string): string {
  return `<!doctype html>
<html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Không tìm thấy cảnh báo – ${esc(portalName)}</title><style>${STYLE}</style></head>
<body><header><a href="/">${esc(portalName)}</a></header>
<main><h1>Không tìm thấy cảnh báo</h1><p>Cảnh báo này không tồn tại hoặc chưa được phát.</p>
<p><a href="/">Về trang chủ</a> · <a href="/maps">Xem bản đồ</a></p></main></body></html>
`;
}

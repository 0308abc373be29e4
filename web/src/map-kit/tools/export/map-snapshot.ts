import { toCanvas } from 'html-to-image';
import { jpegOnA4Landscape } from './pdf-page';
import { FOOTER_PX, layoutSheet, TEXT_PX, TITLE_PX } from './sheet-layout';

/** What an exported map shows: reusable by any Leaflet map of the portal (the public map, the analysis map). */
export interface MapSheetInput {
  /** The Leaflet map's container (`map.getContainer()`): base tiles, data canvas, SVG layers, markers, popups. */
  mapElement: HTMLElement;
  /** 'Cảnh báo lũ'. */
  title: string;
  /** A legend element, drawn as it looks in a column on the right of the map. */
  legendElement?: HTMLElement | null;
  /** The data time line, e.g. 'Dữ liệu lúc 15/06/2024 10:00'. */
  dataTime?: string | null;
  /** Credits of the base map; by default the text of the map's attribution control. */
  attribution?: string | null;
  /** The footer note written when some base-map imagery could not be read (other origin without CORS, timeout). */
  skippedNote?: string;
  /** Device pixels per CSS pixel (default: the screen's, between 1 and 2). */
  pixelRatio?: number;
  /** How long one piece of imagery may take (public-portal §9: 5000 ms). */
  imageTimeoutMs?: number;
}

export interface MapSheet {
  canvas: HTMLCanvasElement;
  /** Base-map tiles left out because they could not be read in time or without tainting the image. */
  skippedTiles: number;
}

export const IMAGE_TIMEOUT_MS = 5000;
/** A transparent pixel: what html-to-image puts instead of an image it cannot fetch. */
const BLANK = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** Whether drawing this image leaves a canvas readable (same origin, or served with CORS). */
function isReadable(image: CanvasImageSource): boolean {
  const probe = document.createElement('canvas');
  probe.width = 1;
  probe.height = 1;
  const ctx = probe.getContext('2d');
  if (!ctx) return false;
  try {
    ctx.drawImage(image, 0, 0, 1, 1);
    ctx.getImageData(0, 0, 1, 1);
    return true;
  } catch {
    return false;
  }
}

/** The image loaded again with CORS (a tile of another origin), or null when refused or slower than `timeoutMs`. */
function loadCorsImage(src: string, timeoutMs: number): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => done(null), timeoutMs);
    function done(value: HTMLImageElement | null) {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      if (!value) image.src = BLANK;
      resolve(value);
    }
    image.crossOrigin = 'anonymous';
    image.onload = () => done(image);
    image.onerror = () => done(null);
    image.src = src;
  });
}

async function readableTile(tile: HTMLImageElement, timeoutMs: number): Promise<CanvasImageSource | null> {
  if (tile.complete && tile.naturalWidth > 0 && isReadable(tile)) return tile;
  const copy = await loadCorsImage(tile.currentSrc || tile.src, timeoutMs);
  return copy && isReadable(copy) ? copy : null;
}

/** The opacity of an element as seen on screen: its own times its ancestors' up to `root`. */
function shownOpacity(element: Element, root: Element): number {
  let opacity = 1;
  for (let e: Element | null = element; e && e !== root; e = e.parentElement) {
    opacity *= Number(getComputedStyle(e).opacity) || 0;
  }
  return opacity;
}

/**
 * Draws the base tiles where they are on screen. Tiles of another origin are read again with CORS (the
 * page's CSP forbids fetching them); one that is refused or slower than the timeout is left out and counted.
 */
async function drawTiles(ctx: CanvasRenderingContext2D, root: HTMLElement, timeoutMs: number): Promise<number> {
  const frame = root.getBoundingClientRect();
  const tiles = [...root.querySelectorAll<HTMLImageElement>('.leaflet-tile-pane img')].filter((tile) => {
    const r = tile.getBoundingClientRect();
    return r.width > 0 && r.right > frame.left && r.left < frame.right && r.bottom > frame.top && r.top < frame.bottom;
  });
  const drawn = await Promise.all(
    tiles.map(async (tile) => ({
      tile,
      rect: tile.getBoundingClientRect(),
      opacity: shownOpacity(tile, root),
      source: await readableTile(tile, timeoutMs),
    })),
  );
  let skipped = 0;
  for (const { source, rect, opacity } of drawn) {
    if (!source) {
      skipped++;
      continue;
    }
    if (opacity <= 0) continue;
    ctx.globalAlpha = Math.min(1, opacity);
    ctx.drawImage(source, rect.left - frame.left, rect.top - frame.top, rect.width, rect.height);
  }
  ctx.globalAlpha = 1;
  return skipped;
}

const hasClass = (node: HTMLElement, ...names: string[]) =>
  node instanceof Element && names.some((n) => node.classList.contains(n));

/** Everything the map draws above its tiles (data canvas, SVG layers, markers, labels, popups), transparent elsewhere. */
function captureOverlays(root: HTMLElement, pixelRatio: number): Promise<HTMLCanvasElement> {
  return toCanvas(root, {
    pixelRatio,
    skipFonts: true,
    imagePlaceholder: BLANK,
    style: { background: 'transparent', outline: 'none' },
    filter: (node) => !hasClass(node, 'leaflet-tile-pane', 'leaflet-control-container'),
  });
}

function captureLegend(legend: HTMLElement, pixelRatio: number): Promise<HTMLCanvasElement> {
  return toCanvas(legend, {
    pixelRatio,
    skipFonts: true,
    backgroundColor: '#ffffff',
    imagePlaceholder: BLANK,
    // The legend's open/close arrow means nothing on paper.
    filter: (node) => !hasClass(node, 'anticon'),
  });
}

function attributionOf(root: HTMLElement): string {
  const text = root.querySelector('.leaflet-control-attribution')?.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/** Words cut to fit one line of `maxWidth` (long credits end with an ellipsis). */
function fitText(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/**
 * The map as a sheet: the title and data time on top, the current view of the map (tiles, data layers,
 * markers), the legend on its right and the base map's credits underneath.
 */
export async function renderMapSheet(input: MapSheetInput): Promise<MapSheet> {
  const root = input.mapElement;
  const ratio = input.pixelRatio ?? Math.min(2, Math.max(1, window.devicePixelRatio || 1));
  const timeoutMs = input.imageTimeoutMs ?? IMAGE_TIMEOUT_MS;
  const mapSize = { width: root.clientWidth, height: root.clientHeight };
  if (mapSize.width === 0 || mapSize.height === 0) throw new Error('map not shown');

  const [overlays, legend] = await Promise.all([
    captureOverlays(root, ratio),
    input.legendElement ? captureLegend(input.legendElement, ratio) : Promise.resolve(null),
  ]);

  // The map's own layer: its background, the tiles, then the overlays, at device pixels.
  const mapCanvas = document.createElement('canvas');
  mapCanvas.width = Math.round(mapSize.width * ratio);
  mapCanvas.height = Math.round(mapSize.height * ratio);
  const mapCtx = mapCanvas.getContext('2d')!;
  mapCtx.scale(ratio, ratio);
  mapCtx.fillStyle = getComputedStyle(root).backgroundColor || '#dfe7ee';
  mapCtx.fillRect(0, 0, mapSize.width, mapSize.height);
  const skippedTiles = await drawTiles(mapCtx, root, timeoutMs);
  mapCtx.drawImage(overlays, 0, 0, mapSize.width, mapSize.height);

  const attribution = input.attribution ?? attributionOf(root);
  const footer = [attribution, skippedTiles > 0 ? (input.skippedNote ?? '') : ''].filter(Boolean);
  const legendSize = legend ? { width: legend.width / ratio, height: legend.height / ratio } : null;
  const layout = layoutSheet(mapSize, legendSize, footer.length);

  const canvas = document.createElement('canvas');
  canvas.width = Math.round(layout.width * ratio);
  canvas.height = Math.round(layout.height * ratio);
  const ctx = canvas.getContext('2d')!;
  ctx.scale(ratio, ratio);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, layout.width, layout.height);
  // The page's font (antd's system stack), as the map's labels and the legend use it.
  const font = getComputedStyle(root).fontFamily || 'system-ui, sans-serif';
  const textWidth = layout.width - 2 * layout.padding;
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#b71c1c';
  ctx.font = `700 ${TITLE_PX}px ${font}`;
  ctx.fillText(fitText(ctx, input.title, textWidth), layout.padding, layout.titleY);
  if (input.dataTime) {
    ctx.fillStyle = '#263238';
    ctx.font = `600 ${TEXT_PX}px ${font}`;
    ctx.fillText(fitText(ctx, input.dataTime, textWidth), layout.padding, layout.timeY);
  }
  const { map: m } = layout;
  ctx.drawImage(mapCanvas, m.x, m.y, m.width, m.height);
  ctx.strokeStyle = '#90a4ae';
  ctx.lineWidth = 1;
  ctx.strokeRect(m.x - 0.5, m.y - 0.5, m.width + 1, m.height + 1);
  if (legend && layout.legend) {
    const l = layout.legend;
    ctx.drawImage(legend, l.x, l.y, l.width, l.height);
  }
  ctx.font = `400 ${FOOTER_PX}px ${font}`;
  footer.forEach((line, i) => {
    ctx.fillStyle = i === 0 && attribution ? '#546e7a' : '#b45309';
    ctx.fillText(fitText(ctx, line, textWidth), layout.padding, layout.footerY[i]!);
  });
  return { canvas, skippedTiles };
}

/** The sheet as a PNG file. */
export function sheetToPng(sheet: MapSheet): Promise<Blob> {
  return new Promise((resolve, reject) =>
    sheet.canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
}

/** The sheet on one A4 landscape PDF page (as a JPEG: a tenth of the PNG's size); the title goes into its properties. */
export async function sheetToPdf(sheet: MapSheet, title: string): Promise<Blob> {
  const jpeg = await new Promise<Blob>((resolve, reject) =>
    sheet.canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', 0.92),
  );
  const size = { width: sheet.canvas.width, height: sheet.canvas.height };
  const pdf = jpegOnA4Landscape(new Uint8Array(await jpeg.arrayBuffer()), size, title);
  return new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}

/** The map as a PNG image with its title, legend and data time. */
export async function exportMapPng(input: MapSheetInput): Promise<{ blob: Blob; skippedTiles: number }> {
  const sheet = await renderMapSheet(input);
  return { blob: await sheetToPng(sheet), skippedTiles: sheet.skippedTiles };
}

/** The map on an A4 landscape PDF page with its title, legend and data time (sharper: 2 pixels per CSS pixel). */
export async function exportMapPdf(input: MapSheetInput): Promise<{ blob: Blob; skippedTiles: number }> {
  const sheet = await renderMapSheet({ pixelRatio: 2, ...input });
  return { blob: await sheetToPdf(sheet, input.title), skippedTiles: sheet.skippedTiles };
}

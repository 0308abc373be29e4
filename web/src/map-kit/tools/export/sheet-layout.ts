/** Sizes in CSS pixels (the sheet is drawn at `pixelRatio` device pixels per CSS pixel). */
export interface Size {
  width: number;
  height: number;
}
export interface Box extends Size {
  x: number;
  y: number;
}

export interface SheetLayout extends Size {
  /** Baselines of the title and of the data time line. */
  titleY: number;
  timeY: number;
  map: Box;
  legend: Box | null;
  /** Baselines of the footer lines (attribution, then the note about missing imagery). */
  footerY: number[];
  padding: number;
}

const PADDING = 24;
const HEADER = 72;
const GAP = 16;
const LINE = 18;
export const TITLE_PX = 28;
export const TEXT_PX = 16;
export const FOOTER_PX = 13;

/**
 * Where the parts of an exported map go: the title and data time on top, the map, the legend in a column
 * on its right (shrunk to the map's height when taller), and the footer lines under the map.
 */
export function layoutSheet(map: Size, legend: Size | null, footerLines: number): SheetLayout {
  const mapBox: Box = { x: PADDING, y: PADDING + HEADER, width: map.width, height: map.height };
  let legendBox: Box | null = null;
  if (legend && legend.width > 0 && legend.height > 0) {
    const scale = Math.min(1, map.height / legend.height);
    legendBox = {
      x: mapBox.x + map.width + GAP,
      y: mapBox.y,
      width: Math.round(legend.width * scale),
      height: Math.round(legend.height * scale),
    };
  }
  const right = legendBox ? legendBox.x + legendBox.width : mapBox.x + map.width;
  const footerTop = mapBox.y + map.height + 8;
  const footerY = Array.from({ length: footerLines }, (_, i) => footerTop + FOOTER_PX + i * LINE);
  return {
    width: Math.ceil(right + PADDING),
    height: Math.ceil(footerTop + footerLines * LINE + PADDING - (footerLines ? 0 : 8)),
    titleY: PADDING + TITLE_PX,
    timeY: PADDING + TITLE_PX + 12 + TEXT_PX + 4,
    map: mapBox,
    legend: legendBox,
    footerY,
    padding: PADDING,
  };
}

/** An A4 landscape page in millimetres. */
export const A4_LANDSCAPE_MM: Size = { width: 297, height: 210 };

/** The image scaled to fit inside the page's margins, centred, its proportions kept. */
export function fitOnPage(image: Size, page: Size = A4_LANDSCAPE_MM, margin = 10): Box {
  const room = { width: page.width - 2 * margin, height: page.height - 2 * margin };
  const scale = Math.min(room.width / image.width, room.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  return { x: (page.width - width) / 2, y: (page.height - height) / 2, width, height };
}

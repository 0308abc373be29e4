/** Colours people must be able to read (WCAG 2.x contrast), shared by the web and the server's pages. */

/** The dark text used on light status colours. */
export const DARK_TEXT = '#141414';

/** Relative luminance of a `#rrggbb` or `#rgb` colour (WCAG 2.x). */
function luminance(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  const n = Number.parseInt(digits, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * White or dark text, whichever contrasts more with the status colour: a brightness threshold put white on
 * orange (2.4:1) and near-black on blue (4.48:1), both under the 4.5:1 that WCAG AA asks of small text.
 */
export function textOn(hex: string): string {
  return contrastRatio(hex, '#ffffff') >= contrastRatio(hex, DARK_TEXT) ? '#fff' : DARK_TEXT;
}

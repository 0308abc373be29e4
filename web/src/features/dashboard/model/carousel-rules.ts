/** Autoplay step of the dashboard carousels (spec §9: every 3 s). */
export const CAROUSEL_AUTOPLAY_MS = 3000;

/** Cards shown side by side from a viewport width on (spec §9: 2 from 350 px, 3 from 800, 4 from 1200, 6 from 1400). */
const BREAKPOINTS: readonly { minWidth: number; perView: number }[] = [
  { minWidth: 1400, perView: 6 },
  { minWidth: 1200, perView: 4 },
  { minWidth: 800, perView: 3 },
  { minWidth: 350, perView: 2 },
];

/** How many cards a carousel shows at a viewport width (one below 350 px). */
export function itemsPerView(viewportWidth: number): number {
  for (const b of BREAKPOINTS) if (viewportWidth >= b.minWidth) return b.perView;
  return 1;
}

/** The last first-visible position: the view never runs past the last card. */
export function lastStart(count: number, perView: number): number {
  return Math.max(0, count - perView);
}

/** One card on; from the last position it wraps around to the first (spec §9 "infinite"). */
export function nextStart(start: number, count: number, perView: number): number {
  const last = lastStart(count, perView);
  return start >= last ? 0 : start + 1;
}

/** One card back; from the first position it wraps around to the last. */
export function previousStart(start: number, count: number, perView: number): number {
  const last = lastStart(count, perView);
  if (start > last) return last;
  return start <= 0 ? last : start - 1;
}

import type { Language } from '../common/language';
import { formatNumber } from '../common/number-format';

/** The reader's language: Vietnamese writes `1,25 km` (comma decimal, dot grouping), English `1.25 km`. */

/**
 * A length as people read it on the map (routes, measures): whole metres under 1 km ('850 m'), then
 * kilometres with 2 decimals under 10 km ('3,25 km') and 1 decimal above ('12,5 km'). Rounds before
 * choosing the unit, so 999,7 m reads '1,00 km', never '1.000 m'.
 */
export function formatDistance(metres: number, lang: Language = 'vi'): string {
  if (!Number.isFinite(metres)) return '';
  const m = Math.max(0, metres);
  if (Math.round(m) < 1000) return `${formatNumber(Math.round(m), 0, lang)} m`;
  const km = m / 1000;
  if (Math.round(km * 100) / 100 < 10) return `${formatNumber(km, 2, lang)} km`;
  return `${formatNumber(km, 1, lang)} km`;
}

/** Vietnamese order of names ('Đạp Thanh' after 'Cửa', 'Ă' after 'A'); made once, on first use. */
let vietnamese: Intl.Collator | null = null;

/**
 * Compares two texts as Vietnamese sorts them, as `a.localeCompare(b, 'vi')` does. That call builds a collator
 * each time (a sort of the warnings took 20–30 ms of a phone's first render for it); this one is built once.
 */
export function compareVietnamese(a: string, b: string): number {
  vietnamese ??= new Intl.Collator('vi');
  return vietnamese.compare(a, b);
}

/**
 * Vietnamese text as a search compares it: decomposed (NFD), combining marks stripped, 'đ'/'Đ' → 'd'
 * (đ is a letter of its own, not d with a mark, so NFD leaves it), lower case, punctuation to spaces,
 * spaces collapsed: 'Xã Đồn Đạc' → 'xa don dac'. Typing without accents is how most people search.
 */
export function foldVietnamese(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a folded text (empty strings dropped). */
export function foldedWords(text: string): string[] {
  const folded = foldVietnamese(text);
  return folded ? folded.split(' ') : [];
}

/**
 * Damerau–Levenshtein distance (adjacent swaps count as one edit), giving up above `max`: the typo
 * tolerance of the place search ('dong dac' still finds 'Đồn Đạc').
 */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const prev2 = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev2.splice(0, prev2.length, ...prev);
    prev = cur;
  }
  return prev[b.length]!;
}

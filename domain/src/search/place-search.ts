import { compareVietnamese } from '../common/collation';
import type { BBox } from '../geo/distance';
import { editDistance, foldedWords, foldVietnamese } from './fold-text';

/** What a search result is; the order is the order of results that match equally well. */
export const PLACE_KINDS = ['commune', 'station', 'evacuation', 'office', 'flood-mark', 'place'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** A place the map can go to. `bbox` ([minLng, minLat, maxLng, maxLat]) for areas, to zoom to them. */
export interface Place {
  kind: PlaceKind;
  name: string;
  lat: number;
  lng: number;
  bbox?: BBox;
}

/** A place and the other texts it is found by (a station's code, a commune's full name). */
export interface PlaceEntry extends Place {
  aliases?: readonly string[];
}

interface IndexedKey {
  folded: string;
  words: string[];
}
export interface PlaceIndex {
  entries: { place: Place; keys: IndexedKey[]; kindRank: number }[];
}

/** Folds every name once, so a search only compares prepared strings (an index is cheap to rebuild). */
export function buildPlaceIndex(places: readonly PlaceEntry[]): PlaceIndex {
  return {
    entries: places.map(({ aliases, ...place }) => ({
      place,
      keys: [place.name, ...(aliases ?? [])]
        .map((t) => ({ folded: foldVietnamese(t), words: foldedWords(t) }))
        .filter((k) => k.folded !== ''),
      kindRank: PLACE_KINDS.indexOf(place.kind),
    })),
  };
}

/** Typos forgiven in a query word: none up to 2 letters, one up to 6, two beyond. */
const allowedTypos = (word: string) => (word.length < 3 ? 0 : word.length < 7 ? 1 : 2);

/**
 * How well a key matches (lower is better; null = no match): 0 the whole name, 1 its beginning, 2 the
 * beginning of one of its words, 3 every query word begins a word of it, 4 anywhere inside it, 5 every
 * query word begins a word or is one typo away from a word, at least one of them without typo (or a
 * single query word of 4 letters or more).
 */
function scoreKey(q: string, qWords: readonly string[], key: IndexedKey): number | null {
  if (key.folded === q) return 0;
  if (key.folded.startsWith(q)) return 1;
  if (` ${key.folded}`.includes(` ${q}`)) return 2;
  if (qWords.every((w) => key.words.some((k) => k.startsWith(w)))) return 3;
  if (key.folded.includes(q)) return 4;
  let exact = 0;
  for (const w of qWords) {
    if (key.words.some((k) => k.startsWith(w))) exact++;
    else if (!key.words.some((k) => editDistance(w, k, allowedTypos(w)) <= allowedTypos(w))) return null;
  }
  return exact > 0 || (qWords.length === 1 && qWords[0]!.length >= 4) ? 5 : null;
}

/**
 * Searches the index ignoring case and Vietnamese accents, best matches first (whole name, then prefix,
 * then word prefix…; equal matches by kind, then shorter name, then alphabetically).
 */
export function searchPlaces(index: PlaceIndex, query: string, limit: number): Place[] {
  const q = foldVietnamese(query);
  if (!q || limit <= 0) return [];
  const qWords = q.split(' ');
  const hits: { place: Place; score: number; kindRank: number }[] = [];
  for (const e of index.entries) {
    let best: number | null = null;
    for (const k of e.keys) {
      const s = scoreKey(q, qWords, k);
      if (s !== null && (best === null || s < best)) best = s;
      if (best === 0) break;
    }
    if (best !== null) hits.push({ place: e.place, score: best, kindRank: e.kindRank });
  }
  hits.sort(
    (a, b) =>
      a.score - b.score ||
      a.kindRank - b.kindRank ||
      a.place.name.length - b.place.name.length ||
      compareVietnamese(a.place.name, b.place.name),
  );
  return hits.slice(0, limit).map((h) => h.place);
}

import { describe, expect, it } from 'vitest';
import { editDistance, foldedWords, foldVietnamese } from './fold-text';
import { buildPlaceIndex, type PlaceEntry, searchPlaces } from './place-search';

describe('foldVietnamese', () => {
  it('drops accents and case, turns đ into d and punctuation into spaces', () => {
    expect(foldVietnamese('Xã Đồn Đạc')).toBe('xa don dac');
    expect(foldVietnamese('ĐẠP THANH')).toBe('dap thanh');
    expect(foldVietnamese('  Nhà văn hoá   thôn Đồng Tâm ')).toBe('nha van hoa thon dong tam');
    expect(foldVietnamese('Lương Minh–Thanh Sơn (ĐH.01)')).toBe('luong minh thanh son dh 01');
    // Precomposed and decomposed input fold alike.
    expect(foldVietnamese('Ba Ch\u1EBD')).toBe(foldVietnamese('Ba Che\u0303'));
    expect(foldedWords(' ')).toEqual([]);
  });
});

describe('editDistance', () => {
  it('counts edits, a swap as one, and gives up above the limit', () => {
    expect(editDistance('dong', 'don')).toBe(1);
    expect(editDistance('thanh', 'tahnh')).toBe(1);
    expect(editDistance('lam', 'lam')).toBe(0);
    expect(editDistance('minh', 'son', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

const at = (lng: number, lat: number) => ({ lng, lat });
const PLACES: PlaceEntry[] = [
  { kind: 'commune', name: 'Đồn Đạc', ...at(107.3, 21.3), bbox: [107.2, 21.2, 107.4, 21.4], aliases: ['Xã Đồn Đạc'] },
  { kind: 'commune', name: 'Thanh Sơn', ...at(107.2, 21.3), aliases: ['Xã Thanh Sơn'] },
  { kind: 'commune', name: 'Thanh Lâm', ...at(107.1, 21.3), aliases: ['Xã Thanh Lâm'] },
  { kind: 'station', name: 'Trạm đo mưa Đồn Đạc', ...at(107.3, 21.31), aliases: ['F00125'] },
  { kind: 'evacuation', name: 'Trường THCS Đồn Đạc', ...at(107.31, 21.3) },
  { kind: 'evacuation', name: 'Nhà văn hoá thôn Đồng Tâm', ...at(107.29, 21.3) },
  { kind: 'flood-mark', name: 'Bờ suối cách ngầm Đồn Đạc khoảng 700 m', ...at(107.3, 21.29) },
];
const index = buildPlaceIndex(PLACES);
const names = (q: string, limit = 10) => searchPlaces(index, q, limit).map((p) => p.name);

describe('searchPlaces', () => {
  it('finds Đồn Đạc typed without accents, the commune first', () => {
    expect(names('don dac')).toEqual([
      'Đồn Đạc',
      'Trạm đo mưa Đồn Đạc',
      'Trường THCS Đồn Đạc',
      'Bờ suối cách ngầm Đồn Đạc khoảng 700 m',
    ]);
    expect(names('ĐỒN ĐẠC')[0]).toBe('Đồn Đạc');
  });

  it("forgives one typo per word: 'dong dac' still finds 'Đồn Đạc'", () => {
    const found = names('dong dac');
    expect(found[0]).toBe('Đồn Đạc');
    expect(found).toContain('Trường THCS Đồn Đạc');
    // 'Đồng Tâm' matches 'dong' exactly but nothing matches 'dac'.
    expect(found).not.toContain('Nhà văn hoá thôn Đồng Tâm');
  });

  it('ranks the beginning of a name before a word inside it, then by kind', () => {
    expect(names('thanh')).toEqual(['Thanh Lâm', 'Thanh Sơn']);
    expect(names('tru')[0]).toBe('Trường THCS Đồn Đạc');
    expect(names('xa thanh s')).toEqual(['Thanh Sơn']);
  });

  it('finds a station by its code and words in any order', () => {
    expect(names('f00125')).toEqual(['Trạm đo mưa Đồn Đạc']);
    expect(names('dac tram')).toEqual(['Trạm đo mưa Đồn Đạc']);
  });

  it('keeps the limit and answers nothing for an empty or unknown query', () => {
    expect(names('dac', 2)).toHaveLength(2);
    expect(names('   ')).toEqual([]);
    expect(names('hà nội')).toEqual([]);
    expect(searchPlaces(index, 'don', 0)).toEqual([]);
  });

  it('returns the place without its aliases', () => {
    expect(searchPlaces(index, 'don dac', 1)).toEqual([
      { kind: 'commune', name: 'Đồn Đạc', lng: 107.3, lat: 21.3, bbox: [107.2, 21.2, 107.4, 21.4] },
    ]);
  });
});

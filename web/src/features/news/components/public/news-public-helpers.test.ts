import { describe, expect, it } from 'vitest';
import { newsImageUrl, pageOf, pagerItems, tabOf } from './news-public-helpers';

describe('public news helpers', () => {
  it('shows an uploaded avatar by its thumbnail, another address as it is, none as null', () => {
    const uploaded = `/api/files/${'ab'.repeat(16)}`;
    expect(newsImageUrl(uploaded)).toBe(`${uploaded}/thumbnail`);
    expect(newsImageUrl('https://bache.gov.vn/a.jpg')).toBe('https://bache.gov.vn/a.jpg');
    expect(newsImageUrl(null)).toBeNull();
    expect(newsImageUrl('')).toBeNull();
  });

  it('reads the tab and the page of the URL, falling back to the first tab and page 1', () => {
    expect(tabOf('activity').type).toBe('NORMAL');
    expect(tabOf('warning').type).toBe('WARNING');
    expect(tabOf(null).key).toBe('warning');
    expect(tabOf('khac').key).toBe('warning');
    expect(pageOf('3')).toBe(3);
    for (const bad of [null, '', '0', '-2', '1.5', 'abc', '1e9']) expect(pageOf(bad), String(bad)).toBe(1);
  });

  it('lists every page when few, else the ends and the neighbours with gaps', () => {
    expect(pagerItems(1, 2)).toEqual([1, 2]);
    expect(pagerItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pagerItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pagerItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
  });
});

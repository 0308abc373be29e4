import { describe, expect, it } from 'vitest';
import { pageOfList } from './pagination';

describe('pageOfList', () => {
  it('cuts the asked page out of a list in memory and gives the whole list’s total', () => {
    const list = [1, 2, 3, 4, 5];
    expect(pageOfList(list, { page: 1, pageSize: 2 })).toEqual({ items: [1, 2], total: 5 });
    expect(pageOfList(list, { page: 3, pageSize: 2 })).toEqual({ items: [5], total: 5 });
    expect(pageOfList(list, { page: 4, pageSize: 2 })).toEqual({ items: [], total: 5 });
  });
});

import { act, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render-app';
import { DataTable, indexColumn, rowNumber, usePagedList } from './data-table';

interface Row {
  id: number;
  name: string;
}

const rows = (n: number, from = 1): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, name: `Hàng ${from + i}` }));

function renderTable(total: number, page = 1, pageSize = 10, onPageChange = vi.fn()) {
  const items = rows(Math.min(pageSize, total - (page - 1) * pageSize), (page - 1) * pageSize + 1);
  renderWithProviders(
    <DataTable<Row>
      rows={items}
      total={total}
      page={page}
      pageSize={pageSize}
      onPageChange={onPageChange}
      columns={[indexColumn<Row>(page, pageSize), { key: 'name', dataIndex: 'name', title: 'Tên' }]}
      rowKey="id"
    />,
  );
  return onPageChange;
}

describe('data table', () => {
  it('hides the pager when every row fits on one page', async () => {
    renderTable(10);
    expect(await screen.findByText('Hàng 10')).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('shows the pager past one page and reports the chosen page', async () => {
    const onPageChange = renderTable(11);
    expect(await screen.findByText('Hàng 1')).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeTruthy();
    act(() => (document.querySelector('.ant-pagination-item-2') as HTMLElement).click());
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('numbers rows across pages and keeps data-row-key = id', async () => {
    renderTable(25, 3, 10);
    expect(await screen.findByText('Hàng 21')).toBeTruthy();
    const first = document.querySelector('tr[data-row-key="21"]');
    expect(first?.querySelector('td')?.textContent).toBe('21');
    expect(rowNumber(2, 20, 0)).toBe(21);
  });

  it('shows the default empty text', async () => {
    renderTable(0);
    expect(await screen.findByText('Không có bản ghi nào')).toBeTruthy();
  });
});

describe('usePagedList', () => {
  it('steps back one page after deleting the only row of the last page', () => {
    const { result } = renderHook(() => usePagedList(10));
    act(() => result.current.setPage(3));
    act(() => result.current.afterDelete(21)); // 21 rows: page 3 held one; 20 remain
    expect(result.current.page).toBe(2);
  });

  it('stays on the page when rows remain on it', () => {
    const { result } = renderHook(() => usePagedList(10));
    act(() => result.current.setPage(2));
    act(() => result.current.afterDelete(15));
    expect(result.current.page).toBe(2);
  });

  it('never goes below page 1', () => {
    const { result } = renderHook(() => usePagedList(10));
    act(() => result.current.afterDelete(1));
    expect(result.current.page).toBe(1);
  });
});

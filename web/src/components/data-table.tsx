import { PAGE_SIZE, pageAfterDelete, shouldShowPager } from '@flood/domain';
import { Table, type TableColumnType, type TableProps } from 'antd';
import type { Key, ReactNode } from 'react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type SortOrder = 'asc' | 'desc';

/** A server-side sort: the column key and its direction, or none (the server's default order). */
export interface TableSort {
  field: string;
  order: SortOrder;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  total: number;
  /** 1-based current page. */
  page: number;
  pageSize: number;
  loading?: boolean;
  onPageChange: (page: number) => void;
  columns: TableProps<T>['columns'];
  rowKey: keyof T & string;
  /** Defaults to t('table.empty'). */
  emptyText?: ReactNode;
  /** Server-side sorting: called when the user clicks a sortable column header. */
  onSortChange?: (sort: TableSort | null) => void;
  /** Accessible name of the table. */
  ariaLabel?: string;
  /** Rows under the data (a total), as antd's `summary`. */
  summary?: TableProps<T>['summary'];
  'data-testid'?: string;
}

/** The row number shown in '#' columns: counted across pages. */
export function rowNumber(page: number, pageSize: number, index: number): number {
  return (page - 1) * pageSize + index + 1;
}

/** The '#' column of a paged table. */
export function indexColumn<T>(page: number, pageSize: number): TableColumnType<T> {
  return {
    key: '__index',
    title: '#',
    width: 64,
    align: 'center',
    render: (_value, _row, index) => rowNumber(page, pageSize, index),
  };
}

/**
 * The table's columns with `ellipsis` drawn by a bounded box of their own (at most the column's width, the whole
 * text in its title): in a table laid out by its content, antd's ellipsis cells never wrap and would take their
 * whole text's width from the other columns.
 */
export function boundedEllipsis<T>(columns: TableProps<T>['columns']): TableProps<T>['columns'] {
  return columns?.map((column) => {
    if (!column.ellipsis) return column;
    const maxWidth = typeof column.width === 'number' ? column.width : 200;
    const { render } = column as TableColumnType<T>;
    return {
      ...column,
      ellipsis: false,
      render: (value: unknown, row: T, index: number) => {
        const shown = (render ? render(value, row, index) : value) as ReactNode;
        const text = typeof shown === 'string' || typeof shown === 'number' ? String(shown) : undefined;
        return (
          <span className="cell-ellipsis" style={{ maxWidth }} title={text}>
            {shown}
          </span>
        );
      },
    } as TableColumnType<T>;
  });
}

/**
 * Every back-office table: antd Table with server-side pagination; the pager shows only when the rows
 * do not fit on one page (spec §9), and the table scrolls sideways inside its card on small screens.
 */
export function DataTable<T extends object>({
  rows,
  total,
  page,
  pageSize,
  loading,
  onPageChange,
  columns,
  rowKey,
  emptyText,
  onSortChange,
  ariaLabel,
  summary,
  'data-testid': testId,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const onChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || !onSortChange) return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = s?.columnKey ?? s?.field;
    if (!s?.order || field === undefined) onSortChange(null);
    else onSortChange({ field: String(field), order: s.order === 'ascend' ? 'asc' : 'desc' });
  };

  return (
    <Table<T>
      className="data-table"
      data-testid={testId}
      aria-label={ariaLabel}
      dataSource={rows as T[]}
      columns={boundedEllipsis(columns)}
      rowKey={(row) => row[rowKey] as Key}
      loading={loading}
      size="middle"
      // The table takes its card's width and its text wraps (names, notes), so every column shows at 1366 px;
      // only what cannot wrap any more (phones) scrolls sideways inside the card (#18 item 13).
      scroll={{ x: true }}
      tableLayout="auto"
      locale={{ emptyText: emptyText ?? t('table.empty') }}
      onChange={onChange}
      summary={summary}
      pagination={
        shouldShowPager(total, pageSize)
          ? {
              current: page,
              pageSize,
              total,
              showSizeChanger: false,
              onChange: (next) => onPageChange(next),
              showTotal: (count) => t('table.total', { count }),
            }
          : false
      }
    />
  );
}

export interface PagedList {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  /** Call after a row was deleted, with the total before the deletion: steps back from an emptied last page. */
  afterDelete: (totalBeforeDelete: number) => void;
}

/**
 * Page state of a server-paged table. When `resetKey` changes (a new search or sort) the table goes back
 * to page 1 in the same render, so the old page is never requested with the new filter.
 */
export function usePagedList(pageSize: number = PAGE_SIZE, resetKey: string = ''): PagedList {
  const [page, setPage] = useState(1);
  const [lastKey, setLastKey] = useState(resetKey);
  if (resetKey !== lastKey) {
    setLastKey(resetKey);
    setPage(1);
  }
  const afterDelete = useCallback(
    (totalBeforeDelete: number) =>
      setPage((current) => pageAfterDelete(current, Math.max(0, totalBeforeDelete - 1), pageSize)),
    [pageSize],
  );
  return { page, pageSize, setPage, afterDelete };
}

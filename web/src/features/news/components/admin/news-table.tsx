import { type NewsSummary, PAGE_SIZE } from '@flood/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../../components/confirm-delete';
import { DataTable, indexColumn, usePagedList } from '../../../../components/data-table';
import { actionsColumn } from '../../../../components/row-actions';
import { useDeleteRow } from '../../../../components/use-delete-row';
import { formatDistrictDateTime } from '../../../../lib/format/date';
import { deleteNews, fetchNewsList, newsKeys } from '../../api/news-api';
import { type FormNewsType, NewsStatusTag } from './news-labels';

export interface NewsTableProps {
  type: FormNewsType;
  onEdit: (row: NewsSummary) => void;
}

/**
 * One news tab (back-office §2.1): #, name, creator, status badge, publish date (district clock), edit and
 * delete. Drafts and scheduled items too (`all=true`).
 */
export function NewsTable({ type, onEdit }: NewsTableProps) {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const { page, pageSize, setPage, afterDelete } = usePagedList(PAGE_SIZE);
  const query = { page, pageSize, type, all: true };
  const list = useQuery({
    queryKey: newsKeys.list(query),
    queryFn: () => fetchNewsList(query),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;

  const remove = useDeleteRow({
    remove: (row: NewsSummary) => deleteNews(row.id),
    listKeys: [newsKeys.all],
    successText: t('newsAdmin.deleted'),
    onDeleted: () => afterDelete(total),
    refreshOnError: true,
  });

  const columns: TableColumnsType<NewsSummary> = [
    indexColumn<NewsSummary>(page, pageSize),
    {
      key: 'name',
      title: t('newsAdmin.name'),
      render: (_, row) => (
        // staff read drafts by id too: the link previews the public page
        <a href={`/news/${row.id}`} target="_blank" rel="noopener noreferrer" className="news-name-cell">
          {row.name}
        </a>
      ),
    },
    { key: 'userName', dataIndex: 'userName', title: t('newsAdmin.creator'), render: (v: string | null) => v ?? '' },
    {
      key: 'status',
      title: t('newsAdmin.status'),
      render: (_, row) => <NewsStatusTag status={row.status} date={row.date} />,
    },
    {
      key: 'date',
      dataIndex: 'date',
      title: t('newsAdmin.date'),
      className: 'nowrap',
      render: (v: string) => formatDistrictDateTime(v),
    },
    actionsColumn(t('common.actions'), onEdit, (row) => confirmDelete(() => remove.mutateAsync(row))),
  ];

  return (
    <DataTable<NewsSummary>
      rows={list.data?.items ?? []}
      total={total}
      page={page}
      pageSize={pageSize}
      loading={list.isFetching}
      onPageChange={setPage}
      columns={columns}
      rowKey="id"
      ariaLabel={t(`newsAdmin.type${type}`)}
      data-testid={`news-table-${type}`}
    />
  );
}

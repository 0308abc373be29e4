import { DeleteOutlined, DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { type NewsSummary, PAGE_SIZE } from '@flood/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Space, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../../components/confirm-delete';
import { DataTable, indexColumn, usePagedList } from '../../../../components/data-table';
import { useDeleteRow } from '../../../../components/use-delete-row';
import { API_PREFIX } from '../../../../lib/api/client';
import { downloadFile } from '../../../../lib/api/download';
import { formatDistrictDateTime } from '../../../../lib/format/date';
import { deleteNews, fetchNewsList, newsKeys } from '../../api/news-api';

export interface DocumentsTableProps {
  onEdit: (row: NewsSummary) => void;
}

/**
 * The directive documents tab (back-office §2.1): #, title, description, creator, created time; download (the
 * first PDF under its own name), edit and delete.
 */
export function DocumentsTable({ onEdit }: DocumentsTableProps) {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const { page, pageSize, setPage, afterDelete } = usePagedList(PAGE_SIZE);
  const [downloading, setDownloading] = useState<number | null>(null);
  const query = { page, pageSize, type: 'DOCUMENT' as const, all: true };
  const list = useQuery({
    queryKey: newsKeys.list(query),
    queryFn: () => fetchNewsList(query),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;

  const remove = useDeleteRow({
    remove: (row: NewsSummary) => deleteNews(row.id),
    listKeys: [newsKeys.all],
    successText: t('newsAdmin.documentDeleted'),
    onDeleted: () => afterDelete(total),
    refreshOnError: true,
  });

  const download = async (row: NewsSummary) => {
    const url = row.files[0];
    if (!url) return;
    setDownloading(row.id);
    try {
      await downloadFile(url.slice(API_PREFIX.length), `${row.name}.pdf`);
    } catch {
      // the API client has shown the error
    } finally {
      setDownloading(null);
    }
  };

  const columns: TableColumnsType<NewsSummary> = [
    indexColumn<NewsSummary>(page, pageSize),
    {
      key: 'name',
      dataIndex: 'name',
      title: t('newsAdmin.documentTitle'),
      render: (v: string) => <span className="news-wrap-cell">{v}</span>,
    },
    {
      key: 'sapo',
      dataIndex: 'sapo',
      title: t('newsAdmin.documentDescription'),
      render: (v: string | null) => <span className="news-wrap-cell">{v ?? ''}</span>,
    },
    { key: 'userName', dataIndex: 'userName', title: t('newsAdmin.creator'), render: (v: string | null) => v ?? '' },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('newsAdmin.createdAt'),
      className: 'nowrap',
      render: (v: string) => formatDistrictDateTime(v),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 136,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4}>
          <Tooltip title={row.files.length ? t('newsAdmin.download') : t('newsAdmin.noFile')}>
            <Button
              type="text"
              icon={<DownloadOutlined />}
              aria-label={t('newsAdmin.download')}
              disabled={!row.files.length}
              loading={downloading === row.id}
              onClick={() => void download(row)}
            />
          </Tooltip>
          <Tooltip title={t('common.edit')}>
            <Button type="text" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => onEdit(row)} />
          </Tooltip>
          <Tooltip title={t('common.delete')}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('common.delete')}
              onClick={() => confirmDelete(() => remove.mutateAsync(row))}
            />
          </Tooltip>
        </Space>
      ),
    },
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
      ariaLabel={t('newsAdmin.tabDocument')}
      data-testid="news-table-DOCUMENT"
    />
  );
}

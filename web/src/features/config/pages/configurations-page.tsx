import { DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { PAGE_SIZE, type SystemParameter } from '@flood/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Space, type TableColumnsType, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackOfficeCard } from '../../../components/back-office-card';
import { useConfirmDelete } from '../../../components/confirm-delete';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { useDeleteRow } from '../../../components/use-delete-row';
import { useRowEditor } from '../../../components/use-row-editor';
import { formatDateTime } from '../../../lib/format/date';
import { configKeys, deleteParameter, fetchParameters } from '../api/config-api';
import { ContentModal } from '../components/content-modal';
import { WebParametersModal } from '../components/web-parameters-modal';

/** /database/configurations: the configuration records; 'Web Parameters' holds the status thresholds. */
export default function ConfigurationsPage() {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const { page, pageSize, setPage, afterDelete } = usePagedList(PAGE_SIZE);
  const editor = useRowEditor<SystemParameter>();

  const list = useQuery({
    queryKey: configKeys.list(page, pageSize),
    queryFn: () => fetchParameters(page, pageSize),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;

  const remove = useDeleteRow({
    remove: (record: SystemParameter) => deleteParameter(record.id),
    listKeys: [configKeys.all],
    successText: t('config.deleteSuccess'),
    onDeleted: () => afterDelete(total),
  });

  const columns: TableColumnsType<SystemParameter> = [
    indexColumn<SystemParameter>(page, pageSize),
    { dataIndex: 'name', title: t('config.name') },
    { dataIndex: 'createdAt', title: t('config.createdAt'), render: (v: string) => formatDateTime(v) },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 160,
      fixed: 'right',
      render: (_, record) => (
        <Space size={4}>
          <Button
            size="small"
            icon={<SettingOutlined />}
            onClick={() => editor.open(record)}
            data-testid={`config-params-${record.id}`}
          >
            {t('config.params')}
          </Button>
          {!record.isWebParameters && (
            <Tooltip title={t('common.delete')}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                onClick={() => confirmDelete(() => remove.mutateAsync(record))}
                data-testid={`config-delete-${record.id}`}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <BackOfficeCard
      title={t('page.configurations')}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open(null)} data-testid="config-add">
          {t('config.add')}
        </Button>
      }
    >
      <DataTable<SystemParameter>
        rows={list.data?.items ?? []}
        total={total}
        page={page}
        pageSize={pageSize}
        loading={list.isFetching}
        onPageChange={setPage}
        columns={columns}
        rowKey="id"
        ariaLabel={t('page.configurations')}
        data-testid="config-table"
      />
      {editor.editing?.item?.isWebParameters ? (
        <WebParametersModal
          key={editor.editing.seq}
          open={editor.isOpen}
          record={editor.editing.item}
          onClose={editor.close}
        />
      ) : (
        editor.editing && (
          <ContentModal
            key={editor.editing.seq}
            open={editor.isOpen}
            record={editor.editing.item}
            onClose={editor.close}
          />
        )
      )}
    </BackOfficeCard>
  );
}

import { DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { PAGE_SIZE, type SystemParameter } from '@flood/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackOfficeCard } from '../../../components/back-office-card';
import { useConfirmDelete } from '../../../components/confirm-delete';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { apiErrorText } from '../../../lib/api/error-message';
import { formatDateTime } from '../../../lib/format/date';
import { configKeys, deleteParameter, fetchParameters } from '../api/config-api';
import { ContentModal } from '../components/content-modal';
import { WebParametersModal } from '../components/web-parameters-modal';

type Editing = { record: SystemParameter | null; seq: number } | null;

/** /database/configurations: the configuration records; 'Web Parameters' holds the status thresholds. */
export default function ConfigurationsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const { page, pageSize, setPage, afterDelete } = usePagedList(PAGE_SIZE);
  const [editing, setEditing] = useState<Editing>(null);
  const [modalOpen, setModalOpen] = useState(false);

  const list = useQuery({
    queryKey: configKeys.list(page, pageSize),
    queryFn: () => fetchParameters(page, pageSize),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;

  const remove = useMutation({
    mutationFn: (record: SystemParameter) => deleteParameter(record.id),
    onSuccess: () => {
      afterDelete(total);
      void queryClient.invalidateQueries({ queryKey: configKeys.all });
      void message.success(t('config.deleteSuccess'));
    },
    onError: (error) => {
      const text = apiErrorText(error, t('errors.generic'), ['CONFLICT', 'NOT_FOUND']);
      if (text) void message.error(text);
    },
  });

  const open = (record: SystemParameter | null) => {
    setEditing((prev) => ({ record, seq: (prev?.seq ?? 0) + 1 }));
    setModalOpen(true);
  };

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
            onClick={() => open(record)}
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
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)} data-testid="config-add">
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
      {editing?.record?.isWebParameters ? (
        <WebParametersModal
          key={editing.seq}
          open={modalOpen}
          record={editing.record}
          onClose={() => setModalOpen(false)}
        />
      ) : (
        editing && (
          <ContentModal
            key={editing.seq}
            open={modalOpen}
            record={editing.record}
            onClose={() => setModalOpen(false)}
          />
        )
      )}
    </BackOfficeCard>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZE, type SmsRecipient } from '@flood/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/back-office-card';
import { useConfirmDelete } from '../../../components/confirm-delete';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { actionsColumn } from '../../../components/row-actions';
import { apiErrorText } from '../../../lib/api/error-message';
import { formatDateTime } from '../../../lib/format/date';
import { deleteSmsRecipient, fetchSmsRecipients, smsKeys } from '../api/sms-api';
import { RecipientFormModal } from './recipient-form-modal';

type Editing = { recipient: SmsRecipient | null; seq: number } | null;

/** 'Người nhận': who receives the warnings by SMS or e-mail. */
export function RecipientsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const { page, pageSize, setPage, afterDelete } = usePagedList(PAGE_SIZE);
  const [editing, setEditing] = useState<Editing>(null);
  const [modalOpen, setModalOpen] = useState(false);

  const query = { page, pageSize };
  const list = useQuery({
    queryKey: smsKeys.recipientList(query),
    queryFn: () => fetchSmsRecipients(query),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;

  const remove = useMutation({
    mutationFn: (recipient: SmsRecipient) => deleteSmsRecipient(recipient.id),
    onSuccess: () => {
      afterDelete(total);
      void queryClient.invalidateQueries({ queryKey: smsKeys.recipients });
      void message.success(t('sms.recipientDeleteSuccess'));
    },
    onError: (error) => {
      const text = apiErrorText(error, t('errors.generic'), ['CONFLICT', 'NOT_FOUND']);
      if (text) void message.error(text);
    },
  });

  const open = (recipient: SmsRecipient | null) => {
    setEditing((prev) => ({ recipient, seq: (prev?.seq ?? 0) + 1 }));
    setModalOpen(true);
  };

  const columns: TableColumnsType<SmsRecipient> = [
    indexColumn<SmsRecipient>(page, pageSize),
    { dataIndex: 'name', title: t('sms.name') },
    { dataIndex: 'description', title: t('sms.description'), render: (v: string | null) => v ?? '' },
    {
      dataIndex: 'createdAt',
      title: t('sms.createdAt'),
      className: 'nowrap',
      render: (v: string) => formatDateTime(v),
    },
    actionsColumn(
      t('common.actions'),
      (recipient) => open(recipient),
      (recipient) => confirmDelete(() => remove.mutateAsync(recipient)),
    ),
  ];

  return (
    <SectionCard
      title={t('sms.recipients')}
      data-testid="sms-recipients-card"
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)} data-testid="sms-recipient-add">
          {t('sms.recipientAdd')}
        </Button>
      }
    >
      <DataTable<SmsRecipient>
        rows={list.data?.items ?? []}
        total={total}
        page={page}
        pageSize={pageSize}
        loading={list.isFetching}
        onPageChange={setPage}
        columns={columns}
        rowKey="id"
        ariaLabel={t('sms.recipients')}
        data-testid="sms-recipient-table"
      />
      {editing && (
        <RecipientFormModal
          key={editing.seq}
          open={modalOpen}
          recipient={editing.recipient}
          onClose={() => setModalOpen(false)}
        />
      )}
    </SectionCard>
  );
}

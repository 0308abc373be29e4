import { PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZE, type SmsRecipient } from '@flood/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/back-office-card';
import { useConfirmDelete } from '../../../components/confirm-delete';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { actionsColumn } from '../../../components/row-actions';
import { useDeleteRow } from '../../../components/use-delete-row';
import { useRowEditor } from '../../../components/use-row-editor';
import { formatDateTime } from '../../../lib/format/date';
import { useCommunes } from '../../warnings';
import { deleteSmsRecipient, fetchSmsRecipients, smsKeys } from '../api/sms-api';
import { RecipientFormModal } from './recipient-form-modal';

/** 'Người nhận': who receives the warnings by SMS or e-mail. */
export function RecipientsCard() {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const { page, pageSize, setPage, afterDelete } = usePagedList(PAGE_SIZE);
  const editor = useRowEditor<SmsRecipient>();
  const communes = useCommunes();
  const communeName = new Map((communes.data ?? []).map((c) => [c.gsoCode, c.name]));

  const query = { page, pageSize };
  const list = useQuery({
    queryKey: smsKeys.recipientList(query),
    queryFn: () => fetchSmsRecipients(query),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;

  const remove = useDeleteRow({
    remove: (recipient: SmsRecipient) => deleteSmsRecipient(recipient.id),
    listKeys: [smsKeys.recipients],
    successText: t('sms.recipientDeleteSuccess'),
    onDeleted: () => afterDelete(total),
  });

  const columns: TableColumnsType<SmsRecipient> = [
    indexColumn<SmsRecipient>(page, pageSize),
    {
      dataIndex: 'name',
      title: t('sms.name'),
      render: (v: string, recipient) => (
        <span className="sms-recipient-name">
          {v}
          {recipient.onDuty && (
            <Tag color="blue" className="sms-on-duty" data-testid={`sms-on-duty-${recipient.id}`}>
              {t('sms.onDuty')}
            </Tag>
          )}
        </span>
      ),
    },
    { dataIndex: 'description', title: t('sms.description'), render: (v: string | null) => v ?? '' },
    {
      dataIndex: 'communes',
      title: t('sms.communes'),
      render: (codes: string[], recipient) => (
        <span data-testid={`sms-recipient-communes-${recipient.id}`}>
          {codes.length ? codes.map((c) => communeName.get(c) ?? c).join(', ') : t('sms.communesAll')}
        </span>
      ),
    },
    {
      dataIndex: 'createdAt',
      title: t('sms.createdAt'),
      className: 'nowrap',
      render: (v: string) => formatDateTime(v),
    },
    actionsColumn(
      t('common.actions'),
      (recipient) => editor.open(recipient),
      (recipient) => confirmDelete(() => remove.mutateAsync(recipient)),
    ),
  ];

  return (
    <SectionCard
      title={t('sms.recipients')}
      data-testid="sms-recipients-card"
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => editor.open(null)}
          data-testid="sms-recipient-add"
        >
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
      {editor.editing && (
        <RecipientFormModal
          key={editor.editing.seq}
          open={editor.isOpen}
          recipient={editor.editing.item}
          onClose={editor.close}
        />
      )}
    </SectionCard>
  );
}

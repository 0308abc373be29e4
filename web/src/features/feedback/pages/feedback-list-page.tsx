import '../feedback-list.css';
import { type Feedback, PAGE_SIZE } from '@flood/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackOfficeCard } from '../../../components/back-office-card';
import { useConfirmDelete } from '../../../components/confirm-delete';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { actionsColumn } from '../../../components/row-actions';
import { useDeleteRow } from '../../../components/use-delete-row';
import { useRowEditor } from '../../../components/use-row-editor';
import { formatDateTime } from '../../../lib/format/date';
import { deleteFeedback, feedbackKeys, fetchFeedbackList } from '../api/feedback-api';
import { FeedbackEditModal } from '../components/feedback-edit-modal';

/** /system/feedback (back-office §2.3): what visitors sent, newest first, with edit and delete. */
export default function FeedbackListPage() {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const { page, pageSize, setPage, afterDelete } = usePagedList(PAGE_SIZE);
  const editor = useRowEditor<Feedback>();

  const query = { page, pageSize };
  const list = useQuery({
    queryKey: feedbackKeys.list(query),
    queryFn: () => fetchFeedbackList(query),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;

  const remove = useDeleteRow({
    remove: (feedback: Feedback) => deleteFeedback(feedback.id),
    listKeys: [feedbackKeys.all],
    successText: t('feedback.deleted'),
    onDeleted: () => afterDelete(total),
    refreshOnError: true,
  });

  const wrap = (kind?: 'email' | 'content') => (v: string) => (
    <span className={kind ? `feedback-cell feedback-cell-${kind}` : 'feedback-cell'}>{v}</span>
  );
  const columns: TableColumnsType<Feedback> = [
    indexColumn<Feedback>(page, pageSize),
    { key: 'name', dataIndex: 'name', title: t('feedback.creator'), render: wrap() },
    { key: 'email', dataIndex: 'email', title: t('feedback.email'), render: wrap('email') },
    { key: 'phone', dataIndex: 'phone', title: t('feedback.phone'), className: 'nowrap' },
    { key: 'address', dataIndex: 'address', title: t('feedback.address'), render: wrap() },
    { key: 'content', dataIndex: 'content', title: t('feedback.content'), render: wrap('content') },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('feedback.createdAt'),
      render: (v: string) => <span className="cell-date-time">{formatDateTime(v)}</span>,
    },
    actionsColumn(
      t('common.actions'),
      (feedback) => editor.open(feedback),
      (feedback) => confirmDelete(() => remove.mutateAsync(feedback)),
    ),
  ];

  return (
    <BackOfficeCard title={t('page.feedbackList')}>
      <DataTable<Feedback>
        rows={list.data?.items ?? []}
        total={total}
        page={page}
        pageSize={pageSize}
        loading={list.isFetching}
        onPageChange={setPage}
        columns={columns}
        rowKey="id"
        ariaLabel={t('page.feedbackList')}
        data-testid="feedback-table"
      />
      {editor.editing?.item && (
        <FeedbackEditModal
          key={editor.editing.seq}
          open={editor.isOpen}
          feedback={editor.editing.item}
          onClose={editor.close}
        />
      )}
    </BackOfficeCard>
  );
}

import '../warnings-admin.css';
import { PlusOutlined } from '@ant-design/icons';
import {
  type Language,
  WARNING_KIND_LABELS,
  WARNING_STATUS_LABELS,
  WARNING_STATUSES,
  type Warning,
} from '@flood/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackOfficeCard } from '../../../components/back-office-card';
import { useConfirmDelete } from '../../../components/confirm-delete';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { useDeleteRow } from '../../../components/use-delete-row';
import { useRowEditor } from '../../../components/use-row-editor';
import { ApiError } from '../../../lib/api/client';
import { usePortalEvents } from '../../../lib/events/use-portal-events';
import { formatDistrictDateTime } from '../../../lib/format/date';
import { useSession } from '../../../lib/session/session-store';
import {
  approveWarning,
  deleteWarning,
  fetchWarningPage,
  type WarningStatusFilter,
  warningAdminKeys,
} from '../api/warning-admin-api';
import { warningsKeys } from '../api/warnings-api';
import { type ReasonAction, ReasonModal } from '../components/reason-modal';
import { SeverityBadge } from '../components/severity-badge';
import { type WarningActionHandlers, WarningActions } from '../components/warning-actions';
import { WarningDetailDrawer } from '../components/warning-detail-drawer';
import { WarningFormModal, type WarningFormMode } from '../components/warning-form-modal';
import { WarningStatusTag } from '../components/warning-status-tag';
import { areaNames } from '../model/warnings-in-force';

const WARNING_PAGE_SIZE = 20;

/** Approving publishes at once: asked once more, then refused with the server's words (not the composer's own). */
function useApprove() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const approve = useMutation({
    mutationFn: (w: Warning) => approveWarning(w.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: warningAdminKeys.list });
      void queryClient.invalidateQueries({ queryKey: warningAdminKeys.detail });
      void queryClient.invalidateQueries({ queryKey: warningsKeys.active });
      void message.success(t('warningAdmin.approved'));
    },
    onError: (error) => {
      const text =
        error instanceof ApiError && [403, 404, 409].includes(error.status) ? error.body.message : t('errors.generic');
      void message.error(text);
      void queryClient.invalidateQueries({ queryKey: warningAdminKeys.list });
    },
  });
  return (w: Warning) =>
    modal.confirm({
      title: t('warningAdmin.approve'),
      content: `${w.headlineVi}. ${t('warningAdmin.approveConfirm')}`,
      okText: t('warningAdmin.approve'),
      okButtonProps: { 'data-testid': 'warning-approve-confirm' },
      cancelText: t('common.cancel'),
      centered: true,
      onOk: async () => {
        try {
          await approve.mutateAsync(w);
        } catch {
          // said by onError; the dialog closes either way
        }
      },
    });
}

/**
 * /system/warnings (#23, permission `warning`): the warnings officers issue — status, kind, severity, headline,
 * area, when in force, who composed and who approved — filtered by status, newest first; 'Soạn cảnh báo', and
 * each row's actions by status (edit, approve and publish by another officer, publish urgently, delete a draft;
 * update or cancel a published one; details). Kept fresh by the `warning` events of the stream.
 */
export default function WarningsPage() {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const session = useSession();
  const [status, setStatus] = useState<WarningStatusFilter>('all');
  const { page, pageSize, setPage, afterDelete } = usePagedList(WARNING_PAGE_SIZE, status);
  const [detailId, setDetailId] = useState<number | null>(null);
  const editor = useRowEditor<WarningFormMode>();
  const reason = useRowEditor<{ action: ReasonAction; warning: Warning }>();
  const confirmDelete = useConfirmDelete();
  const confirmApprove = useApprove();

  const query = { page, pageSize, status };
  const list = useQuery({
    queryKey: warningAdminKeys.listPage(query),
    queryFn: () => fetchWarningPage(query),
    placeholderData: keepPreviousData,
  });
  usePortalEvents([warningAdminKeys.list], ['warning']);
  const total = list.data?.total ?? 0;

  const remove = useDeleteRow({
    remove: (w: Warning) => deleteWarning(w.id),
    listKeys: [warningAdminKeys.list],
    successText: t('warningAdmin.deleted'),
    onDeleted: () => afterDelete(total),
    refreshOnError: true,
  });

  const handlers: WarningActionHandlers = {
    onDetails: (w) => setDetailId(w.id),
    onEdit: (w) => editor.open({ kind: 'edit', warning: w }),
    onApprove: confirmApprove,
    onUrgent: (w) => reason.open({ action: 'urgent', warning: w }),
    onDelete: (w) => confirmDelete(() => remove.mutateAsync(w)),
    onUpdate: (w) => editor.open({ kind: 'update', warning: w }),
    onCancel: (w) => reason.open({ action: 'cancel', warning: w }),
  };

  const columns: TableColumnsType<Warning> = [
    indexColumn<Warning>(page, pageSize),
    {
      key: 'status',
      title: t('warningAdmin.status'),
      render: (_, w) => <WarningStatusTag status={w.status} lang={lang} />,
    },
    { key: 'kind', title: t('warningAdmin.kind'), render: (_, w) => WARNING_KIND_LABELS[w.kind][lang] },
    {
      key: 'severity',
      title: t('warningAdmin.severity'),
      render: (_, w) => <SeverityBadge kind={w.kind} scale={w.severityScale} severity={w.severity} lang={lang} />,
    },
    {
      key: 'headline',
      title: t('warningAdmin.headline'),
      render: (_, w) => <span className="warning-cell-headline">{w.headlineVi}</span>,
    },
    {
      key: 'area',
      title: t('warningAdmin.area'),
      render: (_, w) => areaNames(w) ?? t('warnings.drawnArea'),
    },
    {
      key: 'time',
      title: `${t('warningAdmin.effectiveAt')} – ${t('warningAdmin.expiresAt')}`,
      render: (_, w) => (
        <span className="warning-cell-time">
          <span className="cell-date-time">{formatDistrictDateTime(w.effectiveAt)}</span>
          <span className="cell-date-time">{formatDistrictDateTime(w.expiresAt)}</span>
        </span>
      ),
    },
    { key: 'composer', title: t('warningAdmin.composer'), render: (_, w) => w.createdBy ?? '—' },
    { key: 'approver', title: t('warningAdmin.approver'), render: (_, w) => w.approvedBy ?? '—' },
    {
      key: 'actions',
      title: t('warningAdmin.actions'),
      render: (_, w) => <WarningActions warning={w} userId={session?.id} handlers={handlers} />,
    },
  ];

  return (
    <BackOfficeCard
      title={t('page.warnings')}
      actions={
        <>
          <Select<WarningStatusFilter>
            aria-label={t('warningAdmin.filter')}
            value={status}
            onChange={setStatus}
            className="warning-status-filter"
            data-testid="warning-status-filter"
            options={[
              { value: 'all', label: t('warningAdmin.filterAll') },
              ...WARNING_STATUSES.map((s) => ({ value: s, label: WARNING_STATUS_LABELS[s][lang] })),
            ]}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => editor.open({ kind: 'create' })}
            data-testid="warning-compose"
          >
            {t('warningAdmin.compose')}
          </Button>
        </>
      }
    >
      <DataTable<Warning>
        rows={list.data?.items ?? []}
        total={total}
        page={page}
        pageSize={pageSize}
        loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
        onPageChange={setPage}
        columns={columns}
        rowKey="id"
        emptyText={t('warningAdmin.empty')}
        ariaLabel={t('page.warnings')}
        data-testid="warning-table"
      />
      <WarningDetailDrawer warningId={detailId} onClose={() => setDetailId(null)} />
      {editor.editing?.item && (
        <WarningFormModal
          key={editor.editing.seq}
          open={editor.isOpen}
          mode={editor.editing.item}
          onClose={editor.close}
        />
      )}
      {reason.editing?.item && (
        <ReasonModal
          key={reason.editing.seq}
          open={reason.isOpen}
          action={reason.editing.item.action}
          warningId={reason.editing.item.warning.id}
          headline={reason.editing.item.warning.headlineVi}
          onClose={reason.close}
        />
      )}
    </BackOfficeCard>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { type Group, PAGE_SIZE } from '@flood/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackOfficeCard } from '../../../components/back-office-card';
import { useConfirmDelete } from '../../../components/confirm-delete';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { actionsColumn } from '../../../components/row-actions';
import { apiErrorText } from '../../../lib/api/error-message';
import { formatDateTime } from '../../../lib/format/date';
import { deleteGroup, fetchGroups, usersKeys } from '../api/users-api';
import { GroupFormModal } from '../components/group-form-modal';

/** The dialog's subject; `seq` remounts the dialog (a fresh form) on every opening. */
type Editing = { group: Group | null; seq: number } | null;

/** /user/group: the user groups, their permissions; a group with members cannot be deleted. */
export default function GroupsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const { page, pageSize, setPage, afterDelete } = usePagedList(PAGE_SIZE);
  const [editing, setEditing] = useState<Editing>(null);
  const [modalOpen, setModalOpen] = useState(false);

  const list = useQuery({
    queryKey: usersKeys.groupList({ page, pageSize }),
    queryFn: () => fetchGroups({ page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;

  const remove = useMutation({
    mutationFn: (group: Group) => deleteGroup(group.id),
    onSuccess: () => {
      afterDelete(total);
      void queryClient.invalidateQueries({ queryKey: usersKeys.groups });
      void message.success(t('groups.deleteSuccess'));
    },
    onError: (error) => {
      const text = apiErrorText(error, t('errors.generic'), ['CONFLICT', 'NOT_FOUND']);
      if (text) void message.error(text);
      void queryClient.invalidateQueries({ queryKey: usersKeys.groups });
    },
  });

  const open = (group: Group | null) => {
    setEditing((prev) => ({ group, seq: (prev?.seq ?? 0) + 1 }));
    setModalOpen(true);
  };

  const onDelete = (group: Group) => {
    // Spec: a group that still has members is refused here, without asking the server.
    if (group.memberCount > 0) {
      void message.error(t('groups.hasMembers'));
      return;
    }
    confirmDelete(() => remove.mutateAsync(group));
  };

  const columns: TableColumnsType<Group> = [
    indexColumn<Group>(page, pageSize),
    { key: 'name', dataIndex: 'name', title: t('groups.name') },
    { key: 'desc', dataIndex: 'desc', title: t('groups.desc'), render: (v: string | null) => v ?? '' },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('groups.createdAt'),
      render: (v: string) => formatDateTime(v),
    },
    actionsColumn(
      t('common.actions'),
      (group) => open(group),
      (group) => onDelete(group),
    ),
  ];

  return (
    <BackOfficeCard
      title={t('page.groups')}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)} data-testid="group-add">
          {t('groups.add')}
        </Button>
      }
    >
      <DataTable<Group>
        rows={list.data?.items ?? []}
        total={total}
        page={page}
        pageSize={pageSize}
        loading={list.isFetching}
        onPageChange={setPage}
        columns={columns}
        rowKey="id"
        ariaLabel={t('page.groups')}
        data-testid="group-table"
      />
      {editing && (
        <GroupFormModal key={editing.seq} open={modalOpen} group={editing.group} onClose={() => setModalOpen(false)} />
      )}
    </BackOfficeCard>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { type Group, PAGE_SIZE } from '@flood/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackOfficeCard } from '../../../components/back-office-card';
import { useConfirmDelete } from '../../../components/confirm-delete';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { useDeleteRow } from '../../../components/use-delete-row';
import { useRowEditor } from '../../../components/use-row-editor';
import { formatDateTime } from '../../../lib/format/date';
import { useSession } from '../../../lib/session/session-store';
import { deleteGroup, fetchGroups, usersKeys } from '../api/users-api';
import { GroupFormModal } from '../components/group-form-modal';
import { reachActionsColumn } from '../components/reach-actions-column';

/** /user/group: the user groups, their permissions; a group with members cannot be deleted. */
export default function GroupsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const { page, pageSize, setPage, afterDelete } = usePagedList(PAGE_SIZE);
  const editor = useRowEditor<Group>();
  const held = useSession()?.userDetail.functions ?? [];

  const list = useQuery({
    queryKey: usersKeys.groupList({ page, pageSize }),
    queryFn: () => fetchGroups({ page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;

  const remove = useDeleteRow({
    remove: (group: Group) => deleteGroup(group.id),
    listKeys: [usersKeys.groups],
    successText: t('groups.deleteSuccess'),
    onDeleted: () => afterDelete(total),
    refreshOnError: true,
  });

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
    reachActionsColumn<Group>({
      title: t('common.actions'),
      held,
      lockedText: t('groups.aboveYou'),
      onEdit: (group) => editor.open(group),
      onDelete: (group) => onDelete(group),
    }),
  ];

  return (
    <BackOfficeCard
      title={t('page.groups')}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open(null)} data-testid="group-add">
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
      {editor.editing && (
        <GroupFormModal
          key={editor.editing.seq}
          open={editor.isOpen}
          group={editor.editing.item}
          onClose={editor.close}
        />
      )}
    </BackOfficeCard>
  );
}

import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { PAGE_SIZE, USER_SORT_FIELDS, type User, type UserListQuery } from '@flood/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackOfficeCard } from '../../../components/back-office-card';
import { useConfirmDelete } from '../../../components/confirm-delete';
import { DataTable, indexColumn, type TableSort, usePagedList } from '../../../components/data-table';
import { useDeleteRow } from '../../../components/use-delete-row';
import { useRowEditor } from '../../../components/use-row-editor';
import { formatDateTime } from '../../../lib/format/date';
import { useSession } from '../../../lib/session/session-store';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { deleteUser, fetchUsers, usersKeys } from '../api/users-api';
import { reachActionsColumn } from '../components/reach-actions-column';
import { UserFormModal } from '../components/user-form-modal';

type SortField = UserListQuery['sort'];
const isSortField = (field: string): field is SortField => (USER_SORT_FIELDS as readonly string[]).includes(field);

/** /user/user: accounts (never the system account), searchable by name and sortable on the server. */
export default function UsersPage() {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<TableSort | null>(null);
  // A new search or sort starts from the first page.
  const { page, pageSize, setPage, afterDelete } = usePagedList(
    PAGE_SIZE,
    JSON.stringify([keyword, sort?.field, sort?.order]),
  );
  const editor = useRowEditor<User>();
  const held = useSession()?.userDetail.functions ?? [];

  const sortField = sort && isSortField(sort.field) ? sort.field : undefined;
  const query: Partial<UserListQuery> = {
    page,
    pageSize,
    keyword: keyword || undefined,
    sort: sortField,
    order: sortField ? sort?.order : undefined,
  };
  const list = useQuery({
    queryKey: usersKeys.userList(query),
    queryFn: () => fetchUsers(query),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;

  const remove = useDeleteRow({
    remove: (user: User) => deleteUser(user.id),
    listKeys: [usersKeys.users, usersKeys.groups], // groups: their member counts
    successText: t('users.deleteSuccess'),
    onDeleted: () => afterDelete(total),
  });

  const sortOrder = (field: SortField) =>
    sortField === field ? (sort?.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
  const sortable = (field: SortField) => ({ key: field, sorter: true, sortOrder: sortOrder(field) });

  const columns: TableColumnsType<User> = [
    indexColumn<User>(page, pageSize),
    { ...sortable('name'), dataIndex: 'name', title: t('users.name') },
    { ...sortable('email'), dataIndex: 'email', title: t('users.email') },
    { ...sortable('group'), dataIndex: 'groupName', title: t('users.group'), render: (v: string | null) => v ?? '' },
    { ...sortable('phone'), dataIndex: 'phone', title: t('users.phone'), render: (v: string | null) => v ?? '' },
    {
      ...sortable('createdAt'),
      dataIndex: 'createdAt',
      title: t('users.createdAt'),
      render: (v: string) => formatDateTime(v),
    },
    reachActionsColumn<User>({
      title: t('common.actions'),
      held,
      lockedText: t('users.aboveYou'),
      onEdit: (user) => editor.open(user),
      onDelete: (user) => confirmDelete(() => remove.mutateAsync(user)),
    }),
  ];

  return (
    <BackOfficeCard
      title={t('page.users')}
      actions={
        <>
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('users.search')}
            aria-label={t('users.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="page-search"
            data-testid="user-search"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open(null)} data-testid="user-add">
            {t('users.add')}
          </Button>
        </>
      }
    >
      <DataTable<User>
        rows={list.data?.items ?? []}
        total={total}
        page={page}
        pageSize={pageSize}
        loading={list.isFetching}
        onPageChange={setPage}
        onSortChange={setSort}
        columns={columns}
        rowKey="id"
        ariaLabel={t('page.users')}
        data-testid="user-table"
      />
      {editor.editing && (
        <UserFormModal
          key={editor.editing.seq}
          open={editor.isOpen}
          user={editor.editing.item}
          onClose={editor.close}
        />
      )}
    </BackOfficeCard>
  );
}

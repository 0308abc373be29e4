import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { type Category, PAGE_SIZE } from '@flood/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackOfficeCard } from '../../../components/back-office-card';
import { useConfirmDelete } from '../../../components/confirm-delete';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { actionsColumn } from '../../../components/row-actions';
import { useDeleteRow } from '../../../components/use-delete-row';
import { useRowEditor } from '../../../components/use-row-editor';
import { formatDateTime } from '../../../lib/format/date';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { type CategoryListQuery, categoriesKeys, deleteCategory, fetchCategories } from '../api/categories-api';
import { CategoryFormModal } from '../components/category-form-modal';

/** /database/categories: the categories, searchable by name, with add, edit and delete (back-office §2.6). */
export default function CategoriesPage() {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const [search, setSearch] = useState('');
  const name = useDebouncedValue(search.trim(), 300);
  // A new search starts from the first page.
  const { page, pageSize, setPage, afterDelete } = usePagedList(PAGE_SIZE, name);
  const editor = useRowEditor<Category>();

  const query: CategoryListQuery = { page, pageSize, ...(name ? { name } : {}) };
  const list = useQuery({
    queryKey: categoriesKeys.list(query),
    queryFn: () => fetchCategories(query),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;

  const remove = useDeleteRow({
    remove: (category: Category) => deleteCategory(category.id),
    listKeys: [categoriesKeys.all],
    successText: t('categories.deleteSuccess'),
    onDeleted: () => afterDelete(total),
    refreshOnError: true,
  });

  const columns: TableColumnsType<Category> = [
    indexColumn<Category>(page, pageSize),
    { key: 'name', dataIndex: 'name', title: t('categories.name') },
    {
      key: 'data',
      title: t('categories.data'),
      render: (_, category) => category.objectValue.data ?? '',
    },
    { key: 'userName', dataIndex: 'userName', title: t('categories.creator'), render: (v: string | null) => v ?? '' },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('categories.createdAt'),
      render: (v: string) => formatDateTime(v),
    },
    actionsColumn(
      t('common.actions'),
      (category) => editor.open(category),
      (category) => confirmDelete(() => remove.mutateAsync(category)),
    ),
  ];

  return (
    <BackOfficeCard
      title={t('page.categories')}
      actions={
        <>
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('categories.search')}
            aria-label={t('categories.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="page-search"
            data-testid="category-search"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open(null)} data-testid="category-add">
            {t('categories.add')}
          </Button>
        </>
      }
    >
      <DataTable<Category>
        rows={list.data?.items ?? []}
        total={total}
        page={page}
        pageSize={pageSize}
        loading={list.isFetching}
        onPageChange={setPage}
        columns={columns}
        rowKey="id"
        ariaLabel={t('page.categories')}
        data-testid="category-table"
      />
      {editor.editing && (
        <CategoryFormModal
          key={editor.editing.seq}
          open={editor.isOpen}
          category={editor.editing.item}
          onClose={editor.close}
        />
      )}
    </BackOfficeCard>
  );
}

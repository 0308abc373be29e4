import { PlusOutlined } from '@ant-design/icons';
import { DAMAGE_FIELDS, DAMAGE_TOASTS, type Damage, type DamageType, PAGE_SIZE } from '@flood/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/back-office-card';
import { useConfirmDelete } from '../../../../components/confirm-delete';
import { DataTable, indexColumn, type SortOrder, usePagedList } from '../../../../components/data-table';
import { actionsColumn } from '../../../../components/row-actions';
import { useDeleteRow } from '../../../../components/use-delete-row';
import { useRowEditor } from '../../../../components/use-row-editor';
import { type DamageListQuery, damageKeys, deleteDamage, fetchDamage } from '../../api/damage-api';
import { floodEventsKeys } from '../../api/flood-events-api';
import { DamageFormModal, damageFieldLabel } from './damage-form-modal';

/**
 * The damage list of one type (back-office §2.9): 'Thiệt hại về tài sản' (traffic … total) or 'Thiệt hại về
 * người' (women, men), with the day, sorted on the server by the day (newest first until the header is clicked)
 * and the flood event whose period holds that day; add, edit and delete through modals.
 */
export function DamageCard({ type }: { type: DamageType }) {
  const { t, i18n } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const [order, setOrder] = useState<SortOrder>('desc');
  // A new order starts from the first page.
  const { page, pageSize, setPage, afterDelete } = usePagedList(PAGE_SIZE, order);
  const editor = useRowEditor<Damage>();
  const slug = type.toLowerCase();

  const query: DamageListQuery = { page, pageSize, type, order };
  const list = useQuery({
    queryKey: damageKeys.list(query),
    queryFn: () => fetchDamage(query),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;

  const remove = useDeleteRow({
    remove: (record: Damage) => deleteDamage(record.id),
    listKeys: [damageKeys.all, floodEventsKeys.all],
    successText: DAMAGE_TOASTS.deleted,
    onDeleted: () => afterDelete(total),
    refreshOnError: true,
  });

  const columns: TableColumnsType<Damage> = [
    indexColumn<Damage>(page, pageSize),
    {
      key: 'date',
      dataIndex: 'date',
      title: t('floodAnalysis.damageDate'),
      className: 'nowrap',
      sorter: true,
      sortOrder: order === 'asc' ? 'ascend' : 'descend',
      // Never unsorted: a third click goes back to the other direction.
      sortDirections: ['descend', 'ascend', 'descend'],
    },
    {
      key: 'floodEvent',
      dataIndex: 'floodEventName',
      title: t('floodAnalysis.damageEvent'),
      render: (v: string | null) => (v ? <span className="cell-wrap">{v}</span> : '–'),
    },
    ...DAMAGE_FIELDS[type].map((f) => ({
      key: f.key,
      title: damageFieldLabel(f, i18n.language),
      // Plain text, wrapping at the column's share of the card, so every field shows at 1366 px (#18 item 13).
      render: (_: unknown, record: Damage) => record.data[f.key] ?? '',
    })),
    actionsColumn(
      t('common.actions'),
      (record) => editor.open(record),
      (record) => confirmDelete(() => remove.mutateAsync(record)),
    ),
  ];

  const title = t(type === 'ASSET' ? 'floodAnalysis.damageAssetTitle' : 'floodAnalysis.damagePersonTitle');
  return (
    <SectionCard
      title={title}
      data-testid={`damage-${slug}-card`}
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => editor.open(null)}
          data-testid={`damage-${slug}-add`}
        >
          {t('floodAnalysis.damageAdd')}
        </Button>
      }
    >
      <DataTable<Damage>
        rows={list.data?.items ?? []}
        total={total}
        page={page}
        pageSize={pageSize}
        loading={list.isFetching}
        onPageChange={setPage}
        onSortChange={(sort) => setOrder(sort?.order ?? 'desc')}
        columns={columns}
        rowKey="id"
        ariaLabel={title}
        data-testid={`damage-${slug}-table`}
      />
      {editor.editing && (
        <DamageFormModal
          key={editor.editing.seq}
          open={editor.isOpen}
          type={type}
          record={editor.editing.item}
          onClose={editor.close}
        />
      )}
    </SectionCard>
  );
}

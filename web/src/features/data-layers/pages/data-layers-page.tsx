import { PlusOutlined } from '@ant-design/icons';
import { type DataLayer, PAGE_SIZE } from '@flood/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackOfficeCard } from '../../../components/back-office-card';
import { useConfirmDelete } from '../../../components/confirm-delete';
import { DataTable, usePagedList } from '../../../components/data-table';
import { actionsColumn } from '../../../components/row-actions';
import { useDeleteRow } from '../../../components/use-delete-row';
import { useRowEditor } from '../../../components/use-row-editor';
import { formatDateTime } from '../../../lib/format/date';
import { dataLayersKeys, deleteDataLayer, fetchDataLayers } from '../api/data-layers-api';
import { DataLayerFormModal } from '../components/data-layer-form-modal';
import { LayerSymbol } from '../components/layer-symbol';

/** /database/layers: the map's data layers with their status and symbol; on/off through the edit form (§2.7). */
export default function DataLayersPage() {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const { page, pageSize, setPage, afterDelete } = usePagedList(PAGE_SIZE);
  const editor = useRowEditor<DataLayer>();

  const list = useQuery({
    queryKey: dataLayersKeys.list({ page, pageSize }),
    queryFn: () => fetchDataLayers({ page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;

  const remove = useDeleteRow({
    remove: (layer: DataLayer) => deleteDataLayer(layer.id),
    listKeys: [dataLayersKeys.all],
    successText: t('dataLayers.deleteSuccess'),
    onDeleted: () => afterDelete(total),
    refreshOnError: true,
  });

  const columns: TableColumnsType<DataLayer> = [
    { key: 'name', dataIndex: 'name', title: t('dataLayers.name') },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: t('dataLayers.status'),
      render: (enabled: boolean) => (
        <Tag color={enabled ? 'green' : 'default'} data-testid="layer-status">
          {t(enabled ? 'dataLayers.on' : 'dataLayers.off')}
        </Tag>
      ),
    },
    {
      key: 'symbol',
      dataIndex: 'symbol',
      title: t('dataLayers.symbol'),
      align: 'center',
      render: (symbol: DataLayer['symbol']) => <LayerSymbol symbol={symbol} />,
    },
    { key: 'userName', dataIndex: 'userName', title: t('dataLayers.creator'), render: (v: string | null) => v ?? '' },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('dataLayers.createdAt'),
      render: (v: string) => formatDateTime(v),
    },
    actionsColumn(
      t('common.actions'),
      (layer) => editor.open(layer),
      (layer) => confirmDelete(() => remove.mutateAsync(layer)),
    ),
  ];

  return (
    <BackOfficeCard
      title={t('page.layers')}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open(null)} data-testid="layer-add">
          {t('dataLayers.add')}
        </Button>
      }
    >
      <DataTable<DataLayer>
        rows={list.data?.items ?? []}
        total={total}
        page={page}
        pageSize={pageSize}
        loading={list.isFetching}
        onPageChange={setPage}
        columns={columns}
        rowKey="id"
        ariaLabel={t('page.layers')}
        data-testid="layer-table"
      />
      {editor.editing && (
        <DataLayerFormModal
          key={editor.editing.seq}
          open={editor.isOpen}
          layer={editor.editing.item}
          onClose={editor.close}
        />
      )}
    </BackOfficeCard>
  );
}

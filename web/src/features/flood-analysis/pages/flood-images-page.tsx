import { type FloodPhoto, PAGE_SIZE } from '@flood/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackOfficeCard } from '../../../components/back-office-card';
import { useConfirmDelete } from '../../../components/confirm-delete';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { useDeleteRow } from '../../../components/use-delete-row';
import { formatDateTime } from '../../../lib/format/date';
import { deleteFloodPhoto, type FloodPhotoPageQuery, fetchFloodPhotoPage, floodPhotosKeys } from '../../flood-photos';
import {
  FloodPhotoDeleteButton,
  FloodPhotoDescription,
  FloodPhotoLocation,
  FloodPhotoThumbnail,
} from '../components/images/flood-photo-cells';

/**
 * /analyze/flood-image (back-office §2.11): the flood photos posted from the map, newest first, 10 a page —
 * image (a click opens the full photo), description, location with its coordinates, time; delete only.
 */
export default function FloodImagesPage() {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const { page, pageSize, setPage, afterDelete } = usePagedList(PAGE_SIZE);
  const query: FloodPhotoPageQuery = { page, pageSize };
  const list = useQuery({
    queryKey: floodPhotosKeys.list(query),
    queryFn: () => fetchFloodPhotoPage(query),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;

  const remove = useDeleteRow({
    remove: (photo: FloodPhoto) => deleteFloodPhoto(photo.id),
    // The map's photo markers sit under the same key: a deleted photo leaves the map too.
    listKeys: [floodPhotosKeys.all],
    successText: t('floodImages.deleteSuccess'),
    onDeleted: () => afterDelete(total),
    refreshOnError: true,
  });

  const columns: TableColumnsType<FloodPhoto> = [
    indexColumn<FloodPhoto>(page, pageSize),
    {
      key: 'image',
      title: t('floodImages.image'),
      width: 72,
      align: 'center',
      render: (_, photo) => <FloodPhotoThumbnail photo={photo} />,
    },
    {
      key: 'desc',
      title: t('floodImages.desc'),
      render: (_, photo) => <FloodPhotoDescription photo={photo} />,
    },
    {
      key: 'location',
      title: t('floodImages.location'),
      render: (_, photo) => <FloodPhotoLocation photo={photo} />,
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('floodImages.createdAt'),
      className: 'nowrap',
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 80,
      fixed: 'right',
      render: (_, photo) => <FloodPhotoDeleteButton onDelete={() => confirmDelete(() => remove.mutateAsync(photo))} />,
    },
  ];

  return (
    <BackOfficeCard title={t('page.floodImage')}>
      <DataTable<FloodPhoto>
        rows={list.data?.items ?? []}
        total={total}
        page={page}
        pageSize={pageSize}
        loading={list.isFetching}
        onPageChange={setPage}
        columns={columns}
        rowKey="id"
        ariaLabel={t('page.floodImage')}
        data-testid="flood-image-table"
      />
    </BackOfficeCard>
  );
}

import {
  ArrowLeftOutlined,
  DeleteOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FolderAddOutlined,
  FolderOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { GEODATA_TYPE_INFO, type GeodataItem, PAGE_SIZE } from '@flood/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BackOfficeCard } from '../../../components/back-office-card';
import { useConfirmDelete } from '../../../components/confirm-delete';
import { DataTable, usePagedList } from '../../../components/data-table';
import { useDeleteRow } from '../../../components/use-delete-row';
import { formatDateTime, formatDistrictDateTime } from '../../../lib/format/date';
import { deleteGeodata, downloadGeodata, fetchFolder, geodataKeys } from '../api/geodata-api';
import { FolderFormModal } from '../components/folder-form-modal';
import { GeodataTypeTags } from '../components/geodata-labels';
import { UploadModal } from '../components/upload-modal';

/** The list reloads this long after an upload (spec §9). */
export const RELOAD_AFTER_UPLOAD_MS = 200;
/** Geodata lists are polled every 60 s (spec §7). */
const POLL_MS = 60_000;

/** The folder in `?parentId=` (a positive integer), or null for the root. */
export function parentIdOf(search: URLSearchParams): number | null {
  const raw = search.get('parentId');
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

const FOLDER_ICON_STYLE = { color: '#d48806' } as const;
const FOLDER_BAR_STYLE = {
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  flexWrap: 'wrap',
  marginBottom: 16,
} as const;

function folderSearch(id: number | null): string {
  return id ? `?parentId=${id}` : '';
}

function FileIcon({ item }: { item: GeodataItem }) {
  const content = GEODATA_TYPE_INFO[item.type].content;
  if (content === 'folder') return <FolderOutlined style={FOLDER_ICON_STYLE} aria-hidden />;
  if (content === 'image') return <FileImageOutlined aria-hidden />;
  if (content === 'workbook') return <FileExcelOutlined aria-hidden />;
  return <FileOutlined aria-hidden />;
}

/** /database/files: the geodata file manager, a folder at a time (`?parentId=`). */
export default function FilesPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const parentId = parentIdOf(searchParams);
  const { page, pageSize, setPage, afterDelete } = usePagedList(PAGE_SIZE, String(parentId ?? ''));
  const [folderOpen, setFolderOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [downloading, setDownloading] = useState<number | null>(null);

  const query = { parentId, page, pageSize };
  const list = useQuery({
    queryKey: geodataKeys.folder(query),
    queryFn: () => fetchFolder(query),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
  });
  const total = list.data?.total ?? 0;
  const folder = list.data?.folder?.id === parentId ? list.data?.folder : null;

  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
    },
    [],
  );
  const reloadSoon = () => {
    if (reloadTimer.current) clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: geodataKeys.all }),
      RELOAD_AFTER_UPLOAD_MS,
    );
  };

  const remove = useDeleteRow({
    remove: (item: GeodataItem) => deleteGeodata(item.id),
    listKeys: [geodataKeys.all],
    successText: t('geodata.deleted'),
    onDeleted: () => afterDelete(total),
    refreshOnError: true,
  });

  const askDelete = (item: GeodataItem) => {
    if (item.type !== 'FOLDER' || item.childCount === 0) {
      confirmDelete(() => remove.mutateAsync(item));
      return;
    }
    modal.confirm({
      title: t('confirmDelete.title'),
      content: t('geodata.deleteFolderContent', { count: item.childCount }),
      okText: t('confirmDelete.ok'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete-ok' },
      cancelText: t('common.cancel'),
      cancelButtonProps: { 'data-testid': 'confirm-delete-cancel' },
      centered: true,
      onOk: async () => {
        try {
          await remove.mutateAsync(item);
        } catch {
          // useDeleteRow toasted it
        }
      },
    });
  };

  const download = async (item: GeodataItem) => {
    setDownloading(item.id);
    try {
      await downloadGeodata(item);
    } catch {
      // the API client toasted it
    } finally {
      setDownloading(null);
    }
  };

  const goTo = (id: number | null) => setSearchParams(id ? { parentId: String(id) } : {});

  const columns: TableColumnsType<GeodataItem> = [
    {
      key: 'name',
      title: t('geodata.name'),
      render: (_, item) =>
        item.type === 'FOLDER' ? (
          <Link to={{ search: folderSearch(item.id) }} data-testid="geodata-folder-link">
            <FileIcon item={item} /> {item.name}
          </Link>
        ) : (
          <span>
            <FileIcon item={item} /> {item.name}
          </span>
        ),
    },
    { key: 'type', title: t('geodata.storageType'), render: (_, item) => <GeodataTypeTags item={item} /> },
    {
      dataIndex: 'time',
      title: t('geodata.time'),
      className: 'nowrap',
      render: (v: string | null) => formatDistrictDateTime(v),
    },
    {
      dataIndex: 'createdAt',
      title: t('geodata.createdAt'),
      className: 'nowrap',
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 104,
      fixed: 'right',
      render: (_, item) => (
        <Space size={4}>
          {item.type !== 'FOLDER' && item.url && (
            <Tooltip title={t('geodata.download')}>
              <Button
                type="text"
                icon={<DownloadOutlined />}
                aria-label={t('geodata.download')}
                loading={downloading === item.id}
                onClick={() => void download(item)}
              />
            </Tooltip>
          )}
          <Tooltip title={t('common.delete')}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('common.delete')}
              onClick={() => askDelete(item)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <BackOfficeCard
      title={t('page.files')}
      actions={
        <>
          <Button icon={<FolderAddOutlined />} onClick={() => setFolderOpen(true)} data-testid="folder-add">
            {t('geodata.addFolder')}
          </Button>
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploadOpen(true)} data-testid="file-add">
            {t('geodata.addFile')}
          </Button>
        </>
      }
    >
      {parentId !== null && (
        <div style={FOLDER_BAR_STYLE} data-testid="geodata-folder-bar">
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => goTo(folder?.parentId ?? null)}
            disabled={!folder && list.isFetching}
            data-testid="geodata-back"
          >
            {t('geodata.back')}
          </Button>
          {folder && (
            <Typography.Text strong data-testid="geodata-folder-name">
              <FolderOutlined style={FOLDER_ICON_STYLE} aria-hidden /> {folder.name}
            </Typography.Text>
          )}
        </div>
      )}
      <DataTable<GeodataItem>
        rows={list.data?.items ?? []}
        total={total}
        page={page}
        pageSize={pageSize}
        loading={list.isFetching}
        onPageChange={setPage}
        columns={columns}
        rowKey="id"
        ariaLabel={folder ? `${t('page.files')}: ${folder.name}` : t('page.files')}
        data-testid="geodata-table"
      />
      <FolderFormModal open={folderOpen} parentId={parentId} onClose={() => setFolderOpen(false)} />
      <UploadModal open={uploadOpen} parentId={parentId} onClose={() => setUploadOpen(false)} onUploaded={reloadSoon} />
    </BackOfficeCard>
  );
}

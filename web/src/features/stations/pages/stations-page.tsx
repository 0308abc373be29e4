import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  LineChartOutlined,
  MoreOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  SearchOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { PAGE_SIZE, type Station, type StationReading, type StationStatus, unitFullName } from '@flood/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Grid, Input, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackOfficeCard } from '../../../components/back-office-card';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { LatestReading, ReadingStatusTag } from '../../../components/reading-status';
import { useRowEditor } from '../../../components/use-row-editor';
import { downloadFile } from '../../../lib/api/download';
import { apiErrorText } from '../../../lib/api/error-message';
import { useArea } from '../../../lib/area/use-area';
import { usePortalEvents } from '../../../lib/events/use-portal-events';
import { formatDateTime } from '../../../lib/format/date';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { fetchReadings, waterKeys } from '../api/readings-api';
import { fetchStations, setStationStatus, stationsKeys } from '../api/stations-api';
import { ImportModal } from '../components/import-modal';
import { StationDeleteModal } from '../components/station-delete-modal';
import { StationFormModal } from '../components/station-form-modal';
import { stationReadingsPath } from './station-readings-path';

/** The latest reading of every station (rain and water), by station code. */
export function useLatestReadings(): { byCode: Map<string, StationReading>; loading: boolean } {
  const rain = useQuery({ queryKey: waterKeys.current('CURRENT_RAIN'), queryFn: () => fetchReadings('CURRENT_RAIN') });
  const water = useQuery({ queryKey: waterKeys.current('CURRENT_HIGH'), queryFn: () => fetchReadings('CURRENT_HIGH') });
  usePortalEvents([waterKeys.all]);
  const byCode = useMemo(
    () => new Map([...(rain.data ?? []), ...(water.data ?? [])].map((r) => [r.stationCode, r])),
    [rain.data, water.data],
  );
  return { byCode, loading: rain.isFetching || water.isFetching };
}

/** /database/stations: the measuring stations with their latest value and status, live. */
export default function StationsPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Station | null>(null);
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  const { page, pageSize, setPage, afterDelete } = usePagedList(PAGE_SIZE, keyword);
  const editor = useRowEditor<Station>();
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const navigate = useNavigate();

  const query = { page, pageSize, keyword: keyword || undefined };
  const list = useQuery({
    queryKey: stationsKeys.list(query),
    queryFn: () => fetchStations(query),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;
  const latest = useLatestReadings();

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: stationsKeys.all });
    void queryClient.invalidateQueries({ queryKey: waterKeys.all });
  };
  const status = useMutation({
    mutationFn: ({ station, to }: { station: Station; to: StationStatus }) => setStationStatus(station.id, to),
    onSuccess: (saved) => {
      refresh();
      void message.success(
        t(saved.status === 'inactive' ? 'stations.deactivated' : 'stations.activated', { code: saved.code }),
      );
    },
    onError: (error) => {
      const text = apiErrorText(error, t('errors.generic'), ['CONFLICT', 'NOT_FOUND']);
      if (text) void message.error(text);
    },
  });
  /** 'Ngừng hoạt động' asks first (it cancels the open warnings); 'Hoạt động lại' is done at once. */
  const toggleStatus = (station: Station) => {
    if (station.status === 'inactive') {
      status.mutate({ station, to: 'active' });
      return;
    }
    modal.confirm({
      title: t('stations.deactivateTitle', { code: station.code }),
      content: t('stations.deactivateContent'),
      okText: t('stations.deactivate'),
      okButtonProps: { 'data-testid': 'station-deactivate-ok' },
      cancelText: t('common.cancel'),
      centered: true,
      onOk: async () => {
        try {
          await status.mutateAsync({ station, to: 'inactive' });
          setDeleting(null);
        } catch {
          // toasted by onError
        }
      },
    });
  };

  const exportExcel = async () => {
    setExporting(true);
    try {
      await downloadFile('/station/export', 'danh-sach-tram.xlsx');
    } catch {
      // the API client toasted it
    } finally {
      setExporting(false);
    }
  };

  // A phone keeps code, name, status and the actions in view: stop and delete fold under one '⋯' button there.
  const wide = Grid.useBreakpoint().md !== false;

  const { units } = useArea().settings;
  const columns: TableColumnsType<Station> = [
    // On a phone the code, name and status show with the actions; the rest from a tablet's width (#18 item 13).
    { ...indexColumn<Station>(page, pageSize), responsive: ['sm'] },
    { dataIndex: 'code', title: t('stations.code'), className: 'nowrap' },
    {
      dataIndex: 'name',
      title: t('stations.name'),
      // Under the name, the unit it belongs to (#26): by position, or staff's choice; no column of its own, so the
      // key columns still show at 1366 px.
      render: (v: string, s) => {
        const unit = units.find((u) => u.code === s.unitCode);
        return (
          <>
            <span className="cell-name">{v}</span>
            {s.unitCode && (
              <span className="cell-unit" data-testid={`station-unit-${s.code}`}>
                {unit ? unitFullName(unit) : s.unitCode}
              </span>
            )}
          </>
        );
      },
    },
    {
      key: 'latest',
      title: t('stations.latest'),
      responsive: ['sm'],
      render: (_, s) => <LatestReading reading={latest.byCode.get(s.code)} />,
    },
    {
      key: 'status',
      title: t('stations.status'),
      render: (_, s) =>
        s.status === 'inactive' ? (
          <Tag data-testid="station-inactive">{t('stations.statusInactive')}</Tag>
        ) : (
          <ReadingStatusTag reading={latest.byCode.get(s.code)} markWord={false} />
        ),
    },
    // Narrow, cut with an ellipsis (the whole text in its title): the row's actions and dates keep their room.
    { dataIndex: 'description', title: t('stations.description'), width: 100, ellipsis: true, responsive: ['md'] },
    {
      dataIndex: 'creatorName',
      title: t('stations.creator'),
      responsive: ['md'],
      render: (v: string | null) => v ?? '',
    },
    {
      dataIndex: 'createdAt',
      title: t('stations.createdAt'),
      className: 'nowrap',
      responsive: ['md'],
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: wide ? 140 : 76,
      fixed: 'right',
      render: (_, station) => {
        const toggle = t(station.status === 'inactive' ? 'stations.activate' : 'stations.deactivate');
        const edit = (
          <Tooltip title={t('common.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={t('common.edit')}
              onClick={() => editor.open(station)}
            />
          </Tooltip>
        );
        if (!wide) {
          return (
            <Space size={0}>
              {edit}
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    {
                      key: 'readings',
                      label: t('stations.readingsAction'),
                      onClick: () => navigate(stationReadingsPath(station.code)),
                    },
                    { key: 'status', label: toggle, onClick: () => toggleStatus(station) },
                    { key: 'delete', label: t('common.delete'), danger: true, onClick: () => setDeleting(station) },
                  ],
                }}
              >
                <Button
                  type="text"
                  icon={<MoreOutlined />}
                  aria-label={t('common.moreActions')}
                  data-testid={`station-more-${station.code}`}
                />
              </Dropdown>
            </Space>
          );
        }
        // 'Số liệu': the station's readings, to review and correct them (#22); under '⋯' on a phone.
        const readings = (
          <Tooltip title={t('stations.readingsAction')}>
            <Button
              type="text"
              icon={<LineChartOutlined />}
              aria-label={t('stations.readingsAction')}
              onClick={() => navigate(stationReadingsPath(station.code))}
              data-testid={`station-readings-${station.code}`}
            />
          </Tooltip>
        );
        return (
          // Four buttons side by side, no gap: the column keeps its width and the table fits at 1366 px.
          <Space size={0}>
            {readings}
            {edit}
            <Tooltip title={toggle}>
              <Button
                type="text"
                icon={station.status === 'inactive' ? <PlayCircleOutlined /> : <PauseCircleOutlined />}
                aria-label={toggle}
                onClick={() => toggleStatus(station)}
                data-testid={`station-status-${station.code}`}
              />
            </Tooltip>
            <Tooltip title={t('common.delete')}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                onClick={() => setDeleting(station)}
                data-testid={`station-delete-${station.code}`}
              />
            </Tooltip>
          </Space>
        );
      },
    },
  ];

  return (
    <BackOfficeCard
      title={t('page.stations')}
      actions={
        <>
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('stations.search')}
            aria-label={t('stations.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="page-search"
            data-testid="station-search"
          />
          <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid="station-import">
            {t('stations.import')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void exportExcel()}
            loading={exporting}
            data-testid="station-export"
          >
            {t('stations.export')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open(null)} data-testid="station-add">
            {t('stations.add')}
          </Button>
        </>
      }
    >
      <DataTable<Station>
        rows={list.data?.items ?? []}
        total={total}
        page={page}
        pageSize={pageSize}
        loading={list.isFetching}
        onPageChange={setPage}
        columns={columns}
        rowKey="id"
        ariaLabel={t('page.stations')}
        data-testid="station-table"
      />
      {editor.editing && (
        <StationFormModal
          key={editor.editing.seq}
          open={editor.isOpen}
          station={editor.editing.item}
          onClose={editor.close}
        />
      )}
      <ImportModal open={importOpen} onClose={() => setImportOpen(false)} />
      {deleting && (
        <StationDeleteModal
          key={deleting.id}
          station={deleting}
          onClose={() => setDeleting(null)}
          onDeactivate={() => toggleStatus(deleting)}
          onDeleted={() => {
            setDeleting(null);
            afterDelete(total);
            refresh();
            void message.success(t('stations.deleteSuccess'));
          }}
        />
      )}
    </BackOfficeCard>
  );
}

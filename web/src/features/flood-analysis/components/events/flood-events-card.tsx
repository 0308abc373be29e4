import { LineChartOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { FLOOD_EVENT_TOASTS, FLOOD_HISTORY_PAGE_SIZE, type FloodEvent, formatWaterLevel } from '@flood/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/back-office-card';
import { useConfirmDelete } from '../../../../components/confirm-delete';
import { DataTable, indexColumn, usePagedList } from '../../../../components/data-table';
import { RowActions } from '../../../../components/row-actions';
import { useDeleteRow } from '../../../../components/use-delete-row';
import { useRowEditor } from '../../../../components/use-row-editor';
import { usePortalEvents } from '../../../../lib/events/use-portal-events';
import { formatDistrictDateTime } from '../../../../lib/format/date';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { damageKeys } from '../../api/damage-api';
import {
  deleteFloodEvent,
  type FloodEventListQuery,
  fetchFloodEvents,
  floodEventsKeys,
} from '../../api/flood-events-api';
import { FloodEventFormModal } from './flood-event-form-modal';
import { RecomputeEventsModal } from './recompute-events-modal';

export interface FloodEventsCardProps {
  /** Shows the water levels of the event's period in the water chart. */
  onShowChart?: (event: FloodEvent) => void;
}

/**
 * 'Lịch sử các trận lũ' (back-office §2.9): the flood events detected from the water readings or added by staff,
 * newest first, 5 a page, searchable by name or time ('03/11/2026', '11/2026'); add, edit, delete, recompute.
 */
export function FloodEventsCard({ onShowChart }: FloodEventsCardProps) {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const { page, pageSize, setPage, afterDelete } = usePagedList(FLOOD_HISTORY_PAGE_SIZE, q);
  const editor = useRowEditor<FloodEvent>();
  const [recomputing, setRecomputing] = useState(false);

  const query: FloodEventListQuery = { page, pageSize, ...(q ? { q } : {}) };
  const list = useQuery({
    queryKey: floodEventsKeys.list(query),
    queryFn: () => fetchFloodEvents(query),
    placeholderData: keepPreviousData,
  });
  // A reading may open, raise or close an event (the detector runs right after it is stored).
  usePortalEvents([floodEventsKeys.all], ['reading']);
  const total = list.data?.total ?? 0;

  const remove = useDeleteRow({
    remove: (event: FloodEvent) => deleteFloodEvent(event.id),
    listKeys: [floodEventsKeys.all, damageKeys.all],
    successText: FLOOD_EVENT_TOASTS.deleted,
    onDeleted: () => afterDelete(total),
    refreshOnError: true,
  });

  const columns: TableColumnsType<FloodEvent> = [
    indexColumn<FloodEvent>(page, pageSize),
    {
      key: 'name',
      dataIndex: 'name',
      title: t('floodAnalysis.eventName'),
      render: (name: string, event) => (
        <span className="flood-event-name">
          {name}
          {event.note && <span className="flood-event-note">{event.note}</span>}
        </span>
      ),
    },
    {
      key: 'start',
      dataIndex: 'start',
      title: t('floodAnalysis.start'),
      className: 'nowrap',
      render: (v: string) => formatDistrictDateTime(v),
    },
    {
      key: 'end',
      dataIndex: 'end',
      title: t('floodAnalysis.end'),
      className: 'nowrap',
      render: (v: string | null) =>
        v ? (
          formatDistrictDateTime(v)
        ) : (
          <Tag color="volcano" className="flood-event-ongoing">
            {t('floodAnalysis.ongoing')}
          </Tag>
        ),
    },
    {
      key: 'peakStation',
      title: t('floodAnalysis.peakStation'),
      render: (_, event) => event.peak?.stationName ?? '–',
    },
    {
      key: 'peakLevel',
      title: t('floodAnalysis.peakLevel'),
      align: 'right',
      className: 'nowrap',
      render: (_, event) => (event.peak ? formatWaterLevel(event.peak.value) : '–'),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: onShowChart ? 144 : 104,
      fixed: 'right',
      render: (_, event) => (
        <Space size={4}>
          {onShowChart && (
            <Tooltip title={t('floodAnalysis.showChart')}>
              <Button
                type="text"
                icon={<LineChartOutlined />}
                aria-label={t('floodAnalysis.showChart')}
                onClick={() => onShowChart(event)}
              />
            </Tooltip>
          )}
          <RowActions
            onEdit={() => editor.open(event)}
            onDelete={() => confirmDelete(() => remove.mutateAsync(event))}
          />
        </Space>
      ),
    },
  ];

  return (
    <SectionCard
      title={t('floodAnalysis.eventsTitle')}
      data-testid="flood-events-card"
      actions={
        <>
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('floodAnalysis.eventSearch')}
            aria-label={t('floodAnalysis.eventSearch')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="page-search"
            data-testid="flood-event-search"
          />
          <Button icon={<ReloadOutlined />} onClick={() => setRecomputing(true)} data-testid="flood-event-recompute">
            {t('floodAnalysis.recompute')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => editor.open(null)}
            data-testid="flood-event-add"
          >
            {t('floodAnalysis.eventAdd')}
          </Button>
        </>
      }
    >
      <DataTable<FloodEvent>
        rows={list.data?.items ?? []}
        total={total}
        page={page}
        pageSize={pageSize}
        loading={list.isFetching}
        onPageChange={setPage}
        columns={columns}
        rowKey="id"
        ariaLabel={t('floodAnalysis.eventsTitle')}
        data-testid="flood-event-table"
      />
      {editor.editing && (
        <FloodEventFormModal
          key={editor.editing.seq}
          open={editor.isOpen}
          event={editor.editing.item}
          onClose={editor.close}
        />
      )}
      {recomputing && <RecomputeEventsModal open={recomputing} onClose={() => setRecomputing(false)} />}
    </SectionCard>
  );
}

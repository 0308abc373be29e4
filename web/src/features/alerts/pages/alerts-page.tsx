import '../../../components/detail-timeline.css';
import '../alerts-page.css';
import { type Alert, alertDetails, alertHeadline, type Language } from '@flood/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Grid, Segmented, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackOfficeCard } from '../../../components/back-office-card';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { useRowEditor } from '../../../components/use-row-editor';
import { usePortalEvents } from '../../../lib/events/use-portal-events';
import { DISTRICT_TIME_ZONE, formatDistrictDateTime } from '../../../lib/format/date';
import { type AlertStatusFilter, alertListKeys, fetchAlertPage } from '../api/alert-list-api';
import { AcknowledgeModal } from '../components/acknowledge-modal';
import { AlertDetailDrawer } from '../components/alert-detail-drawer';
import { LevelBadge } from '../components/alert-level';
import { AcknowledgementSummary, AlertStateTags, alertState, canAcknowledge } from '../components/alert-state';

/** The server's page size of the alerts list. */
const ALERT_PAGE_SIZE = 20;

/** The headline without the station's name in front (the station has its own column): 'mực nước đạt báo động cấp III'. */
function headlineOf(alert: Alert, lang: Language): string {
  const headline = alertHeadline(alert.kind, alert.stationName, alert.level, lang, alert.threshold);
  const prefix = `${alert.stationName}: `;
  return headline.startsWith(prefix) ? headline.slice(prefix.length) : headline;
}

/** The labelled values without 'since' (a column of its own): 'đỉnh 3,32 m · hiện 1,18 m · đang xuống'. */
function valuesOf(alert: Alert, lang: Language): string {
  return alertDetails(alert, lang, DISTRICT_TIME_ZONE).slice(0, -1).join(' · ');
}

/** The station's name over its code. */
function StationCell({ alert }: { alert: Alert }) {
  return (
    <span className="alert-cell-station">
      <span className="alert-station-name">{alert.stationName}</span>
      <span className="alert-station-code">{alert.stationCode}</span>
    </span>
  );
}

/** What the alert is, in the bulletins' words, over its values. */
function WhatCell({ alert, lang }: { alert: Alert; lang: Language }) {
  const values = valuesOf(alert, lang);
  return (
    <span className="alert-cell-what">
      <span className="alert-what-headline">{headlineOf(alert, lang)}</span>
      {values && <span className="alert-what-values">{values}</span>}
    </span>
  );
}

/** The state tags, and when an alert that is over ended. */
function StateCell({ alert }: { alert: Alert }) {
  const state = alertState(alert);
  const ended = state === 'cancelled' ? alert.cancelledAt : state === 'cleared' ? alert.clearedAt : null;
  return (
    <span className="alert-cell-state">
      <AlertStateTags alert={alert} />
      {ended && <span className="cell-date-time alert-ended-at">{formatDistrictDateTime(ended)}</span>}
    </span>
  );
}

/**
 * /system/alerts (#22): every alert, open ones or all, newest first — what it is in the bulletins' words, its
 * level, since when, its state ('Chưa xác nhận', 'Đang hiệu lực', 'Đã kết thúc', 'Đã huỷ') and who took it
 * ('Đã nhận: … lúc …', or 'Chưa ai nhận' while a level II/III alert waits for someone); a detail with the
 * timeline, and 'Nhận xử lý'. Kept fresh by the alert events of the stream.
 */
export default function AlertsPage() {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const [status, setStatus] = useState<AlertStatusFilter>('open');
  const { page, pageSize, setPage } = usePagedList(ALERT_PAGE_SIZE, status);
  const [detailId, setDetailId] = useState<number | null>(null);
  const ack = useRowEditor<Alert>();
  const wide = Grid.useBreakpoint().md !== false;

  const query = { page, pageSize, status };
  const list = useQuery({
    queryKey: alertListKeys.listPage(query),
    queryFn: () => fetchAlertPage(query),
    placeholderData: keepPreviousData,
  });
  usePortalEvents([alertListKeys.list], ['alert']);

  const actions = (alert: Alert) => (
    <span className="alert-row-actions">
      <Button size="small" onClick={() => setDetailId(alert.id)} data-testid={`alert-details-${alert.id}`}>
        {t('alertList.details')}
      </Button>
      {canAcknowledge(alert) && (
        <Button
          size="small"
          type="primary"
          onClick={() => ack.open(alert)}
          data-testid={`alert-acknowledge-${alert.id}`}
        >
          {t('alertList.acknowledge')}
        </Button>
      )}
    </span>
  );

  // A phone reads each alert as one block (what, state, who took it, the buttons) instead of scrolling a wide
  // table sideways past what matters most: 'Chưa ai nhận' and 'Nhận xử lý'.
  const columns: TableColumnsType<Alert> = wide
    ? [
        indexColumn<Alert>(page, pageSize),
        { key: 'station', title: t('alertList.station'), render: (_, alert) => <StationCell alert={alert} /> },
        { key: 'alert', title: t('alertList.alert'), render: (_, alert) => <WhatCell alert={alert} lang={lang} /> },
        {
          key: 'level',
          title: t('alertList.level'),
          className: 'nowrap',
          render: (_, alert) => (alert.kind === 'STATION_SILENT' ? '—' : <LevelBadge level={alert.level} />),
        },
        {
          key: 'since',
          title: t('alertList.since'),
          render: (_, alert) => <span className="cell-date-time">{formatDistrictDateTime(alert.since)}</span>,
        },
        { key: 'state', title: t('alertList.state'), render: (_, alert) => <StateCell alert={alert} /> },
        {
          key: 'acknowledgement',
          title: t('alertList.acknowledgement'),
          render: (_, alert) => <AcknowledgementSummary alert={alert} />,
        },
        { key: 'actions', title: t('alertList.actions'), render: (_, alert) => actions(alert) },
      ]
    : [
        {
          key: 'alert',
          title: t('alertList.alert'),
          render: (_, alert) => (
            <div className="alert-block">
              <div className="alert-block-head">
                {alert.kind !== 'STATION_SILENT' && <LevelBadge level={alert.level} />}
                <StationCell alert={alert} />
              </div>
              <WhatCell alert={alert} lang={lang} />
              <div className="alert-block-since">
                {t('alertList.since')}: {formatDistrictDateTime(alert.since)}
              </div>
              <StateCell alert={alert} />
              {/* An alert that is over and nobody took has nothing to say here ('—' in the table). */}
              {(alertState(alert) === 'open' || alert.acknowledgedAt || alert.escalations > 0) && (
                <AcknowledgementSummary alert={alert} />
              )}
              {actions(alert)}
            </div>
          ),
        },
      ];

  return (
    <BackOfficeCard
      title={t('page.alerts')}
      actions={
        <Segmented<AlertStatusFilter>
          aria-label={t('alertList.filter')}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'open', label: t('alertList.filterOpen') },
            { value: 'all', label: t('alertList.filterAll') },
          ]}
          data-testid="alert-filter"
        />
      }
    >
      <DataTable<Alert>
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        // A live refresh replaces the rows quietly; only a first load, a filter or a page change spins.
        loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
        onPageChange={setPage}
        columns={columns}
        rowKey="id"
        emptyText={t(status === 'open' ? 'alertList.emptyOpen' : 'alertList.empty')}
        ariaLabel={t('page.alerts')}
        data-testid="alert-table"
      />
      <AlertDetailDrawer alertId={detailId} onClose={() => setDetailId(null)} onAcknowledge={(a) => ack.open(a)} />
      {ack.editing?.item && (
        <AcknowledgeModal key={ack.editing.seq} open={ack.isOpen} alert={ack.editing.item} onClose={ack.close} />
      )}
    </BackOfficeCard>
  );
}

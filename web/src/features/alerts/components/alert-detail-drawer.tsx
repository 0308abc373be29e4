import {
  ALERT_EVENT_LABELS,
  type Alert,
  type AlertDetail,
  type AlertEventItem,
  type AlertEventType,
  alertDetails,
  alertHeadline,
  alertValueWithUnit,
  type Language,
} from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert as AntAlert, Button, Descriptions, Drawer, Empty, Skeleton, Timeline, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { usePortalEvents } from '../../../lib/events/use-portal-events';
import { DISTRICT_TIME_ZONE, formatDistrictDateTime } from '../../../lib/format/date';
import { alertListKeys, fetchAlertDetail } from '../api/alert-list-api';
import { LevelBadge } from './alert-level';
import { AcknowledgementSummary, AlertStateTags, canAcknowledge } from './alert-state';

/** The dot of each step: what raised it red, what calmed it green, the rest blue or grey. */
const EVENT_COLOURS: Record<AlertEventType, string> = {
  opened: 'blue',
  confirmed: 'orange',
  messages: 'blue',
  acknowledged: 'green',
  escalated: 'red',
  raised: 'red',
  lowered: 'green',
  cleared: 'gray',
  discarded: 'gray',
  cancelled: 'gray',
};

/** What a step's detail says: the messages queued, the acknowledgement's note, the cancel's reason. */
function eventDetail(event: AlertEventItem, t: TFunction): string | null {
  if (!event.detail) return null;
  switch (event.type) {
    case 'messages':
      return t('alertList.queued', { count: Number(event.detail) || 0 });
    case 'acknowledged':
      return t('alertList.note', { note: event.detail });
    case 'cancelled':
      return t('alertList.reason', { reason: event.detail });
    default:
      return event.detail;
  }
}

/** One step: its name and time, then its level, value, detail and who did it. */
function EventStep({ event, alert, lang }: { event: AlertEventItem; alert: Alert; lang: Language }) {
  const { t } = useTranslation();
  const value =
    event.value !== null && alert.kind !== 'STATION_SILENT' ? alertValueWithUnit(alert.kind, event.value, lang) : '';
  const detail = eventDetail(event, t);
  return (
    <div className="alert-event" data-testid={`alert-event-${event.type}`}>
      <div className="alert-event-head">
        <span className="alert-event-label">{ALERT_EVENT_LABELS[event.type][lang]}</span>
        <span className="alert-event-time">{formatDistrictDateTime(event.at)}</span>
      </div>
      {(event.level !== null || value) && (
        <div className="alert-event-values">
          {event.level !== null && <LevelBadge level={event.level} />}
          {value && <span>{value}</span>}
        </div>
      )}
      {detail && <div className="alert-event-detail">{detail}</div>}
      {event.userName && <div className="alert-event-user">{t('alertList.by', { name: event.userName })}</div>}
    </div>
  );
}

/** How the alert's messages went: queued in all, sent, still sending, failed, uncertain, cancelled. */
function MessageCounts({ messages }: { messages: AlertDetail['messages'] }) {
  const { t } = useTranslation();
  const counts: [string, number, string][] = [
    ['total', messages.total, t('alertList.messagesTotal')],
    ['sent', messages.sent, t('alertList.messagesSent')],
    ['pending', messages.pending, t('alertList.messagesPending')],
    ['failed', messages.failed, t('alertList.messagesFailed')],
    ['uncertain', messages.uncertain, t('alertList.messagesUncertain')],
    ['cancelled', messages.cancelled, t('alertList.messagesCancelled')],
  ];
  return (
    <dl className="alert-message-counts" data-testid="alert-message-counts">
      {counts.map(([key, count, label]) => (
        <div
          key={key}
          // Failed and uncertain messages stand out when there are any: someone should check with those people.
          className={`alert-message-count${count > 0 && (key === 'failed' || key === 'uncertain') ? ' alert-message-count-bad' : ''}`}
          data-testid={`messages-${key}`}
        >
          <dt>{label}</dt>
          <dd>{count}</dd>
        </div>
      ))}
    </dl>
  );
}

function DetailBody({
  detail,
  lang,
  onAcknowledge,
}: {
  detail: AlertDetail;
  lang: Language;
  onAcknowledge: (alert: Alert) => void;
}) {
  const { t } = useTranslation();
  const { alert } = detail;
  const values = alertDetails(alert, lang, DISTRICT_TIME_ZONE).join(' · ');
  return (
    <div className="alert-detail">
      <div className="alert-detail-head">
        <LevelBadge level={alert.level} />
        <AlertStateTags alert={alert} />
      </div>
      <Typography.Title level={3} className="alert-detail-headline">
        {alertHeadline(alert.kind, alert.stationName, alert.level, lang, alert.threshold)}
      </Typography.Title>
      {values && <Typography.Paragraph className="alert-detail-values">{values}</Typography.Paragraph>}
      <Descriptions
        size="small"
        column={1}
        bordered
        className="alert-detail-facts"
        items={[
          ...(alert.positionText
            ? [{ key: 'position', label: t('alertList.position'), children: alert.positionText }]
            : []),
          { key: 'since', label: t('alertList.since'), children: formatDistrictDateTime(alert.since) },
          ...(alert.cancelledAt
            ? [
                {
                  key: 'cancelled',
                  label: t('alertList.cancelledAt'),
                  children: [
                    formatDistrictDateTime(alert.cancelledAt),
                    alert.cancelReason ? t('alertList.reason', { reason: alert.cancelReason }) : '',
                  ]
                    .filter(Boolean)
                    .join(' · '),
                },
              ]
            : alert.clearedAt
              ? [{ key: 'cleared', label: t('alertList.clearedAt'), children: formatDistrictDateTime(alert.clearedAt) }]
              : []),
          {
            key: 'ack',
            label: t('alertList.acknowledgement'),
            children: <AcknowledgementSummary alert={alert} showNote />,
          },
        ]}
      />
      {canAcknowledge(alert) && (
        <Button
          type="primary"
          className="alert-detail-ack"
          onClick={() => onAcknowledge(alert)}
          data-testid="alert-detail-acknowledge"
        >
          {t('alertList.acknowledge')}
        </Button>
      )}
      <Typography.Title level={4} className="alert-detail-section">
        {t('alertList.messages')}
      </Typography.Title>
      <MessageCounts messages={detail.messages} />
      <Typography.Title level={4} className="alert-detail-section">
        {t('alertList.timeline')}
      </Typography.Title>
      {detail.events.length ? (
        <Timeline
          className="alert-timeline"
          data-testid="alert-timeline"
          items={detail.events.map((event) => ({
            key: event.id,
            color: EVENT_COLOURS[event.type],
            content: <EventStep event={event} alert={alert} lang={lang} />,
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alertList.noEvents')} />
      )}
    </div>
  );
}

export interface AlertDetailDrawerProps {
  /** The alert shown, or null when the drawer is closed. */
  alertId: number | null;
  onClose: () => void;
  onAcknowledge: (alert: Alert) => void;
}

/**
 * An alert's detail: what it is, its state and who took it, how its messages went and its timeline
 * ('Mở cảnh báo', 'Đã xác nhận mức', 'Đã gửi tin', …), kept fresh by the alert and SMS events of the stream.
 */
export function AlertDetailDrawer({ alertId, onClose, onAcknowledge }: AlertDetailDrawerProps) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const detail = useQuery({
    queryKey: alertListKeys.detailOf(alertId ?? 0),
    queryFn: () => fetchAlertDetail(alertId ?? 0),
    enabled: alertId !== null,
  });
  usePortalEvents([alertListKeys.detail], ['alert', 'sms']);
  return (
    <Drawer
      open={alertId !== null}
      onClose={onClose}
      title={t('alertList.detailTitle')}
      size="min(560px, 100vw)"
      className="alert-detail-drawer"
      destroyOnHidden
    >
      <div data-testid="alert-detail">
        {detail.data ? (
          <DetailBody detail={detail.data} lang={lang} onAcknowledge={onAcknowledge} />
        ) : detail.isError ? (
          <AntAlert type="error" showIcon title={t('alertList.loadFailed')} />
        ) : (
          <Skeleton active />
        )}
      </div>
    </Drawer>
  );
}

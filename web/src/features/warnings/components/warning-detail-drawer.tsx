import '../../../components/detail-timeline.css';
import {
  type Language,
  WARNING_CHANNEL_LABELS,
  WARNING_EVENT_LABELS,
  WARNING_KIND_LABELS,
  type WarningDetail,
  type WarningEventType,
} from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert as AntAlert, Descriptions, Drawer, Empty, Skeleton, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePortalEvents } from '../../../lib/events/use-portal-events';
import { formatDistrictDateTime } from '../../../lib/format/date';
import { fetchWarningDetail, warningAdminKeys } from '../api/warning-admin-api';
import { areaNames, publicWarningPath } from '../model/warnings-in-force';
import { SeverityBadge } from './severity-badge';
import { WarningStatusTag } from './warning-status-tag';

const EVENT_COLOURS: Record<WarningEventType, string> = {
  created: 'blue',
  edited: 'blue',
  approved: 'green',
  urgent: 'red',
  updated: 'orange',
  cancelled: 'gray',
};

function MessageCounts({ messages }: { messages: WarningDetail['messages'] }) {
  const { t } = useTranslation();
  const counts: [string, number, string][] = [
    ['total', messages.total, t('warningAdmin.messagesTotal')],
    ['sent', messages.sent, t('warningAdmin.messagesSent')],
    ['pending', messages.pending, t('warningAdmin.messagesPending')],
    ['failed', messages.failed, t('warningAdmin.messagesFailed')],
  ];
  return (
    <dl className="alert-message-counts warning-message-counts" data-testid="warning-message-counts">
      {counts.map(([key, count, label]) => (
        <div
          key={key}
          className={`alert-message-count${key === 'failed' && count > 0 ? ' alert-message-count-bad' : ''}`}
          data-testid={`warning-messages-${key}`}
        >
          <dt>{label}</dt>
          <dd>{count}</dd>
        </div>
      ))}
    </dl>
  );
}

function DetailBody({ detail, lang }: { detail: WarningDetail; lang: Language }) {
  const { t } = useTranslation();
  const published = detail.status !== 'draft';
  return (
    <div className="warning-detail">
      <div className="warning-detail-head">
        <SeverityBadge kind={detail.kind} scale={detail.severityScale} severity={detail.severity} lang={lang} />
        <WarningStatusTag status={detail.status} lang={lang} />
      </div>
      <Typography.Title level={3} className="warning-detail-headline">
        {WARNING_KIND_LABELS[detail.kind][lang]}: {detail.headlineVi}
      </Typography.Title>
      {published && (
        <Typography.Paragraph>
          <a href={publicWarningPath(detail.id)} target="_blank" rel="noopener" data-testid="warning-public-link">
            {t('warningAdmin.publicPage')} ({publicWarningPath(detail.id)})
          </a>
        </Typography.Paragraph>
      )}
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'area', label: t('warningAdmin.area'), children: areaNames(detail) ?? t('warnings.drawnArea') },
          {
            key: 'time',
            label: t('warningAdmin.effectiveAt'),
            children: `${formatDistrictDateTime(detail.effectiveAt)} – ${formatDistrictDateTime(detail.expiresAt)}`,
          },
          { key: 'description', label: t('warningAdmin.description'), children: detail.descriptionVi },
          { key: 'instruction', label: t('warningAdmin.instruction'), children: detail.instructionVi },
          ...(detail.source ? [{ key: 'source', label: t('warningAdmin.source'), children: detail.source }] : []),
          {
            key: 'channels',
            label: t('warningAdmin.channels'),
            children: detail.channels.map((c) => WARNING_CHANNEL_LABELS[c][lang]).join('; '),
          },
          { key: 'composer', label: t('warningAdmin.composer'), children: detail.createdBy ?? '—' },
          { key: 'approver', label: t('warningAdmin.approver'), children: detail.approvedBy ?? '—' },
          { key: 'version', label: t('warningAdmin.version'), children: detail.version },
          ...(detail.urgentReason
            ? [{ key: 'urgent', label: t('warningAdmin.urgent'), children: detail.urgentReason }]
            : []),
          ...(detail.cancelReason
            ? [{ key: 'cancel', label: t('warningAdmin.cancelReason'), children: detail.cancelReason }]
            : []),
          ...(detail.attachmentUrl
            ? [
                {
                  key: 'attachment',
                  label: t('warningAdmin.attachment'),
                  children: (
                    <a href={detail.attachmentUrl} target="_blank" rel="noopener noreferrer">
                      {detail.attachmentName ?? detail.attachmentUrl}
                    </a>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Typography.Title level={4} className="alert-detail-section">
        {t('warningAdmin.messages')}
      </Typography.Title>
      <MessageCounts messages={detail.messages} />
      <Typography.Title level={4} className="alert-detail-section">
        {t('warningAdmin.capMessages')}
      </Typography.Title>
      {detail.capMessages.length ? (
        <ul className="warning-cap-list" data-testid="warning-cap-messages">
          {detail.capMessages.map((m) => (
            <li key={m.id}>
              <a href={m.url} target="_blank" rel="noopener noreferrer">
                {m.msgType}
              </a>{' '}
              <span className="warning-cap-time">{formatDistrictDateTime(m.sentAt)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Paragraph type="secondary">{t('warningAdmin.noCap')}</Typography.Paragraph>
      )}
      <Typography.Title level={4} className="alert-detail-section">
        {t('warningAdmin.timeline')}
      </Typography.Title>
      {detail.events.length ? (
        <Timeline
          data-testid="warning-timeline"
          items={detail.events.map((event) => ({
            key: event.id,
            color: EVENT_COLOURS[event.type],
            content: (
              <div className="alert-event" data-testid={`warning-event-${event.type}`}>
                <div className="alert-event-head">
                  <span className="alert-event-label">{WARNING_EVENT_LABELS[event.type][lang]}</span>
                  <span className="alert-event-time">{formatDistrictDateTime(event.at)}</span>
                </div>
                {event.detail && <div className="alert-event-detail">{event.detail}</div>}
                {event.userName && (
                  <div className="alert-event-user">{t('warningAdmin.by', { name: event.userName })}</div>
                )}
              </div>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('warningAdmin.noEvents')} />
      )}
    </div>
  );
}

/** A warning's detail: what it says, its status, the link to its public page, its messages, CAP messages and timeline. */
export function WarningDetailDrawer({ warningId, onClose }: { warningId: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const detail = useQuery({
    queryKey: warningAdminKeys.detailOf(warningId ?? 0),
    queryFn: () => fetchWarningDetail(warningId ?? 0),
    enabled: warningId !== null,
  });
  usePortalEvents([warningAdminKeys.detail], ['warning', 'sms']);
  return (
    <Drawer
      open={warningId !== null}
      onClose={onClose}
      title={t('warningAdmin.detailTitle')}
      size="min(600px, 100vw)"
      destroyOnHidden
    >
      <div data-testid="warning-detail">
        {detail.data ? (
          <DetailBody detail={detail.data} lang={lang} />
        ) : detail.isError ? (
          <AntAlert type="error" showIcon title={t('warningAdmin.loadFailed')} />
        ) : (
          <Skeleton active />
        )}
      </div>
    </Drawer>
  );
}

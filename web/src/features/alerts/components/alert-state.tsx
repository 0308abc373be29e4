import { ExclamationCircleFilled } from '@ant-design/icons';
import type { Alert } from '@flood/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDistrictDateTime } from '../../../lib/format/date';

/** Where an alert stands: still on, ended (cleared or discarded), or cancelled by a correction. */
export type AlertState = 'open' | 'cleared' | 'cancelled';

export function alertState(alert: Pick<Alert, 'clearedAt' | 'cancelledAt'>): AlertState {
  if (alert.cancelledAt) return 'cancelled';
  return alert.clearedAt ? 'cleared' : 'open';
}

/** An open alert nobody has taken yet can be acknowledged (the server answers 409 if someone just did). */
export function canAcknowledge(alert: Alert): boolean {
  return alertState(alert) === 'open' && !alert.acknowledgedAt;
}

/**
 * An alert that needs someone now: open, confirmed (messages went out), level II or III, and nobody took it —
 * the on-duty list is reminded until someone does (#22).
 */
export function needsAcknowledgement(alert: Alert): boolean {
  return canAcknowledge(alert) && alert.confirmed && alert.level >= 2;
}

const STATE_COLOURS: Record<AlertState, string> = { open: 'red', cleared: 'green', cancelled: 'default' };

/** 'Chưa xác nhận' (a level seen once, staff only) and the state: 'Đang hiệu lực', 'Đã kết thúc' or 'Đã huỷ'. */
export function AlertStateTags({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  const state = alertState(alert);
  return (
    <span className="alert-state-tags" data-testid={`alert-state-${alert.id}`}>
      {!alert.confirmed && (
        <Tag color="gold" data-testid={`alert-unconfirmed-${alert.id}`}>
          {t('alertList.unconfirmed')}
        </Tag>
      )}
      <Tag color={STATE_COLOURS[state]}>{t(`alertList.${state}`)}</Tag>
    </span>
  );
}

/**
 * Who took the alert and when ('Đã nhận: Nguyễn Văn An lúc 22/11/2026 14:05'), or a prominent 'Chưa ai nhận'
 * when it needs someone; the reminders sent to the on-duty list under it.
 */
export function AcknowledgementSummary({ alert, showNote = false }: { alert: Alert; showNote?: boolean }) {
  const { t } = useTranslation();
  const reminders =
    alert.escalations > 0 ? (
      <div className="alert-ack-reminders" data-testid={`alert-escalations-${alert.id}`}>
        {t('alertList.escalations', { count: alert.escalations })}
      </div>
    ) : null;
  if (alert.acknowledgedAt) {
    return (
      <div className="alert-ack" data-testid={`alert-ack-${alert.id}`}>
        <div className="alert-ack-by">
          {t('alertList.acknowledgedBy', {
            name: alert.acknowledgedBy ?? '',
            time: formatDistrictDateTime(alert.acknowledgedAt),
          })}
        </div>
        {showNote && alert.ackNote && (
          <div className="alert-ack-note">{t('alertList.note', { note: alert.ackNote })}</div>
        )}
        {reminders}
      </div>
    );
  }
  if (needsAcknowledgement(alert)) {
    return (
      <div className="alert-ack" data-testid={`alert-ack-${alert.id}`}>
        <Tag color="red" variant="solid" icon={<ExclamationCircleFilled />} className="alert-ack-nobody">
          {t('alertList.nobody')}
        </Tag>
        {reminders}
      </div>
    );
  }
  return (
    <div className="alert-ack alert-ack-none" data-testid={`alert-ack-${alert.id}`}>
      {alertState(alert) === 'open' ? t('alertList.notAcknowledged') : '—'}
      {reminders}
    </div>
  );
}

import { PAGE_SIZE, type SmsHistory, smsHistoryLabels } from '@flood/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/back-office-card';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { usePortalEvents } from '../../../lib/events/use-portal-events';
import { formatDateTimeSeconds } from '../../../lib/format/date';
import { fetchSmsHistory, resendSms, smsKeys } from '../api/sms-api';

const STATUS_COLOURS: Record<SmsHistory['status'], string> = {
  SUCCESS: 'green',
  FAILED: 'red',
  PENDING: 'blue',
  // The process died while the gateway had it and it was not resent: staff check with the recipient.
  UNCERTAIN: 'orange',
  // Not sent: the alert it was for was cancelled before (#22).
  CANCELLED: 'default',
  // The provider's receipt said it reached the phone (#24).
  DELIVERED: 'green',
};

/** Why a message was sent (#22): the alert itself, a reminder to the on-duty list, an update of a warning (#23), a cancel. */
const PURPOSE_COLOURS: Record<SmsHistory['purpose'], string> = {
  alert: 'red',
  escalation: 'orange',
  update: 'blue',
  cancel: 'default',
  // A commune's imported number asked to confirm its subscription (#24).
  invite: 'purple',
};
const PURPOSE_KEYS = {
  alert: 'sms.purposeAlert',
  escalation: 'sms.purposeEscalation',
  invite: 'sms.purposeInvite',
  update: 'sms.purposeUpdate',
  cancel: 'sms.purposeCancel',
} as const;

/**
 * 'Gửi lại' for a message that failed or whose delivery is unknown (#22): staff decide, after a confirmation that
 * says the recipient may get it twice; the history refreshes with the message queued again.
 */
function ResendButton({ row }: { row: SmsHistory }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const ask = () =>
    modal.confirm({
      title: t('sms.resendTitle'),
      content: row.status === 'UNCERTAIN' ? t('sms.resendContent') : t('sms.resendFailedContent'),
      okText: t('sms.resend'),
      okButtonProps: { 'data-testid': 'sms-resend-ok' },
      cancelText: t('common.cancel'),
      centered: true,
      onOk: async () => {
        try {
          await resendSms(row.id);
          message.success(t('sms.resendDone'));
        } finally {
          await client.invalidateQueries({ queryKey: smsKeys.history });
        }
      },
    });
  return (
    <Button size="small" onClick={ask} data-testid={`sms-resend-${row.id}`}>
      {t('sms.resend')}
    </Button>
  );
}

/** The delivery status as a coloured tag; a failure or an uncertain send explains itself in a tooltip. */
function StatusTag({ row }: { row: SmsHistory }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={STATUS_COLOURS[row.status]} data-testid={`sms-status-${row.id}`}>
      {smsHistoryLabels(row.status).status}
    </Tag>
  );
  if (row.status !== 'FAILED' && row.status !== 'UNCERTAIN') return tag;
  const lines = [
    row.lastError ? t('sms.lastError', { error: row.lastError }) : null,
    t('sms.attempts', { count: row.attempts }),
  ].filter(Boolean);
  return (
    <span className="sms-status-cell">
      <Tooltip title={lines.map((l) => <div key={l}>{l}</div>)}>{tag}</Tooltip>
      <ResendButton row={row} />
    </span>
  );
}

/** 'Lịch sử gửi': every message sent, newest first, live through the event stream. */
export function HistoryCard() {
  const { t } = useTranslation();
  const { page, pageSize, setPage } = usePagedList(PAGE_SIZE);
  const query = { page, pageSize };
  const list = useQuery({
    queryKey: smsKeys.historyList(query),
    queryFn: () => fetchSmsHistory(query),
    placeholderData: keepPreviousData,
  });
  usePortalEvents([smsKeys.history], ['sms', 'alert']);

  const columns: TableColumnsType<SmsHistory> = [
    indexColumn<SmsHistory>(page, pageSize),
    { dataIndex: 'name', title: t('sms.name'), render: (v: string) => <span className="cell-wrap">{v}</span> },
    {
      dataIndex: 'recipient',
      title: t('sms.recipient'),
      className: 'nowrap',
      render: (v: string, row) => (
        <span className="sms-recipient">
          {v}
          <Tag className="sms-channel" variant="filled">
            {row.channel === 'email' ? t('sms.channelEmail') : t('sms.channelSms')}
          </Tag>
        </span>
      ),
    },
    {
      dataIndex: 'body',
      title: t('sms.body'),
      render: (v: string, row) => (
        <span className="sms-body-cell">
          <Tag color={PURPOSE_COLOURS[row.purpose]} className="sms-purpose" data-testid={`sms-purpose-${row.id}`}>
            {t(PURPOSE_KEYS[row.purpose])}
          </Tag>
          <Tooltip title={v} placement="topLeft">
            <span className="cell-ellipsis sms-body">{v}</span>
          </Tooltip>
        </span>
      ),
    },
    { key: 'status', title: t('sms.status'), render: (_, row) => <StatusTag row={row} /> },
    {
      key: 'confirmation',
      title: t('sms.confirmation'),
      className: 'nowrap',
      render: (_, row) => smsHistoryLabels(row.status).confirmation,
    },
    {
      dataIndex: 'createdAt',
      title: t('sms.createdAt'),
      // date over time, so the seven columns fit a desktop card
      render: (v: string) => <span className="cell-date-time">{formatDateTimeSeconds(v)}</span>,
    },
  ];

  return (
    <SectionCard title={t('sms.history')} data-testid="sms-history-card">
      <DataTable<SmsHistory>
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        // A live refresh replaces the rows quietly; only a first load or a page change spins.
        loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
        onPageChange={setPage}
        columns={columns}
        rowKey="id"
        ariaLabel={t('sms.history')}
        data-testid="sms-history-table"
      />
    </SectionCard>
  );
}

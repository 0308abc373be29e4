import { DownloadOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { formatNumber, type Language, type SubscriberCount } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/back-office-card';
import { DataTable } from '../../../components/data-table';
import { useRowEditor } from '../../../components/use-row-editor';
import { usePortalEvents } from '../../../lib/events/use-portal-events';
import { useSession } from '../../../lib/session/session-store';
import { exportSubscribers, fetchSubscriberCounts, smsKeys } from '../api/sms-api';
import { refusalText } from '../model/refusal';
import { SubscriberImportModal } from './subscriber-import-modal';

/** The counted columns, in the table's order. */
const COUNTED = ['push', 'sms', 'email', 'zalo', 'people'] as const;
type Counted = (typeof COUNTED)[number];
const COUNTED_KEYS = {
  push: 'sms.subscribersPush',
  sms: 'sms.subscribersSms',
  email: 'sms.subscribersEmail',
  zalo: 'sms.subscribersZalo',
  people: 'sms.subscribersPeople',
} as const satisfies Record<Counted, string>;

const noPage = () => {};

/**
 * 'Người dân đăng ký nhận cảnh báo' (#24, point 5): the confirmed subscribers of every commune by channel with their
 * total; per commune 'Xuất danh sách' (its contacts as CSV) and 'Nhập danh sách số điện thoại' (a commune's own list,
 * each new number invited to confirm). The web does not know which account is the built-in system account (the
 * signed-in user's details do not say), so every holder of `sms` sees both and the server's refusal is shown as it
 * words it. Refreshed by the stream's `sms` events (an invitation sent) and the 'Làm mới' button.
 */
export function SubscribersCard() {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const { message } = App.useApp();
  const importer = useRowEditor<null>();
  const [exporting, setExporting] = useState<string | null>(null);
  const counts = useQuery({ queryKey: smsKeys.subscribers, queryFn: fetchSubscriberCounts });
  // Numbers are the system account's alone (#24): others see the counts, not the export or the import.
  const systemAccount = useSession()?.userDetail.system === true;
  usePortalEvents([smsKeys.subscribers], ['sms']);
  const rows = counts.data ?? [];
  const n = (value: number) => formatNumber(value, 0, lang);

  const exportList = async (row: SubscriberCount) => {
    setExporting(row.commune);
    try {
      await exportSubscribers(row.commune);
    } catch (error) {
      const text = refusalText(error, t('errors.generic'), t('errors.unavailable'));
      if (text) void message.error(text);
    } finally {
      setExporting(null);
    }
  };

  const actionColumn: TableColumnsType<SubscriberCount> = [
    {
      key: 'actions',
      title: t('common.actions'),
      className: 'nowrap',
      render: (_, row) => (
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={exporting === row.commune}
          onClick={() => void exportList(row)}
          data-testid={`subscriber-export-${row.commune}`}
        >
          {t('sms.subscribersExport')}
        </Button>
      ),
    },
  ];
  const columns: TableColumnsType<SubscriberCount> = [
    {
      dataIndex: 'name',
      title: t('sms.subscribersCommune'),
      render: (v: string) => <span className="cell-wrap">{v}</span>,
    },
    ...COUNTED.map((key) => ({
      dataIndex: key,
      title: t(COUNTED_KEYS[key]),
      align: 'right' as const,
      className: 'nowrap',
      render: (v: number) => n(v),
    })),
    ...(systemAccount ? actionColumn : []),
  ];

  const total = (list: readonly SubscriberCount[]) =>
    list.length ? (
      <Table.Summary.Row className="subscriber-total" data-testid="subscriber-total">
        <Table.Summary.Cell index={0}>
          <strong>{t('sms.subscribersTotal')}</strong>
        </Table.Summary.Cell>
        {COUNTED.map((key, i) => (
          <Table.Summary.Cell key={key} index={i + 1} align="right" className="nowrap">
            <strong>{n(list.reduce((sum, row) => sum + row[key], 0))}</strong>
          </Table.Summary.Cell>
        ))}
        {systemAccount && <Table.Summary.Cell index={COUNTED.length + 1} />}
      </Table.Summary.Row>
    ) : null;

  return (
    <SectionCard
      title={t('sms.subscribers')}
      data-testid="sms-subscribers-card"
      actions={
        <>
          <Button
            icon={<ReloadOutlined />}
            loading={counts.isFetching}
            onClick={() => void counts.refetch()}
            data-testid="subscriber-refresh"
          >
            {t('sms.subscribersRefresh')}
          </Button>
          {systemAccount && (
            <Button
              type="primary"
              icon={<UploadOutlined />}
              onClick={() => importer.open(null)}
              data-testid="subscriber-import-open"
            >
              {t('sms.importOpen')}
            </Button>
          )}
        </>
      }
    >
      <Typography.Paragraph type="secondary">{t('sms.subscribersHelp')}</Typography.Paragraph>
      <DataTable<SubscriberCount>
        rows={rows}
        // every commune on one page: the district has a handful
        total={rows.length}
        page={1}
        pageSize={Math.max(rows.length, 1)}
        loading={counts.isLoading}
        onPageChange={noPage}
        columns={columns}
        rowKey="commune"
        summary={total}
        ariaLabel={t('sms.subscribers')}
        data-testid="subscriber-table"
      />
      {importer.editing && (
        <SubscriberImportModal
          key={importer.editing.seq}
          open={importer.isOpen}
          communes={rows}
          communesLoading={counts.isLoading}
          onClose={importer.close}
        />
      )}
    </SectionCard>
  );
}

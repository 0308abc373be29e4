import { PAGE_SIZE, SMS_TEMPLATE_TYPE_LABELS, type SmsTemplate } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/back-office-card';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { actionsColumn } from '../../../components/row-actions';
import { useRowEditor } from '../../../components/use-row-editor';
import { formatDateTime } from '../../../lib/format/date';
import { fetchSmsTemplates, smsKeys } from '../api/sms-api';
import { TemplateFormModal } from './template-form-modal';

/** 'Mẫu tin nhắn': the flood and rain warning texts; they can be edited, not added or deleted. */
export function TemplatesCard() {
  const { t, i18n } = useTranslation();
  const { page, pageSize, setPage } = usePagedList(PAGE_SIZE);
  const editor = useRowEditor<SmsTemplate>();
  const list = useQuery({ queryKey: smsKeys.templates, queryFn: fetchSmsTemplates });
  const all = list.data ?? [];
  // The server returns every template at once: the table pages them itself.
  const rows = all.slice((page - 1) * pageSize, page * pageSize);
  const lang = i18n.language === 'en' ? 'en' : 'vi';

  const { open } = editor;

  const columns: TableColumnsType<SmsTemplate> = [
    indexColumn<SmsTemplate>(page, pageSize),
    {
      dataIndex: 'template',
      title: t('sms.template'),
      render: (v: string) => <div className="sms-template-cell">{v}</div>,
    },
    {
      dataIndex: 'type',
      title: t('sms.type'),
      className: 'nowrap',
      render: (v: SmsTemplate['type']) => SMS_TEMPLATE_TYPE_LABELS[v]?.[lang] ?? v,
    },
    {
      dataIndex: 'createdAt',
      title: t('sms.createdAt'),
      className: 'nowrap',
      render: (v: string) => formatDateTime(v),
    },
    actionsColumn(t('common.actions'), (template) => open(template)),
  ];

  return (
    <SectionCard title={t('sms.templates')} data-testid="sms-templates-card">
      <DataTable<SmsTemplate>
        rows={rows}
        total={all.length}
        page={page}
        pageSize={pageSize}
        loading={list.isFetching}
        onPageChange={setPage}
        columns={columns}
        rowKey="id"
        ariaLabel={t('sms.templates')}
        data-testid="sms-template-table"
      />
      {editor.editing?.item && (
        <TemplateFormModal
          key={editor.editing.seq}
          open={editor.isOpen}
          template={editor.editing.item}
          onClose={editor.close}
        />
      )}
    </SectionCard>
  );
}

import { PAGE_SIZE, SMS_TEMPLATE_TYPE_LABELS, type SmsTemplate } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/back-office-card';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { actionsColumn } from '../../../components/row-actions';
import { formatDateTime } from '../../../lib/format/date';
import { fetchSmsTemplates, smsKeys } from '../api/sms-api';
import { TemplateFormModal } from './template-form-modal';

type Editing = { template: SmsTemplate; seq: number } | null;

/** 'Mẫu tin nhắn': the flood and rain warning texts; they can be edited, not added or deleted. */
export function TemplatesCard() {
  const { t, i18n } = useTranslation();
  const { page, pageSize, setPage } = usePagedList(PAGE_SIZE);
  const [editing, setEditing] = useState<Editing>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const list = useQuery({ queryKey: smsKeys.templates, queryFn: fetchSmsTemplates });
  const all = list.data ?? [];
  // The server returns every template at once: the table pages them itself.
  const rows = all.slice((page - 1) * pageSize, page * pageSize);
  const lang = i18n.language === 'en' ? 'en' : 'vi';

  const open = (template: SmsTemplate) => {
    setEditing((prev) => ({ template, seq: (prev?.seq ?? 0) + 1 }));
    setModalOpen(true);
  };

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
      {editing && (
        <TemplateFormModal
          key={editing.seq}
          open={modalOpen}
          template={editing.template}
          onClose={() => setModalOpen(false)}
        />
      )}
    </SectionCard>
  );
}

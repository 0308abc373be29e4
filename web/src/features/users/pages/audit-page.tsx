import { SearchOutlined } from '@ant-design/icons';
import { AUDIT_PAGE_SIZE, type AuditEntry } from '@flood/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackOfficeCard } from '../../../components/back-office-card';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { formatDateTimeSeconds } from '../../../lib/format/date';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { fetchAudit, usersKeys } from '../api/users-api';

/** /user/logs: the audit log, newest first, 20 a page, searchable by user id, user name and content. */
export default function AuditPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  // A new search starts from the first page.
  const { page, pageSize, setPage } = usePagedList(AUDIT_PAGE_SIZE, keyword);

  const query = { page, pageSize, keyword: keyword || undefined };
  const list = useQuery({
    queryKey: usersKeys.auditList(query),
    queryFn: () => fetchAudit(query),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<AuditEntry> = [
    indexColumn<AuditEntry>(page, pageSize),
    { key: 'user', dataIndex: 'userName', title: t('audit.user'), render: (v: string | null) => v || '—' },
    {
      key: 'content',
      dataIndex: 'content',
      title: t('audit.content'),
      // A text a browser sent (POST /api/audit) is marked, so it never passes for one the server wrote (#18).
      render: (v: string, entry) =>
        entry.source === 'client' ? (
          <>
            <Tooltip title={t('audit.fromClientHelp')}>
              <Tag data-testid="audit-from-client">{t('audit.fromClient')}</Tag>
            </Tooltip>
            {v}
          </>
        ) : (
          v
        ),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('audit.time'),
      render: (v: string) => formatDateTimeSeconds(v),
    },
  ];

  return (
    <BackOfficeCard
      title={t('page.logs')}
      actions={
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('audit.search')}
          aria-label={t('audit.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="page-search"
          data-testid="audit-search"
        />
      }
    >
      <DataTable<AuditEntry>
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        loading={list.isFetching}
        onPageChange={setPage}
        columns={columns}
        rowKey="id"
        emptyText={t('audit.empty')}
        ariaLabel={t('page.logs')}
        data-testid="audit-table"
      />
    </BackOfficeCard>
  );
}

import { FolderOpenOutlined } from '@ant-design/icons';
import { hasAnyPermission, PAGE_SIZE, shouldShowPager } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Space, Spin, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading, SectionCard } from '../../../components/back-office-card';
import { formatDateTime } from '../../../lib/format/date';
import { useSession } from '../../../lib/session/session-store';
import { fetchReportData, geodataKeys, type ReportSheet } from '../api/geodata-api';
import { DemoTag } from '../components/geodata-labels';

type Cell = ReportSheet['rows'][number][number];
type Row = { key: number } & Record<string, Cell | number>;

/** A cell as people read it: numbers with the locale's decimal separator and no grouping (years stay 2008). */
export function formatCell(value: Cell, language: string): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    return new Intl.NumberFormat(language === 'en' ? 'en-US' : 'vi-VN', {
      maximumFractionDigits: 2,
      useGrouping: false,
    }).format(value);
  }
  return value;
}

function SheetTable({ sheet, index }: { sheet: ReportSheet; index: number }) {
  const { i18n } = useTranslation();
  const columns: TableColumnsType<Row> = sheet.columns.map((title, c) => ({
    key: String(c),
    dataIndex: `c${c}`,
    title,
    align: sheet.rows.some((r) => typeof r[c] === 'number') ? 'right' : 'left',
    render: (value: Cell) => formatCell(value, i18n.language),
  }));
  const rows: Row[] = sheet.rows.map((r, i) => {
    const row: Row = { key: i };
    sheet.columns.forEach((_, c) => {
      row[`c${c}`] = r[c] ?? null;
    });
    return row;
  });
  return (
    <SectionCard title={sheet.name} data-testid={`report-sheet-${index + 1}`}>
      <Table<Row>
        className="data-table"
        size="middle"
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        aria-label={sheet.name}
        pagination={shouldShowPager(rows.length, PAGE_SIZE) ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
      />
    </SectionCard>
  );
}

/** /analyze/report-data: the two sheets of the newest statistics workbook (xlsx geodata file) as tables. */
export default function ReportDataPage() {
  const { t } = useTranslation();
  const session = useSession();
  const canManageFiles = hasAnyPermission(session?.userDetail.functions ?? [], ['database']);
  const report = useQuery({ queryKey: geodataKeys.reportData, queryFn: fetchReportData });
  const sheets = useMemo(() => (report.data?.sheets ?? []).slice(0, 2), [report.data]);
  const item = report.data?.item ?? null;

  return (
    <div className="page-stack">
      <PageHeading title={t('page.reportData')} />
      {(item || canManageFiles) && (
        <Card className="page-card" variant="borderless" size="small" data-testid="report-source">
          <Space wrap size={12}>
            {item && (
              <Typography.Text>
                {t('geodata.reportFile', { name: item.name })}
                {' — '}
                {t('geodata.reportUpdated', { time: formatDateTime(item.createdAt) })}
              </Typography.Text>
            )}
            {report.data?.demo && <DemoTag />}
            {canManageFiles && (
              <Link to="/database/files" data-testid="report-manage-files">
                <FolderOpenOutlined aria-hidden /> {t('geodata.replaceWorkbook')}
              </Link>
            )}
          </Space>
        </Card>
      )}
      {report.isPending ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : sheets.length === 0 ? (
        <Card className="page-card" variant="borderless">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('geodata.noData')} data-testid="report-empty" />
        </Card>
      ) : (
        sheets.map((sheet, i) => <SheetTable key={sheet.name} sheet={sheet} index={i} />)
      )}
    </div>
  );
}

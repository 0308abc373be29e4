import { FolderOpenOutlined } from '@ant-design/icons';
import { formatNumber, hasAnyPermission, PAGE_SIZE, shouldShowPager } from '@flood/domain';
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

/** Decimals by the unit in a column's title, e.g. 'Mực nước lớn nhất (m)': metres to the centimetre, rain and areas to one. */
const UNIT_DECIMALS: Record<string, number> = { m: 2, km: 2, cm: 0, mm: 1, ha: 1, km2: 2, 'km²': 2, '%': 1 };

/**
 * The fixed decimals of a column, so its numbers line up ('3,30', '1,50', '3,11', not '3,3', '1,5', '3,11'):
 * by the unit in its title, else the most decimals among its numbers (two at most; whole numbers stay whole).
 */
export function columnDecimals(title: string, values: readonly Cell[]): number {
  const unit = /\(([^()]+)\)\s*$/.exec(title)?.[1]?.trim().toLowerCase();
  if (unit !== undefined && unit in UNIT_DECIMALS) return UNIT_DECIMALS[unit]!;
  let most = 0;
  for (const v of values) {
    if (typeof v !== 'number' || Number.isInteger(v)) continue;
    most = Math.max(most, Math.min(2, String(v).split('.')[1]?.length ?? 0));
  }
  return most;
}

/** A cell as people read it: numbers with the reader's decimal separator, fixed decimals, no grouping (years stay 2008). */
export function formatCell(value: Cell, language: string, decimals = 2): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    const lang = language === 'en' ? 'en' : 'vi';
    return formatNumber(value, decimals, lang).replaceAll(lang === 'en' ? ',' : '.', '');
  }
  return value;
}

/** A row that only holds text in its first cell (a sheet's note such as 'Dữ liệu minh hoạ: …'). */
function isNoteRow(row: readonly Cell[], width: number): boolean {
  return width > 1 && typeof row[0] === 'string' && row.slice(1).every((v) => v === null || v === '');
}

function SheetTable({ sheet, index }: { sheet: ReportSheet; index: number }) {
  const { i18n } = useTranslation();
  // The notes at the end of a sheet are shown under its table, across the card, not in its first column.
  let end = sheet.rows.length;
  while (end > 0 && isNoteRow(sheet.rows[end - 1]!, sheet.columns.length)) end--;
  const body = sheet.rows.slice(0, end);
  const notes = sheet.rows.slice(end).map((r) => String(r[0]));
  const columns: TableColumnsType<Row> = sheet.columns.map((title, c) => {
    const numeric = body.some((r) => typeof r[c] === 'number');
    const decimals = columnDecimals(
      title,
      body.map((r) => r[c] ?? null),
    );
    return {
      key: String(c),
      dataIndex: `c${c}`,
      title,
      className: numeric ? 'report-number' : undefined,
      align: numeric ? 'right' : 'left',
      render: (value: Cell) => formatCell(value, i18n.language, decimals),
    };
  });
  const rows: Row[] = body.map((r, i) => {
    const row: Row = { key: i };
    sheet.columns.forEach((_, c) => {
      row[`c${c}`] = r[c] ?? null;
    });
    return row;
  });
  return (
    <SectionCard title={sheet.name} data-testid={`report-sheet-${index + 1}`}>
      <Table<Row>
        className="data-table report-sheet-table"
        size="small"
        columns={columns}
        dataSource={rows}
        aria-label={sheet.name}
        pagination={shouldShowPager(rows.length, PAGE_SIZE) ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
      />
      {notes.map((note) => (
        <Typography.Paragraph key={note} type="secondary" className="report-note" data-testid="report-note">
          {note}
        </Typography.Paragraph>
      ))}
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

import { PAGE_SIZE, READING_CORRECTION_ACTION_LABELS, type ReadingCorrection, type StationKind } from '@flood/domain';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable, usePagedList } from '../../../../components/data-table';
import { formatDistrictDateTime } from '../../../../lib/format/date';
import { formatStoredValue } from './review-values';

/** The readings a correction touched: one time, or the first and last of a range with how many. */
function readingsOf(c: ReadingCorrection, t: TFunction): string {
  const from = formatDistrictDateTime(c.fromAt);
  const to = formatDistrictDateTime(c.toAt);
  const when = from === to ? from : `${from} – ${to}`;
  return c.count === 1 ? when : `${when} (${t('readingsReview.readingsCount', { count: c.count })})`;
}

/** A corrected value as 'old → new'; a reading marked faulty or accepted keeps its value: shown once. */
function valuesOf(kind: StationKind, c: ReadingCorrection): string {
  const old = formatStoredValue(kind, c.oldValue);
  const next = formatStoredValue(kind, c.newValue);
  if (c.action === 'correct' || (next && next !== old)) return `${old || '—'} → ${next || '—'}`;
  return old || '—';
}

/** 'Lịch sử hiệu chỉnh': the station's last corrections (newest first, at most 50), ten a page. */
export function CorrectionsTable({ kind, corrections }: { kind: StationKind; corrections: ReadingCorrection[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'vi';
  const { page, pageSize, setPage } = usePagedList(PAGE_SIZE, String(corrections[0]?.id ?? ''));
  const rows = corrections.slice((page - 1) * pageSize, page * pageSize);

  const columns: TableColumnsType<ReadingCorrection> = [
    {
      dataIndex: 'createdAt',
      title: t('readingsReview.correctedAt'),
      className: 'nowrap',
      render: (v: string) => formatDistrictDateTime(v),
    },
    { dataIndex: 'userName', title: t('readingsReview.correctedBy'), render: (v: string | null) => v ?? '—' },
    {
      dataIndex: 'action',
      title: t('readingsReview.action'),
      render: (v: ReadingCorrection['action']) => READING_CORRECTION_ACTION_LABELS[v][lang],
    },
    { key: 'readings', title: t('readingsReview.readings'), render: (_, c) => readingsOf(c, t) },
    { key: 'values', title: t('readingsReview.values'), render: (_, c) => valuesOf(kind, c) },
    { dataIndex: 'reason', title: t('readingsReview.reason'), width: 200, ellipsis: true },
  ];

  return (
    <DataTable<ReadingCorrection>
      rows={rows}
      total={corrections.length}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      columns={columns}
      rowKey="id"
      emptyText={t('readingsReview.noCorrections')}
      ariaLabel={t('readingsReview.corrections')}
      data-testid="corrections-table"
    />
  );
}

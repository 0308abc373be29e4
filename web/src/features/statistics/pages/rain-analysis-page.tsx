import { PAGE_SIZE, type Station } from '@flood/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BackOfficeCard } from '../../../components/back-office-card';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { ReadingStatusTag } from '../../../components/reading-status';
import { usePortalEvents } from '../../../lib/events/use-portal-events';
import { fetchReadings, fetchStations, stationsKeys, waterKeys } from '../../stations';
import { ComparisonCard } from '../components/comparison-card';

/** /analyze/rain: the rain stations with their current status, and the comparison charts. */
export default function RainAnalysisPage() {
  const { t } = useTranslation();
  const { page, pageSize, setPage } = usePagedList(PAGE_SIZE);
  const query = { page, pageSize, kind: 'rain' as const };
  const list = useQuery({
    queryKey: stationsKeys.list(query),
    queryFn: () => fetchStations(query),
    placeholderData: keepPreviousData,
  });
  const readings = useQuery({
    queryKey: waterKeys.current('CURRENT_RAIN'),
    queryFn: () => fetchReadings('CURRENT_RAIN'),
  });
  usePortalEvents([waterKeys.all]);
  const byCode = useMemo(() => new Map((readings.data ?? []).map((r) => [r.stationCode, r])), [readings.data]);

  const columns: TableColumnsType<Station> = [
    indexColumn<Station>(page, pageSize),
    { dataIndex: 'name', title: t('stations.name') },
    { dataIndex: 'description', title: t('stations.description') },
    {
      key: 'status',
      title: t('stations.status'),
      render: (_, s) => <ReadingStatusTag reading={byCode.get(s.code)} />,
    },
  ];

  return (
    <div className="analysis-stack">
      <BackOfficeCard title={t('page.analyzeRain')}>
        <DataTable<Station>
          rows={list.data?.items ?? []}
          total={list.data?.total ?? 0}
          page={page}
          pageSize={pageSize}
          loading={list.isFetching}
          onPageChange={setPage}
          columns={columns}
          rowKey="id"
          ariaLabel={t('statistics.rainStations')}
          data-testid="rain-station-table"
        />
      </BackOfficeCard>
      <ComparisonCard />
    </div>
  );
}

import type { FloodEvent } from '@flood/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Empty, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/back-office-card';
import { seriesOption } from '../../../../components/chart-options';
import { LazyChart } from '../../../../components/lazy-chart';
import { districtToday, toDateVi, utcIsoToDistrictPick } from '../../../../lib/format/date';
import { fetchSeries, fetchStationsOfKind, stationsKeys, waterKeys } from '../../../stations';
import { ChartTable } from './chart-table';
import { seriesSummaryRows } from './flood-chart-options';

/** The period shown first: the last 7 district days, today included. */
export const WATER_CHART_DAYS = 7;

/** A request to show a flood event in the chart; `seq` changes on every request, even for the same event. */
export interface WaterChartFocus {
  event: FloodEvent;
  seq: number;
}

/** The district days of an event: from its start day to its end day (today while it is under way). */
export function eventDays(event: FloodEvent): [Dayjs, Dayjs] {
  const first = utcIsoToDistrictPick(event.start).startOf('day');
  const last = event.end ? utcIsoToDistrictPick(event.end).startOf('day') : districtToday();
  return [first, last.isBefore(first) ? first : last];
}

/**
 * 'Biểu đồ mực nước': one water station's hourly levels in metres with its warning levels I–III, over the last
 * days or over a flood event's period (chosen from the events table, the peak station first).
 */
export function WaterChartCard({ focus }: { focus: WaterChartFocus | null }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const stations = useQuery({ queryKey: stationsKeys.ofKind('water'), queryFn: () => fetchStationsOfKind('water') });
  const [picked, setPicked] = useState<string | null>(null);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const today = districtToday();
    return [today.subtract(WATER_CHART_DAYS - 1, 'day'), today];
  });
  const [eventName, setEventName] = useState<string | null>(null);

  // A new focus from the events table sets the period and the peak station (adjusting state while rendering).
  const [appliedSeq, setAppliedSeq] = useState(0);
  if (focus && focus.seq !== appliedSeq) {
    setAppliedSeq(focus.seq);
    setRange(eventDays(focus.event));
    if (focus.event.peak?.stationCode) setPicked(focus.event.peak.stationCode);
    setEventName(focus.event.name);
  }
  useEffect(() => {
    if (focus?.seq) box.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [focus?.seq]);

  const code = picked ?? stations.data?.[0]?.code ?? null;
  const from = toDateVi(range[0]);
  const to = toDateVi(range[1]);
  const series = useQuery({
    queryKey: waterKeys.series(code ?? '', from, to),
    queryFn: () => fetchSeries(code!, from, to),
    enabled: code !== null,
    placeholderData: keepPreviousData,
  });
  const loaded = series.data?.stationCode === code ? series.data : undefined;
  const option = useMemo(() => seriesOption('water', loaded ? [loaded] : [], t), [loaded, t]);
  const hasData = (loaded?.points.length ?? 0) > 0;
  const loading = stations.isPending || (code !== null && series.isFetching);
  const label = t('floodAnalysis.waterChartLabel', { station: loaded?.stationName ?? '', from, to });

  return (
    <div ref={box} className="flood-scroll-target">
      <SectionCard
        title={t('floodAnalysis.waterChartTitle')}
        data-testid="water-chart-card"
        actions={
          <>
            <Select<string>
              className="flood-station-select"
              value={code ?? undefined}
              onChange={setPicked}
              options={(stations.data ?? []).map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))}
              loading={stations.isPending}
              placeholder={t('statistics.chooseStation')}
              aria-label={t('statistics.station')}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="water-chart-station"
            />
            <DatePicker.RangePicker
              value={range}
              format="DD/MM/YYYY"
              allowClear={false}
              onChange={(v) => {
                if (!v?.[0] || !v[1]) return;
                setRange([v[0], v[1]]);
                setEventName(null);
              }}
              aria-label={t('statistics.range')}
              data-testid="water-chart-range"
            />
          </>
        }
      >
        {eventName && (
          <Tag color="blue" closable onClose={() => setEventName(null)} className="flood-chart-event">
            {eventName}
          </Tag>
        )}
        {hasData || loading ? (
          <>
            <LazyChart option={option} loading={loading} ariaLabel={label} data-testid="water-chart" />
            {loaded && hasData && (
              <ChartTable
                caption={label}
                head={[loaded.stationName, t('statistics.axisWater'), t('floodAnalysis.time')]}
                rows={seriesSummaryRows(loaded, t)}
                data-testid="water-chart-table"
              />
            )}
          </>
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('statistics.noData')}
            data-testid="water-chart-empty"
          />
        )}
      </SectionCard>
    </div>
  );
}

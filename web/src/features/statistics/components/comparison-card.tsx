import { DownloadOutlined } from '@ant-design/icons';
import type { StationKind, StationSeries } from '@flood/domain';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, Segmented, Select, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  levelsSummary,
  momentOption,
  readingsHaveData,
  seriesHaveData,
  seriesOption,
} from '../../../components/chart-options';
import { LazyChart } from '../../../components/lazy-chart';
import { downloadFile } from '../../../lib/api/download';
import { districtHour, districtToday, toDateVi } from '../../../lib/format/date';
import {
  fetchReadings,
  fetchSeries,
  fetchStationsOfKind,
  momentExportPath,
  READING_TYPE_OF,
  seriesExportPath,
  stationsKeys,
  waterKeys,
} from '../../stations';

type Mode = 'range' | 'moment';
/** Default range of the time view: the last 7 district days, today included. */
export const DEFAULT_RANGE_DAYS = 7;
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }));

function ExportButton({ onExport }: { onExport: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch {
      // the API client toasted it
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid="export-excel">
      {t('statistics.export')}
    </Button>
  );
}

function NoData() {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('statistics.noData')} data-testid="chart-empty" />;
}

/** One or several stations (water) over a range of district days. */
function RangeView({ kind }: { kind: StationKind }) {
  const { t } = useTranslation();
  const stations = useQuery({ queryKey: stationsKeys.ofKind(kind), queryFn: () => fetchStationsOfKind(kind) });
  const [picked, setPicked] = useState<string[] | null>(null);
  const first = stations.data?.[0]?.code;
  const codes = picked ?? (first ? [first] : []);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const today = districtToday();
    return [today.subtract(DEFAULT_RANGE_DAYS - 1, 'day'), today];
  });
  const from = toDateVi(range[0]);
  const to = toDateVi(range[1]);

  const results = useQueries({
    queries: codes.map((code) => ({
      queryKey: waterKeys.series(code, from, to),
      queryFn: () => fetchSeries(code, from, to),
      placeholderData: keepPreviousData,
    })),
  });
  const loaded = results.map((r) => r.data).filter((s): s is StationSeries => s !== undefined);
  const loadedKey = loaded.map((s) => `${s.stationCode}:${s.points.length}:${s.points.at(-1)?.value}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the option follows the loaded data (loadedKey)
  const option = useMemo(() => seriesOption(kind, loaded, t), [kind, loadedKey, t]);
  const loading = stations.isPending || results.some((r) => r.isFetching);
  const hasData = seriesHaveData(loaded);
  const options = (stations.data ?? []).map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));

  return (
    <>
      <div className="comparison-filters">
        <Select<string | string[]>
          className="station-select"
          mode={kind === 'water' ? 'multiple' : undefined}
          value={kind === 'water' ? codes : codes[0]}
          onChange={(v) => setPicked(Array.isArray(v) ? v : v ? [v] : [])}
          options={options}
          loading={stations.isPending}
          placeholder={t('statistics.chooseStation')}
          aria-label={t('statistics.station')}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="station-select"
        />
        <DatePicker.RangePicker
          value={range}
          format="DD/MM/YYYY"
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          aria-label={t('statistics.range')}
          data-testid="range-picker"
        />
        {hasData && (
          <ExportButton
            onExport={() =>
              Promise.all(codes.map((code) => downloadFile(seriesExportPath(code, from, to), `so-lieu-${code}.xlsx`)))
            }
          />
        )}
      </div>
      {hasData || loading ? (
        <LazyChart
          option={option}
          loading={loading}
          ariaLabel={[
            t(kind === 'water' ? 'statistics.waterRangeChart' : 'statistics.rainRangeChart'),
            levelsSummary(loaded, t),
          ]
            .filter(Boolean)
            .join('. ')}
          data-testid="range-chart"
        />
      ) : (
        <NoData />
      )}
    </>
  );
}

/** Every station of the kind at one district hour. */
function MomentView({ kind }: { kind: StationKind }) {
  const { t } = useTranslation();
  const type = READING_TYPE_OF[kind];
  const [day, setDay] = useState<Dayjs>(() => districtToday());
  const [hour, setHour] = useState<number>(() => districtHour());
  const date = toDateVi(day);
  const readings = useQuery({
    queryKey: waterKeys.moment(type, date, hour),
    queryFn: () => fetchReadings(type, date, hour),
    placeholderData: keepPreviousData,
  });
  const rows = readings.data ?? [];
  const option = useMemo(() => momentOption(kind, rows, t), [kind, rows, t]);
  const hasData = readingsHaveData(rows);

  return (
    <>
      <div className="comparison-filters">
        <DatePicker
          value={day}
          format="DD/MM/YYYY"
          allowClear={false}
          onChange={(v) => v && setDay(v)}
          aria-label={t('statistics.date')}
          data-testid="moment-date"
        />
        <Select<number>
          value={hour}
          onChange={setHour}
          options={HOURS}
          style={{ width: 110 }}
          aria-label={t('statistics.hour')}
          data-testid="moment-hour"
        />
        {hasData && (
          <ExportButton
            onExport={() =>
              downloadFile(momentExportPath(type, date, hour), `so-lieu-${kind === 'rain' ? 'mua' : 'muc-nuoc'}.xlsx`)
            }
          />
        )}
      </div>
      {hasData || readings.isPending ? (
        <LazyChart
          option={option}
          loading={readings.isFetching}
          ariaLabel={t(kind === 'water' ? 'statistics.waterMomentChart' : 'statistics.rainMomentChart')}
          data-testid="moment-chart"
        />
      ) : (
        <NoData />
      )}
    </>
  );
}

function ComparisonPanel({ kind }: { kind: StationKind }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('range');
  return (
    <>
      <Segmented<Mode>
        value={mode}
        onChange={setMode}
        options={[
          { value: 'range', label: t('statistics.modeRange') },
          { value: 'moment', label: t('statistics.modeMoment') },
        ]}
        style={{ marginBottom: 16 }}
        data-testid={`mode-${kind}`}
      />
      {mode === 'range' ? <RangeView kind={kind} /> : <MomentView kind={kind} />}
    </>
  );
}

/** 'So sánh số liệu': rain and water data, one station over time or several stations at one moment. */
export function ComparisonCard() {
  const { t } = useTranslation();
  return (
    <Card className="page-card" variant="borderless" title={t('statistics.comparison')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'rain', label: t('statistics.rainTab'), children: <ComparisonPanel kind="rain" /> },
          { key: 'water', label: t('statistics.waterTab'), children: <ComparisonPanel kind="water" /> },
        ]}
        data-testid="comparison-tabs"
      />
    </Card>
  );
}

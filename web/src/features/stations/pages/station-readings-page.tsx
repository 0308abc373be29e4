import './station-readings-page.css';
import { EditOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import {
  type CorrectionResult,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  READING_QUALITIES,
  REVIEW_MAX_DAYS,
  type ReadingQuality,
  type ReadingsReview,
  type ReviewedReading,
} from '@flood/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Empty, Select, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading, SectionCard } from '../../../components/back-office-card';
import { DataTable, indexColumn, usePagedList } from '../../../components/data-table';
import { LazyChart } from '../../../components/lazy-chart';
import { ApiError } from '../../../lib/api/client';
import { districtToday, formatDistrictDateTime, toDateVi } from '../../../lib/format/date';
import { waterKeys } from '../api/readings-api';
import { fetchReadingsReview, reviewKeys } from '../api/readings-review-api';
import { fetchStations, stationsKeys } from '../api/stations-api';
import { CorrectReadingModal } from '../components/review/correct-reading-modal';
import { CorrectionsTable } from '../components/review/corrections-table';
import { FlagRangeModal } from '../components/review/flag-range-modal';
import { reviewOption } from '../components/review/review-chart-options';
import { formatStoredValue, QUALITY_TAG_COLOURS, qualityLabel, ruleLabel } from '../components/review/review-values';

type QualityFilter = ReadingQuality | 'all';

const STATION_LIST = { page: 1, pageSize: MAX_PAGE_SIZE };

/** An instant of the answer's range as the district reads it; a date the server wrote as DD/MM/YYYY stays as is. */
const rangeEnd = (value: string) => formatDistrictDateTime(value) || value;

/**
 * Whether a day may be picked in the range: none after today, and the two ends at most `REVIEW_MAX_DAYS` days
 * apart, both counted (the server refuses longer ranges).
 */
export function reviewDayDisabled(day: Dayjs, otherEnd: Dayjs | undefined, today: Dayjs): boolean {
  if (day.isAfter(today, 'day')) return true;
  return otherEnd !== undefined && Math.abs(day.startOf('day').diff(otherEnd.startOf('day'), 'day')) >= REVIEW_MAX_DAYS;
}

/**
 * /database/station-readings (#22): staff with `database` review one station's readings — the chart with the
 * suspect and bad readings drawn apart, the table with each reading's quality — and correct them: one reading
 * marked faulty, given a corrected value or accepted as good, or every reading of a time range marked faulty,
 * always with a reason. A correction that takes away what a warning rested on cancels the warning: the page says so.
 */
export default function StationReadingsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'vi';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();

  const stations = useQuery({ queryKey: stationsKeys.list(STATION_LIST), queryFn: () => fetchStations(STATION_LIST) });
  const code = params.get('code') || stations.data?.items[0]?.code || null;
  /** No range picked: the last 24 hours (the server's default). */
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const from = range ? toDateVi(range[0]) : undefined;
  const to = range ? toDateVi(range[1]) : undefined;

  const review = useQuery({
    queryKey: reviewKeys.review(code ?? '', from, to),
    queryFn: () => fetchReadingsReview(code ?? '', from, to),
    enabled: code !== null,
    // Another range of the same station stays on screen while it loads; another station does not.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === code ? previous : undefined),
  });
  const data = review.data;

  const [filter, setFilter] = useState<QualityFilter>('all');
  const [editing, setEditing] = useState<ReviewedReading | null>(null);
  const [flagging, setFlagging] = useState(false);
  const [cancelled, setCancelled] = useState<number[]>([]);

  const pickStation = (next: string) => {
    setParams({ code: next }, { replace: true });
    setCancelled([]);
  };

  const onSaved = (result: CorrectionResult, bulk: boolean) => {
    void queryClient.invalidateQueries({ queryKey: waterKeys.all });
    if (bulk && result.changed === 0) void message.info(t('readingsReview.nothingChanged'));
    else
      void message.success(
        bulk ? t('readingsReview.savedRange', { count: result.changed }) : t('readingsReview.saved'),
      );
    if (result.cancelledAlerts.length > 0) setCancelled(result.cancelledAlerts);
  };

  const stationOptions = useMemo(() => {
    const items = (stations.data?.items ?? []).map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));
    // A station beyond the list's first hundred (opened from its row) is still offered.
    if (code && !items.some((o) => o.value === code)) {
      items.unshift({ value: code, label: data ? `${data.stationName} (${code})` : code });
    }
    return items;
  }, [stations.data, code, data]);

  const today = districtToday();
  // '24 giờ qua: từ 25/11/2026 08:30 đến 26/11/2026 08:30, 288 số liệu' — what the chart and the table hold.
  const rangeText = data
    ? `${t(range ? 'readingsReview.pickedRange' : 'readingsReview.last24h')}: ${t('readingsReview.rangeSummary', {
        from: rangeEnd(data.from),
        to: rangeEnd(data.to),
        count: data.readings.length,
      })}`
    : '';
  return (
    <div className="page-stack station-readings">
      <PageHeading title={t('page.stationReadings')} />
      {cancelled.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setCancelled([]), 'aria-label': t('common.close') }}
          title={t('readingsReview.cancelledAlerts', { count: cancelled.length })}
          description={t('readingsReview.cancelledAlertsIds', { ids: cancelled.map((id) => `#${id}`).join(', ') })}
          data-testid="cancelled-alerts"
        />
      )}
      <SectionCard
        title={data ? `${data.stationName} (${data.stationCode})` : t('readingsReview.readingsTitle')}
        data-testid="review-card"
        actions={
          <Button
            danger
            icon={<StopOutlined />}
            onClick={() => setFlagging(true)}
            disabled={!data}
            data-testid="flag-range-open"
          >
            {t('readingsReview.flagRange')}
          </Button>
        }
      >
        <div className="review-filters">
          <Select<string>
            className="review-station"
            value={code ?? undefined}
            onChange={pickStation}
            options={stationOptions}
            loading={stations.isPending}
            placeholder={t('readingsReview.chooseStation')}
            aria-label={t('readingsReview.station')}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="review-station"
          />
          <DatePicker.RangePicker
            value={range}
            format="DD/MM/YYYY"
            placeholder={[t('readingsReview.fromDay'), t('readingsReview.toDay')]}
            onChange={(v) => setRange(v?.[0] && v[1] ? [v[0], v[1]] : null)}
            disabledDate={(day, info) => reviewDayDisabled(day, info?.from, today)}
            aria-label={t('readingsReview.range')}
            data-testid="review-range"
          />
          <Tooltip title={t('readingsReview.reload')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('readingsReview.reload')}
              onClick={() => void review.refetch()}
              disabled={!code}
              data-testid="review-reload"
            />
          </Tooltip>
        </div>
        <ReviewBody
          review={data}
          loading={review.isFetching}
          error={review.isError ? review.error : null}
          noStation={!code && !stations.isPending}
          rangeText={rangeText}
          lang={lang}
        />
      </SectionCard>
      {data && (
        <SectionCard
          title={t('readingsReview.tableTitle')}
          data-testid="review-table-card"
          actions={
            <Select<QualityFilter>
              className="review-quality-filter"
              value={filter}
              onChange={setFilter}
              aria-label={t('readingsReview.qualityFilter')}
              data-testid="review-quality-filter"
              options={[
                { value: 'all', label: `${t('readingsReview.allQualities')} (${data.readings.length})` },
                ...READING_QUALITIES.map((q) => ({
                  value: q,
                  label: `${qualityLabel(q, lang)} (${data.readings.filter((r) => r.quality === q).length})`,
                })),
              ]}
            />
          }
        >
          <ReadingsTable
            review={data}
            filter={filter}
            loading={review.isFetching}
            onEdit={setEditing}
            resetKey={`${code}|${from}|${to}|${filter}`}
          />
        </SectionCard>
      )}
      {data && (
        <SectionCard title={t('readingsReview.corrections')} data-testid="corrections-card">
          <CorrectionsTable kind={data.kind} corrections={data.corrections} />
        </SectionCard>
      )}
      {data && editing && (
        <CorrectReadingModal
          key={editing.observedAt}
          open
          stationCode={data.stationCode}
          kind={data.kind}
          reading={editing}
          onClose={() => setEditing(null)}
          onSaved={(result) => onSaved(result, false)}
        />
      )}
      {data && (
        <FlagRangeModal
          open={flagging}
          stationCode={data.stationCode}
          stationName={data.stationName}
          onClose={() => setFlagging(false)}
          onSaved={(result) => onSaved(result, true)}
        />
      )}
    </div>
  );
}

interface ReviewBodyProps {
  review: ReadingsReview | undefined;
  loading: boolean;
  error: Error | null;
  noStation: boolean;
  rangeText: string;
  lang: 'vi' | 'en';
}

/** The range shown, how many readings of each kind, and the chart (or why there is none). */
function ReviewBody({ review, loading, error, noStation, rangeText, lang }: ReviewBodyProps) {
  const { t } = useTranslation();
  const option = useMemo(() => (review ? reviewOption(review, t, lang) : null), [review, t, lang]);
  if (noStation) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('readingsReview.noStation')} />;
  }
  if (error && !review) {
    return (
      <Alert
        type="error"
        showIcon
        title={error instanceof ApiError ? error.body.message : t('errors.generic')}
        data-testid="review-error"
      />
    );
  }
  const counts = review
    ? (['suspect', 'bad', 'corrected'] as const)
        .map((q) => [q, review.readings.filter((r) => r.quality === q).length] as const)
        .filter(([, n]) => n > 0)
    : [];
  return (
    <>
      {review && (
        <Typography.Paragraph className="review-summary" data-testid="review-summary">
          {rangeText}
          {counts.map(([q, n]) => (
            <Tag key={q} color={QUALITY_TAG_COLOURS[q]} className="review-count">
              {qualityLabel(q, lang)}: {n}
            </Tag>
          ))}
        </Typography.Paragraph>
      )}
      {review && review.readings.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('readingsReview.noReadings')}
          data-testid="review-empty"
        />
      ) : (
        option && (
          <LazyChart
            option={option}
            loading={loading}
            height={340}
            ariaLabel={t('readingsReview.chartLabel', { station: review?.stationName ?? '' })}
            data-testid="review-chart"
          />
        )
      )}
      {!review && loading && <LazyChart option={{}} loading height={340} ariaLabel={t('common.loading')} />}
    </>
  );
}

interface ReadingsTableProps {
  review: ReadingsReview;
  filter: QualityFilter;
  loading: boolean;
  onEdit: (reading: ReviewedReading) => void;
  resetKey: string;
}

/** The readings newest first, ten a page, each with its quality and the button to correct it. */
function ReadingsTable({ review, filter, loading, onEdit, resetKey }: ReadingsTableProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'vi';
  const { page, pageSize, setPage } = usePagedList(PAGE_SIZE, resetKey);
  const { kind } = review;
  const rows = useMemo(
    () => review.readings.filter((r) => filter === 'all' || r.quality === filter).reverse(),
    [review.readings, filter],
  );
  const shown = rows.slice((page - 1) * pageSize, page * pageSize);

  const columns: TableColumnsType<ReviewedReading> = [
    { ...indexColumn<ReviewedReading>(page, pageSize), responsive: ['sm'] },
    {
      dataIndex: 'observedAt',
      title: t('readingsReview.time'),
      className: 'nowrap',
      render: (v: string) => formatDistrictDateTime(v),
    },
    {
      dataIndex: 'value',
      title: t('readingsReview.value'),
      className: 'nowrap',
      align: 'right',
      // A corrected reading shows the logger's value under the one in use (one column less on a phone).
      render: (v: number, r) => (
        <>
          <span className={r.quality === 'bad' ? 'review-value-bad' : undefined}>{formatStoredValue(kind, v)}</span>
          {r.originalValue !== null && (
            <span className="review-original">
              {t('readingsReview.originalShort', { value: formatStoredValue(kind, r.originalValue) })}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'quality',
      title: t('readingsReview.quality'),
      render: (_, r) => (
        <span className="review-quality">
          <Tag color={QUALITY_TAG_COLOURS[r.quality]} data-testid={`quality-${r.observedAt}`}>
            {qualityLabel(r.quality, lang)}
          </Tag>
          {r.qualityRule && <span className="review-rule">{ruleLabel(r.qualityRule, lang)}</span>}
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 48,
      fixed: 'right',
      render: (_, r) => (
        <Tooltip title={t('readingsReview.correct')}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`${t('readingsReview.correct')} ${formatDistrictDateTime(r.observedAt)}`}
            onClick={() => onEdit(r)}
            data-testid={`reading-edit-${r.observedAt}`}
          />
        </Tooltip>
      ),
    },
  ];

  return (
    <DataTable<ReviewedReading>
      rows={shown}
      total={rows.length}
      page={page}
      pageSize={pageSize}
      loading={loading}
      onPageChange={setPage}
      columns={columns}
      rowKey="observedAt"
      emptyText={t('readingsReview.noReadings')}
      ariaLabel={t('readingsReview.tableTitle')}
      data-testid="review-table"
    />
  );
}

import '../news-public.css';
import type { NewsPage as NewsPageData } from '@flood/domain';
import { NEWS_HOME_SIZE, unitPagePath } from '@flood/domain';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FirstView } from '../../../app/layout/first-view';
import { PageLoading } from '../../../app/layout/page-loading';
import { useDocumentTitle } from '../../../components/use-document-title';
import { usePublicUnit, useReadUnit } from '../../../lib/area/public-unit';
import { DataSaverNotice } from '../../../lib/data-saver';
import { fetchNewsList, newsKeys } from '../api/news-api';
import { NewsCardGrid } from '../components/public/news-card-grid';
import { NEWS_TABS } from '../components/public/news-public-helpers';

const MORE_KEYS = { warning: 'newsPublic.moreWarning', activity: 'newsPublic.moreActivity' } as const;

/** As the route's first reads ask for them (domain newsHomeRead, unitRead): page, pageSize, type, unit. */
const homeQuery = (tab: (typeof NEWS_TABS)[number], unit: string | undefined) => ({
  page: 1,
  pageSize: NEWS_HOME_SIZE,
  type: tab.type,
  unit,
});

/** The query of one section's list (of one unit's news with `unit`). */
const homeListQuery = (tab: (typeof NEWS_TABS)[number], unit: string | undefined) => ({
  queryKey: newsKeys.list(homeQuery(tab, unit)),
  queryFn: () => fetchNewsList(homeQuery(tab, unit)),
});

/**
 * What the page reads as it opens, fetched before its first render (public-page.tsx, #25 point 3): with both lists
 * in, React renders the page at once instead of a copy of the server's first view first.
 */
export function firstQueries(unit: string | undefined) {
  return NEWS_TABS.map((tab) => homeListQuery(tab, unit));
}

/**
 * `/news`: 'Tin cảnh báo' and 'Tin hoạt động', the latest 6 published items of each with 'Xem thêm'. Both
 * sections appear together once both lists are in: the second does not jump down when the first fills.
 */
export default function NewsPage() {
  const { t } = useTranslation();
  const title = t('page.news');
  useDocumentTitle(title);
  const unit = useReadUnit();
  const lists = useQueries({ queries: firstQueries(unit) });
  const pending = lists.some((list) => list.isPending);
  // The server's first view of this page while its lists load, exactly as it was (#25).
  if (pending) {
    const fallback = (
      <div className="news-page">
        <h1 className="news-page-title">{title}</h1>
        <PageLoading />
      </div>
    );
    return <FirstView part="main" path={unitPagePath(unit, '/news')} fallback={fallback} />;
  }
  return (
    <div className="news-page">
      <h1 className="news-page-title">{title}</h1>
      <DataSaverNotice />
      {NEWS_TABS.map((tab, i) => (
        <NewsSection
          key={tab.key}
          tab={tab}
          list={lists[i]!}
          first={i === 0}
          title={t(tab.labelKey)}
          moreLabel={t(MORE_KEYS[tab.key])}
        />
      ))}
    </div>
  );
}

function NewsSection({
  tab,
  list,
  first,
  title,
  moreLabel,
}: {
  tab: (typeof NEWS_TABS)[number];
  list: UseQueryResult<NewsPageData>;
  /** The first section starts in view. */
  first: boolean;
  title: string;
  moreLabel: string;
}) {
  const { t } = useTranslation();
  const { path } = usePublicUnit();
  const { data, isPending, isError } = list;
  const headingId = `news-section-${tab.key}`;
  return (
    <section className="news-section page-panel" aria-labelledby={headingId} data-testid={headingId}>
      <div className="news-section-head">
        <h2 id={headingId} className="news-section-title">
          {title}
        </h2>
        <Link to={path(`/all-news?tab=${tab.key}`)} className="news-more" aria-label={moreLabel}>
          {t('newsPublic.more')}
        </Link>
      </div>
      <NewsCardGrid items={data?.items} loading={isPending} failed={isError} headingLevel={3} inView={first} />
    </section>
  );
}

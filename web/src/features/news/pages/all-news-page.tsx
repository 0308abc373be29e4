import '../news-public.css';
import { PAGE_SIZE } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useReadUnit } from '../../../lib/area/public-unit';
import { fetchNewsList, newsKeys } from '../api/news-api';
import { NewsCardGrid } from '../components/public/news-card-grid';
import { NewsPager } from '../components/public/news-pager';
import { NEWS_TABS, pageOf, tabOf } from '../components/public/news-public-helpers';

/**
 * `/all-news`: warning and activity news in two tabs, newest first, 10 a page. The tab and the page live in
 * the URL (`?tab=warning&page=2`), so the browser's back button returns to the previous page.
 */
export default function AllNewsPage() {
  const { t } = useTranslation();
  const title = t('page.allNews');
  useDocumentTitle(title);
  const [params, setParams] = useSearchParams();
  const active = tabOf(params.get('tab'));
  const page = pageOf(params.get('page'));
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const listTop = useRef<HTMLHeadingElement>(null);

  const q = { page, pageSize: PAGE_SIZE, type: active.type, unit: useReadUnit() };
  const { data, isPending, isError } = useQuery({ queryKey: newsKeys.list(q), queryFn: () => fetchNewsList(q) });

  // A page past the end (an old link, items deleted since) shows the last page instead.
  useEffect(() => {
    if (!data || data.items.length > 0 || page === 1) return;
    const last = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
    if (last < page) setParams(urlOf(active.key, last), { replace: true });
  }, [data, page, active.key, setParams]);

  const selectTab = (index: number) => {
    const tab = NEWS_TABS[index];
    if (!tab) return;
    tabRefs.current[index]?.focus();
    if (tab.key !== active.key) setParams(urlOf(tab.key, 1));
  };
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const last = NEWS_TABS.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    selectTab(target);
  };
  const goToPage = (next: number) => {
    setParams(urlOf(active.key, next));
    listTop.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  return (
    <div className="news-page">
      <h1 className="news-page-title" ref={listTop}>
        {title}
      </h1>
      <div className="news-tabbed">
        <div className="news-tabs" role="tablist" aria-label={t('newsPublic.newsTypes')}>
          {NEWS_TABS.map((tab, index) => {
            const selected = tab.key === active.key;
            return (
              <button
                key={tab.key}
                ref={(el) => {
                  tabRefs.current[index] = el;
                }}
                type="button"
                role="tab"
                id={`news-tab-${tab.key}`}
                aria-selected={selected}
                aria-controls={`news-panel-${tab.key}`}
                tabIndex={selected ? 0 : -1}
                className={selected ? 'news-tab news-tab-active' : 'news-tab'}
                onClick={() => selectTab(index)}
                onKeyDown={(event) => onTabKey(event, index)}
              >
                {t(tab.labelKey)}
              </button>
            );
          })}
        </div>
        {NEWS_TABS.map((tab) => (
          <div
            key={tab.key}
            role="tabpanel"
            id={`news-panel-${tab.key}`}
            aria-labelledby={`news-tab-${tab.key}`}
            hidden={tab.key !== active.key}
            className="news-panel page-panel"
            data-testid={`news-panel-${tab.key}`}
          >
            {tab.key === active.key && (
              <>
                <NewsCardGrid items={data?.items} loading={isPending} failed={isError} headingLevel={2} inView />
                <NewsPager page={page} total={data?.total ?? 0} pageSize={PAGE_SIZE} onChange={goToPage} />
              </>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The query of a tab's page; page 1 is left out. */
function urlOf(tab: string, page: number): URLSearchParams {
  const next = new URLSearchParams({ tab });
  if (page > 1) next.set('page', String(page));
  return next;
}

import { RELATED_NEWS_SIZE } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePublicUnit } from '../../../../lib/area/public-unit';
import { formatDistrictDateTime } from '../../../../lib/format/date';
import { fetchNewsList, newsKeys } from '../../api/news-api';
import { NewTabLink } from './news-links';

const LISTS = [
  { type: 'NORMAL', titleKey: 'newsPublic.latestActivity', id: 'related-activity' },
  { type: 'WARNING', titleKey: 'newsPublic.latestWarning', id: 'related-warning' },
] as const;

/** The latest 5 activity and 5 warning news beside an item, opening in new tabs (public-portal §2). */
export function RelatedNews() {
  const { t } = useTranslation();
  return (
    <div className="news-related">
      {LISTS.map((list) => (
        <RelatedList key={list.type} type={list.type} title={t(list.titleKey)} id={list.id} />
      ))}
    </div>
  );
}

function RelatedList({ type, title, id }: { type: 'NORMAL' | 'WARNING'; title: string; id: string }) {
  const { t } = useTranslation();
  const { code, path } = usePublicUnit();
  const q = { page: 1, pageSize: RELATED_NEWS_SIZE, type, unit: code ?? undefined };
  const { data, isPending } = useQuery({ queryKey: newsKeys.list(q), queryFn: () => fetchNewsList(q) });
  return (
    <section className="news-related-list page-panel" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="news-subtitle">
        {title}
      </h2>
      {isPending ? (
        <p className="news-state" role="status">
          {t('common.loading')}
        </p>
      ) : data?.items.length ? (
        <ul>
          {data.items.map((item) => (
            <li key={item.id}>
              <NewTabLink href={path(`/news/${item.id}`)} className="news-related-link">
                {item.name}
              </NewTabLink>
              <time className="news-card-date" dateTime={item.date}>
                {formatDistrictDateTime(item.date)}
              </time>
            </li>
          ))}
        </ul>
      ) : (
        <p className="news-state">{t('newsPublic.empty')}</p>
      )}
    </section>
  );
}

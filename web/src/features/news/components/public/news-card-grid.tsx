import type { NewsSummary } from '@flood/domain';
import { useTranslation } from 'react-i18next';
import { NewsCard } from './news-card';

interface NewsCardGridProps {
  items: NewsSummary[] | undefined;
  loading: boolean;
  failed: boolean;
  headingLevel: 2 | 3;
  /** The grid starts in view: its first row of pictures loads at once (the largest paint of the page). */
  inView?: boolean;
}

/** Cards in a row at most (desktop). */
const FIRST_ROW = 3;

/** The cards of one list, or the loading / empty ('Không có bản tin nào') / failure text in their place. */
export function NewsCardGrid({ items, loading, failed, headingLevel, inView = false }: NewsCardGridProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <p className="news-state" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (failed) return <p className="news-state">{t('errors.generic')}</p>;
  if (!items?.length) return <p className="news-state news-empty">{t('newsPublic.empty')}</p>;
  return (
    <ul className="news-grid">
      {items.map((item, i) => (
        <NewsCard key={item.id} item={item} headingLevel={headingLevel} eager={inView && i < FIRST_ROW} />
      ))}
    </ul>
  );
}

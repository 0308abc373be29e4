import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { shouldShowPager } from '@flood/domain';
import { useTranslation } from 'react-i18next';
import { pagerItems } from './news-public-helpers';

interface NewsPagerProps {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}

/** Previous, page numbers, next: plain buttons (no antd Pagination on public pages), only past one page. */
export function NewsPager({ page, total, pageSize, onChange }: NewsPagerProps) {
  const { t } = useTranslation();
  if (!shouldShowPager(total, pageSize)) return null;
  const pageCount = Math.ceil(total / pageSize);
  return (
    <nav className="news-pager" aria-label={t('newsPublic.pager')} data-testid="news-pager">
      <button
        type="button"
        className="news-pager-button"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label={t('newsPublic.previousPage')}
      >
        <LeftOutlined aria-hidden />
      </button>
      {pagerItems(page, pageCount).map((item, i) =>
        item === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place
          <span key={`gap-${i}`} className="news-pager-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={item === page ? 'news-pager-button news-pager-current' : 'news-pager-button'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('newsPublic.pageN', { page: item })}
            onClick={() => item !== page && onChange(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className="news-pager-button"
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
        aria-label={t('newsPublic.nextPage')}
      >
        <RightOutlined aria-hidden />
      </button>
    </nav>
  );
}

import '../news-public.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../components/use-document-title';
import { fetchAbout, newsKeys } from '../api/news-api';
import { NewsHtml } from '../components/public/news-html';

/** `/about`: the single GIOI_THIEU record's name and body (DECISIONS.md), or a note that there is none yet. */
export default function AboutPage() {
  const { t } = useTranslation();
  const { data: about, isPending, isError } = useQuery({ queryKey: newsKeys.about, queryFn: fetchAbout });
  const title = about?.name ?? t('page.about');
  useDocumentTitle(title);
  return (
    <div className="news-page">
      <article className="news-article news-about page-panel" data-testid="about-article">
        <h1 className="news-article-title">{title}</h1>
        {isPending ? (
          <p className="news-state" role="status">
            {t('common.loading')}
          </p>
        ) : isError ? (
          <p className="news-state">{t('errors.generic')}</p>
        ) : about ? (
          <NewsHtml html={about.content} />
        ) : (
          <p className="news-state news-empty">{t('newsPublic.aboutEmpty')}</p>
        )}
      </article>
    </div>
  );
}

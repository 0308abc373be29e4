import '../news-public.css';
import { EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../components/use-document-title';
import { formatDistrictDateTime } from '../../../lib/format/date';
import { toast } from '../../../lib/toast/toast';
import { fetchNews, newsKeys } from '../api/news-api';
import { AttachmentList } from '../components/public/attachment-list';
import { NewsHtml } from '../components/public/news-html';
import { RelatedNews } from '../components/public/related-news';
import { useViewCount } from '../components/public/use-view-count';

/**
 * `/news/{id}` (public-portal §2 News detail): title, date-time, 'Lượt xem', sapo, the sanitised body,
 * attachments, author and the latest news beside it. A failed load goes to /home with 'Không tìm thấy bài viết'.
 */
export default function NewsDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const { data: news, isError } = useQuery({ queryKey: newsKeys.item(id), queryFn: () => fetchNews(id, 'none') });
  const views = useViewCount(id);
  useDocumentTitle(news?.name ?? t('page.newsDetail'));

  const left = useRef(false);
  useEffect(() => {
    if (!isError || left.current) return;
    left.current = true;
    toast.error(t('newsPublic.notFound'));
    navigate('/home', { replace: true });
  }, [isError, navigate, t]);

  return (
    <div className="news-detail">
      {news ? (
        <article className="news-article page-panel" data-testid="news-article">
          <header className="news-article-head">
            <h1 className="news-article-title">{news.name}</h1>
            <p className="news-article-meta">
              <time dateTime={news.date}>{formatDistrictDateTime(news.date)}</time>
              <span className="news-views" aria-live="polite">
                <EyeOutlined aria-hidden /> {t('newsPublic.views')}:{' '}
                <strong data-testid="news-views">{views ?? '…'}</strong>
              </span>
            </p>
          </header>
          {news.sapo && <p className="news-article-sapo">{news.sapo}</p>}
          <NewsHtml html={news.content} />
          <AttachmentList attachments={news.attachments} />
          {news.author && (
            <p className="news-article-author">
              <span className="news-sr-only">{t('newsPublic.author')}: </span>
              {news.author}
            </p>
          )}
        </article>
      ) : (
        <div className="news-article page-panel">
          <h1 className="news-article-title">{t('page.newsDetail')}</h1>
          <p className="news-state" role="status">
            {t('common.loading')}
          </p>
        </div>
      )}
      <RelatedNews />
    </div>
  );
}

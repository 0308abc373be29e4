import '../news-public.css';
import { type DirectiveDocument, PAGE_SIZE } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/use-document-title';
import { formatDistrictDateTime } from '../../../lib/format/date';
import { fetchDocuments, newsKeys } from '../api/news-api';
import { NewTabLink } from '../components/public/news-links';
import { NewsPager } from '../components/public/news-pager';
import { DOCUMENT_FALLBACK_IMAGE, pageOf } from '../components/public/news-public-helpers';

/** `/document`: 'Văn bản chỉ đạo', the published directive documents, 10 a page, each opening its PDF. */
export default function DocumentPage() {
  const { t } = useTranslation();
  const title = t('page.document');
  useDocumentTitle(title);
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const top = useRef<HTMLHeadingElement>(null);
  const q = { page, pageSize: PAGE_SIZE };
  const { data, isPending, isError } = useQuery({ queryKey: newsKeys.documents(q), queryFn: () => fetchDocuments(q) });
  const goToPage = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  return (
    <div className="news-page">
      <section className="page-panel news-documents" aria-labelledby="document-title">
        <h1 id="document-title" className="news-page-title" ref={top}>
          {title}
        </h1>
        {isPending ? (
          <p className="news-state" role="status">
            {t('common.loading')}
          </p>
        ) : isError ? (
          <p className="news-state">{t('errors.generic')}</p>
        ) : data.items.length === 0 ? (
          <p className="news-state news-empty">{t('newsPublic.documentsEmpty')}</p>
        ) : (
          <ul className="news-grid">
            {data.items.map((doc) => (
              <DocumentCard key={doc.id} doc={doc} />
            ))}
          </ul>
        )}
        <NewsPager page={page} total={data?.total ?? 0} pageSize={PAGE_SIZE} onChange={goToPage} />
      </section>
    </div>
  );
}

function DocumentCard({ doc }: { doc: DirectiveDocument }) {
  const { t } = useTranslation();
  return (
    <li className="news-card news-document" data-testid={`document-card-${doc.id}`}>
      <img className="news-card-image" src={DOCUMENT_FALLBACK_IMAGE} alt="" width={320} height={180} />
      <div className="news-card-body">
        <h2 className="news-card-title">{doc.title}</h2>
        {doc.description && <p className="news-document-description">{doc.description}</p>}
        <time className="news-card-date" dateTime={doc.date}>
          {formatDistrictDateTime(doc.date)}
        </time>
        {doc.path && (
          <NewTabLink href={doc.path} className="news-document-open">
            {t('newsPublic.openDocument')}
            <span className="news-sr-only"> {doc.title}</span>
          </NewTabLink>
        )}
      </div>
    </li>
  );
}

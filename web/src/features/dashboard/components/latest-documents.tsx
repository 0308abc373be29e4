import { DASHBOARD_DOCUMENTS, type DirectiveDocument } from '@flood/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicUnit } from '../../../lib/area/public-unit';
import { formatDistrictDateTime } from '../../../lib/format/date';
import { fetchDocuments, fetchNews, newsKeys } from '../../news';

/** Spec §9 "dashboard documents 4". */
const QUERY = { page: 1, pageSize: DASHBOARD_DOCUMENTS };

function PdfIcon() {
  return (
    <svg className="dash-doc-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden focusable="false">
      <path d="M6 2h8l5 5v15H6z" fill="#fdecea" stroke="#c62828" strokeWidth="1.5" strokeLinejoin="round" />
      <path d="M14 2v5h5" fill="none" stroke="#c62828" strokeWidth="1.5" strokeLinejoin="round" />
      <text x="12.5" y="17.5" textAnchor="middle" fontSize="5.5" fontWeight="700" fill="#c62828">
        PDF
      </text>
    </svg>
  );
}

function DocumentItem({ document, body }: { document: DirectiveDocument; body: string | undefined }) {
  const { t } = useTranslation();
  const title = document.title.trim();
  const heading = document.path ? (
    <a href={document.path} target="_blank" rel="noopener noreferrer" data-testid={`dash-doc-link-${document.id}`}>
      {title}
      <span className="dash-visually-hidden"> {`${t('dashboard.openPdf')} ${t('dashboard.newTab')}`}</span>
    </a>
  ) : (
    title
  );
  return (
    <li className="dash-doc" data-testid={`dash-doc-${document.id}`}>
      <PdfIcon />
      <div className="dash-doc-text">
        <h3 className="dash-doc-title">{heading}</h3>
        {document.description ? (
          <p className="dash-doc-body">{document.description}</p>
        ) : (
          body && (
            // The body is sanitised by the server on every save (sanitize-html, docs/decisions.md #9).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML body of a published item
            <div className="dash-doc-body dash-doc-html" dangerouslySetInnerHTML={{ __html: body }} />
          )
        )}
        <p className="dash-doc-date">
          {t('dashboard.createdAt', { date: formatDistrictDateTime(document.createdAt) })}
        </p>
      </div>
    </li>
  );
}

/**
 * The latest 4 directive documents, newest first (spec §2 "Dashboard"): title (opening its PDF in a new tab),
 * the description, else the document's HTML body, and the created date; a link to /document.
 */
export function LatestDocuments() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: newsKeys.documents(QUERY), queryFn: () => fetchDocuments(QUERY) });
  const documents = list.data?.items ?? [];
  // Only documents without a description need their body (a short HTML text in most cases).
  const bodies = useQueries({
    queries: documents
      .filter((d) => !d.description)
      .map((d) => ({
        queryKey: newsKeys.item(d.id),
        queryFn: () => fetchNews(d.id, 'none'),
        staleTime: 5 * 60_000,
      })),
  });
  const { path } = usePublicUnit();
  const bodyOf = new Map(bodies.flatMap((b) => (b.data ? [[b.data.id, b.data.content] as const] : [])));

  return (
    <section className="dash-section dash-documents" aria-labelledby="dash-documents-title">
      <div className="dash-section-head">
        <h2 id="dash-documents-title" className="dash-heading">
          {t('dashboard.documents')}
        </h2>
        <Link to={path('/document')} className="dash-more" data-testid="dash-all-documents">
          {t('dashboard.allDocuments')}
        </Link>
      </div>
      {list.isSuccess && documents.length === 0 ? (
        <p className="dash-empty">{t('dashboard.noDocuments')}</p>
      ) : (
        <ul className="dash-doc-list" aria-busy={list.isPending} data-testid="dash-documents">
          {documents.map((d) => (
            <DocumentItem key={d.id} document={d} body={bodyOf.get(d.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

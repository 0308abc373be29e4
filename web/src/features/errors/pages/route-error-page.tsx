import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { useDocumentTitle } from '../../../components/use-document-title';

/** sessionStorage key: when the page last reloaded for a missing chunk (at most once a minute: no loop). */
const RELOADED_KEY = 'flood.reloadedForChunk';
const RELOAD_GAP_MS = 60_000;

/** A page chunk that no longer exists: the portal was updated while this tab kept the old page. */
export function isStaleChunkError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    text,
  );
}

/**
 * What a route shows when it throws (instead of React Router's developer screen). After a release, a tab
 * opened earlier asks for chunks that are gone: it reloads once to get the new version; anything else shows
 * a plain Vietnamese error with 'Tải lại trang' and 'Về trang chủ'. `standalone` when the layout itself failed.
 */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();
  useDocumentTitle(t('errors.crashTitle'));
  const stale = isStaleChunkError(error);

  useEffect(() => {
    if (!stale) return;
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GAP_MS) return;
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    window.location.reload();
  }, [stale]);

  const body = (
    <section className="page-card page-panel not-found" role="alert" data-testid="route-error">
      <h1 className="not-found-title">{t('errors.crashTitle')}</h1>
      <p className="page-muted">{t('errors.crashSubtitle')}</p>
      <p className="route-error-actions">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
        <a className="route-error-home" href="/home">
          {t('errors.backHome')}
        </a>
      </p>
    </section>
  );
  // Inside the layout the page sits in its <main>; an error of the layout itself has none around it.
  return standalone ? (
    <main id="main-content" className="app-main">
      {body}
    </main>
  ) : (
    body
  );
}

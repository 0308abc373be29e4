import '../subscriptions.css';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../../../components/use-document-title';
import { isUnknownToken, useSubscription } from '../api/subscriptions-api';
import { ManageSubscription } from '../components/manage-subscription';
import { forgetToken, storedToken, storeToken, tokenFromHash } from '../model/token-store';
import { SUBSCRIBE_PATH } from '../paths';

/** A plain message with the way to sign up (again). */
function Notice({ text, role = 'status' }: { text: string; role?: 'status' | 'alert' }) {
  const { t } = useTranslation();
  return (
    <div className="sub-notice" data-testid="manage-notice">
      <p role={role}>{text}</p>
      <p>
        <Link className="sub-button sub-button-primary" to={SUBSCRIBE_PATH}>
          {t('subscriptions.signUpAgain')}
        </Link>
      </p>
    </div>
  );
}

/**
 * `/dang-ky-canh-bao/quan-ly` (#24): a subscription reached by its manage token, from the link's fragment (`#t=…`:
 * the short link of every message redirects here) or else the one this browser keeps. An unknown token is a plain
 * message and a link to sign up again; after 'Huỷ đăng ký' the stored token goes too.
 */
export default function ManagePage() {
  const { t } = useTranslation();
  const title = t('page.subscriptionManage');
  useDocumentTitle(title);
  const { hash } = useLocation();
  const fromLink = useMemo(() => tokenFromHash(hash), [hash]);
  const token = fromLink ?? storedToken();
  const [gone, setGone] = useState(false);
  const query = useSubscription(gone ? null : token);
  const unknown = query.isError && isUnknownToken(query.error);
  const goneNotice = useRef<HTMLDivElement>(null);

  // A link's token that works is kept: the next visit finds the subscription without the link.
  useEffect(() => {
    if (fromLink && query.data) storeToken(fromLink);
  }, [fromLink, query.data]);
  // A stored token the server no longer knows is dropped.
  useEffect(() => {
    if (unknown && token && token === storedToken()) forgetToken();
  }, [unknown, token]);
  useEffect(() => {
    if (gone) goneNotice.current?.focus();
  }, [gone]);

  let body: ReactNode;
  if (gone) {
    body = (
      <div ref={goneNotice} tabIndex={-1} className="sub-notice-focus" data-testid="unsubscribed">
        <Notice text={t('subscriptions.unsubscribed')} />
      </div>
    );
  } else if (!token) body = <Notice text={t('subscriptions.noToken')} />;
  else if (query.isPending) {
    body = (
      <p className="page-muted" role="status">
        {t('subscriptions.loading')}
      </p>
    );
  } else if (unknown) body = <Notice text={t('subscriptions.notFound')} role="alert" />;
  else if (query.isError) {
    body = (
      <div className="sub-notice">
        <p role="alert">{t('subscriptions.loadFailed')}</p>
        <button type="button" className="sub-button sub-button-secondary" onClick={() => void query.refetch()}>
          {t('subscriptions.retry')}
        </button>
      </div>
    );
  } else {
    body = (
      <ManageSubscription
        key={token}
        token={token}
        view={query.data}
        onGone={() => {
          forgetToken();
          setGone(true);
        }}
      />
    );
  }

  return (
    <section className="page-card page-panel sub-page" aria-labelledby="manage-title" data-testid="manage-page">
      <h1 id="manage-title" className="page-title">
        {title}
      </h1>
      {body}
    </section>
  );
}

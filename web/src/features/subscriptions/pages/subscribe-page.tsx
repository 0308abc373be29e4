import '../subscriptions.css';
import type { SubscribeResult } from '@flood/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/use-document-title';
import { SubscribeDone } from '../components/subscribe-done';
import { SubscribeForm } from '../components/subscribe-form';
import { storedToken, storeToken } from '../model/token-store';
import { MANAGE_PATH } from '../paths';

/**
 * `/dang-ky-canh-bao` (#24): residents sign up for the warnings of their communes. Public, plain markup (no antd),
 * for a cheap phone on a storm night: the map and the human check load after the first paint.
 */
export default function SubscribePage() {
  const { t } = useTranslation();
  const title = t('page.subscribe');
  useDocumentTitle(title);
  const [hadToken] = useState(() => storedToken() !== null);
  const [done, setDone] = useState<{ result: SubscribeResult; email: string } | null>(null);

  return (
    <section className="page-card page-panel sub-page" aria-labelledby="subscribe-title" data-testid="subscribe-page">
      <h1 id="subscribe-title" className="page-title">
        {title}
      </h1>
      {done ? (
        <SubscribeDone result={done.result} email={done.email} />
      ) : (
        <>
          <p className="page-muted">{t('subscriptions.intro')}</p>
          {hadToken && (
            <p className="sub-note-box" data-testid="already-subscribed">
              {t('subscriptions.alreadySubscribed')} <Link to={MANAGE_PATH}>{t('subscriptions.manage')}</Link>
            </p>
          )}
          <SubscribeForm
            onSubscribed={(result, typed) => {
              storeToken(result.token);
              setDone({ result, email: typed.email });
            }}
          />
        </>
      )}
    </section>
  );
}

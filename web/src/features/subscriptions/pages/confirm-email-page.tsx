import '../subscriptions.css';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../../../components/use-document-title';
import { ApiError } from '../../../lib/api/client';
import { confirmEmail } from '../api/subscriptions-api';
import { storeToken, tokenFromHash } from '../model/token-store';
import { managePathOf, SUBSCRIBE_PATH } from '../paths';

/**
 * `/dang-ky-canh-bao/xac-nhan#t=…` (#24): the e-mail's confirmation link. Confirms on opening (once), then keeps the
 * subscription's manage token in this browser and links to it; a wrong or expired link says so.
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const title = t('page.subscriptionConfirm');
  useDocumentTitle(title);
  const { hash } = useLocation();
  const token = useMemo(() => tokenFromHash(hash), [hash]);
  const confirm = useMutation({
    mutationFn: confirmEmail,
    onSuccess: (result) => storeToken(result.token),
  });
  const asked = useRef<string | null>(null);
  const { mutate } = confirm;
  useEffect(() => {
    // Once per token (React's development double effects, a re-render): the link's token is used once.
    if (!token || asked.current === token) return;
    asked.current = token;
    mutate(token);
  }, [token, mutate]);

  // Only a refusal of the link itself (400, 404) says it is wrong; an outage or a wait can be tried again.
  const error = confirm.error instanceof ApiError ? confirm.error : null;
  const passing = error !== null && (error.status === 0 || error.status === 429 || error.status >= 500);
  let body: ReactNode;
  if (!token || (confirm.isError && !passing)) {
    body = (
      <div className="sub-notice" data-testid="confirm-invalid">
        <p role="alert">{t('subscriptions.linkInvalid')}</p>
        <p>
          <Link to={SUBSCRIBE_PATH}>{t('subscriptions.signUpAgain')}</Link>
        </p>
      </div>
    );
  } else if (confirm.isError) {
    body = (
      <div className="sub-notice">
        <p role="alert">{error?.status === 429 ? error.body.message : t('subscriptions.offline')}</p>
        <button type="button" className="sub-button sub-button-secondary" onClick={() => mutate(token)}>
          {t('subscriptions.retry')}
        </button>
      </div>
    );
  } else if (confirm.isSuccess) {
    body = (
      <div className="sub-notice" data-testid="confirm-done">
        <p role="status" className="sub-success">
          {t('subscriptions.emailConfirmed')}
        </p>
        <p>
          <Link className="sub-button sub-button-primary" to={managePathOf(confirm.data.token)}>
            {t('subscriptions.manage')}
          </Link>
        </p>
      </div>
    );
  } else {
    body = (
      <p className="page-muted" role="status">
        {t('subscriptions.confirmingEmail')}
      </p>
    );
  }

  return (
    <section className="page-card page-panel sub-page" aria-labelledby="confirm-title" data-testid="confirm-email-page">
      <h1 id="confirm-title" className="page-title">
        {title}
      </h1>
      {body}
    </section>
  );
}

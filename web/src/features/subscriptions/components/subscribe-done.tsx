import type { SubscribeResult, SubscriptionView } from '@flood/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { managePathOf } from '../paths';
import { ChannelStatusList } from './channel-status-list';
import { PhoneCodeStep, phonePending } from './phone-code-step';

/**
 * After the sign-up: the phone's code (when one was sent), the note of the e-mail's link (when one was sent), the
 * channels confirmed or waiting, and the link to the manage page (its token in the fragment).
 */
export function SubscribeDone({ result, email }: { result: SubscribeResult; email: string }) {
  const { t } = useTranslation();
  const [view, setView] = useState<SubscriptionView>(result.subscription);
  const [phoneDone, setPhoneDone] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const waitsForCode = result.phonePending && phonePending(view);
  const address = email || view.channels.find((c) => c.channel === 'email')?.address || '';

  return (
    <section className="sub-done" aria-labelledby="subscribe-done-title" data-testid="subscribe-done">
      <h2 id="subscribe-done-title" className="sub-done-title" tabIndex={-1} ref={heading}>
        {t('subscriptions.done')}
      </h2>
      {waitsForCode && (
        <PhoneCodeStep
          token={result.token}
          view={view}
          justSent
          onConfirmed={(next) => {
            setView(next);
            setPhoneDone(true);
          }}
        />
      )}
      {phoneDone && (
        <p className="sub-success" role="status" data-testid="phone-confirmed">
          {t('subscriptions.phoneConfirmed')}
        </p>
      )}
      {result.emailPending && (
        <p className="sub-note-box" data-testid="email-pending">
          {t('subscriptions.emailSent', { email: address })}
        </p>
      )}
      <h3 className="sub-step-title">{t('subscriptions.yourChannels')}</h3>
      <ChannelStatusList channels={view.channels} />
      <p>
        <Link className="sub-button sub-button-secondary" to={managePathOf(result.token)} data-testid="manage-link">
          {t('subscriptions.manage')}
        </Link>
      </p>
      <p className="sub-help">{t('subscriptions.manageHint')}</p>
    </section>
  );
}

import { PHONE_CHANNELS, PHONE_CODE_LENGTH, type SubscriptionView } from '@flood/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { confirmPhone, requestPhoneCode } from '../api/subscriptions-api';
import { RESEND_SECONDS, waitSecondsOf } from '../model/resend-wait';

/** The seconds left until a moment, updated every second while there are some. */
function useSecondsUntil(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}

/** Whether a subscription still waits for the code of its phone (SMS or Zalo not confirmed). */
export function phonePending(view: SubscriptionView): boolean {
  return view.channels.some((c) => PHONE_CHANNELS.includes(c.channel) && !c.confirmed);
}

export interface PhoneCodeStepProps {
  token: string;
  view: SubscriptionView;
  /** A code was just sent (the sign-up): 'Gửi lại mã' waits for the resend interval first. */
  justSent?: boolean;
  onConfirmed: (view: SubscriptionView) => void;
}

/**
 * The phone's confirmation: the 6-digit code sent by SMS ('Mã xác nhận', 'Xác nhận') and 'Gửi lại mã', which waits
 * out the resend interval with a countdown (after a code is sent, and for as long as a 429 says).
 */
export function PhoneCodeStep({ token, view, justSent = false, onConfirmed }: PhoneCodeStepProps) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const [resendAt, setResendAt] = useState(() => (justSent ? Date.now() + RESEND_SECONDS * 1000 : 0));
  const wait = useSecondsUntil(resendAt);
  const phone = view.channels.find((c) => PHONE_CHANNELS.includes(c.channel))?.address ?? '';

  const failure = (cause: unknown): string => {
    if (!(cause instanceof ApiError)) return t('subscriptions.failed');
    if (cause.status === 0) return t('subscriptions.offline');
    if (cause.code === 'VALIDATION_FAILED') return cause.body.fields?.[0]?.message ?? cause.body.message;
    if (cause.status === 404) return t('subscriptions.notFound');
    return cause.status >= 500 ? t('subscriptions.failed') : cause.body.message;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = code.replace(/\s/g, '');
    if (!new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(value)) {
      setError(t('subscriptions.codeFormat'));
      return;
    }
    setBusy('confirm');
    setNote(null);
    try {
      const next = await confirmPhone(token, value);
      setError(null);
      onConfirmed(next);
    } catch (cause) {
      setError(failure(cause));
      if (cause instanceof ApiError && cause.status === 429) setResendAt(Date.now());
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    if (busy || wait > 0) return;
    setBusy('resend');
    setNote(null);
    try {
      await requestPhoneCode(token);
      setResendAt(Date.now() + RESEND_SECONDS * 1000);
      setNote(t('subscriptions.codeSent'));
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 429) {
        setResendAt(Date.now() + waitSecondsOf(cause.body.message) * 1000);
        setNote(cause.body.message);
      } else setNote(failure(cause));
    } finally {
      setBusy(null);
    }
  };

  const errorId = `${id}-error`;
  return (
    <section className="sub-step" aria-labelledby={`${id}-title`} data-testid="phone-code-step">
      <h2 id={`${id}-title`} className="sub-step-title">
        {t('subscriptions.codeTitle')}
      </h2>
      <p>{t('subscriptions.codeIntro', { phone })}</p>
      <form className="sub-code-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className={error ? 'sub-field sub-field-invalid' : 'sub-field'}>
          <label htmlFor={`${id}-code`}>{t('subscriptions.code')}</label>
          <input
            id={`${id}-code`}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={PHONE_CODE_LENGTH}
            value={code}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, ''));
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={busy === 'confirm'}
            data-testid="phone-code"
          />
          {error && (
            <p id={errorId} className="sub-error" data-testid="phone-code-error">
              {error}
            </p>
          )}
        </div>
        <div className="sub-actions">
          <button type="submit" className="sub-button" disabled={busy !== null} data-testid="phone-code-confirm">
            {busy === 'confirm' ? t('subscriptions.confirming') : t('subscriptions.confirm')}
          </button>
          <button
            type="button"
            className="sub-button sub-button-secondary"
            onClick={() => void resend()}
            disabled={busy !== null || wait > 0}
            data-testid="phone-code-resend"
          >
            {wait > 0 ? t('subscriptions.resendIn', { seconds: wait }) : t('subscriptions.resend')}
          </button>
        </div>
        <p className="sub-note" role="status" data-testid="phone-code-note">
          {note}
        </p>
      </form>
    </section>
  );
}

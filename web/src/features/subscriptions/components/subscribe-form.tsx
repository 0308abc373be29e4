import {
  type Language,
  SUBSCRIPTION_CHANNEL_LABELS,
  SUBSCRIPTION_CHANNELS,
  SubscribeBodySchema,
  type SubscribeResult,
  TEXT_MAX,
  WARNING_KIND_LABELS,
  WARNING_KINDS,
} from '@flood/domain';
import { type FormEvent, lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HumanCheckHandle } from '../../../components/human-check';
import { ApiError } from '../../../lib/api/client';
import { usePublicUnit } from '../../../lib/area/public-unit';
import { useAreaNames } from '../../../lib/area/use-area';
import { useCommunes } from '../../warnings';
import { fetchPushPublicKey, subscribe } from '../api/subscriptions-api';
import { PushRefusedError, pushSupported, subscribePush } from '../model/push';
import {
  ALTCHA_MISSING,
  bodyOf,
  checkSubscribe,
  errorsByField,
  INITIAL_VALUES,
  KNOWN_MESSAGES,
  needsPhone,
  SUBSCRIBE_FIELDS,
  type SubscribeErrors,
  type SubscribeField,
  type SubscribeValues,
} from '../model/subscribe-form';
import { ChoiceGroup } from './choice-group';
import { CommunePicker } from './commune-picker';

/** The ALTCHA widget (the login's) comes in its own chunk, after the page has painted. */
const HumanCheck = lazy(async () => ({ default: (await import('../../../components/human-check')).HumanCheck }));

/** The same challenge endpoint as the sign-in's (features/auth/api/auth-api.ts). */
const ALTCHA_CHALLENGE_URL = '/api/altcha-challenge';

/** Where each field's focus goes when it has a message: its input, or the first box of its group. */
const FOCUS_OF: Record<SubscribeField, string> = {
  communes: '#subscribe-communes input',
  kinds: '#subscribe-kinds input',
  channels: '#subscribe-channels input',
  push: '#subscribe-channels-push',
  phone: '#subscribe-phone',
  email: '#subscribe-email',
  zaloConsent: '#subscribe-zalo-consent',
  altcha: '#subscribe-altcha',
};

function focusFirst(errors: SubscribeErrors) {
  const first = SUBSCRIBE_FIELDS.find((f) => errors[f]);
  if (first) document.querySelector<HTMLElement>(FOCUS_OF[first])?.focus();
}

interface TextFieldProps {
  id: string;
  label: string;
  help: string;
  error?: string;
  children: (props: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string;
    'data-testid': string;
  }) => ReactNode;
}

function TextField({ id, label, help, error, children }: TextFieldProps) {
  return (
    <div className={error ? 'sub-field sub-field-invalid' : 'sub-field'}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-help ${id}-error` : `${id}-help`,
        'data-testid': id,
      })}
      <p id={`${id}-help`} className="sub-help">
        {help}
      </p>
      {error && (
        <p id={`${id}-error`} className="sub-error" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface SubscribeFormProps {
  onSubscribed: (result: SubscribeResult, typed: { email: string }) => void;
}

/**
 * The sign-up (#24), one page of steps: the communes (list, map, 'Vị trí của tôi'), the kinds of warning, the
 * channels with the addresses they need (and Zalo's consent), the human check, the privacy line and 'Đăng ký'.
 * Checked with the domain's schema first; a push subscription is made only then (permission, service worker,
 * the portal's key); the server's field messages land on their fields. What was typed stays on every failure.
 */
export function SubscribeForm({ onSubscribed }: SubscribeFormProps) {
  const { t, i18n } = useTranslation();
  const { emailPortal } = useAreaNames();
  const language: Language = i18n.language === 'en' ? 'en' : 'vi';
  const communes = useCommunes();
  // On a unit's pages (#26 point 4) its commune is chosen already; the resident may add or remove others.
  const { code: unit } = usePublicUnit();
  const [values, setValues] = useState<SubscribeValues>(() =>
    unit ? { ...INITIAL_VALUES, communes: [unit] } : INITIAL_VALUES,
  );
  const [errors, setErrors] = useState<SubscribeErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [altcha, setAltcha] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const humanCheck = useRef<HumanCheckHandle>(null);
  const canPush = pushSupported();

  const say = (message: string) =>
    message === ALTCHA_MISSING
      ? t('subscriptions.humanCheckRequired')
      : KNOWN_MESSAGES[message]
        ? t(KNOWN_MESSAGES[message])
        : message;

  const set = <K extends keyof SubscribeValues>(field: K, value: SubscribeValues[K], clear: SubscribeField[] = []) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      const next = { ...e };
      for (const f of [field as SubscribeField, ...clear]) delete next[f];
      return next;
    });
  };

  const show = (next: SubscribeErrors) => {
    setErrors(next);
    setFormError(t('subscriptions.checkFields'));
    // After React has drawn the messages (the focused field then reads its message).
    setTimeout(() => focusFirst(next), 0);
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError) {
      const byField = errorsByField(error.body.fields ?? [], say);
      if (Object.keys(byField).length > 0) return show(byField);
      if (error.code === 'HUMAN_CHECK_FAILED') return show({ altcha: error.body.message });
      if (error.status === 0) return setFormError(t('subscriptions.offline'));
      // 429 says how long to wait; other refusals say what was wrong.
      if (error.status === 429 || (error.status >= 400 && error.status < 500)) return setFormError(error.body.message);
    }
    setFormError(t('subscriptions.failed'));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const issues = checkSubscribe(values, altcha, language);
    if (issues.length > 0) {
      show(errorsByField(issues, say));
      return;
    }
    setFormError(null);
    setSending(true);
    try {
      // No await before this: the permission must be asked inside the press of 'Đăng ký'.
      let push = null;
      if (values.channels.includes('push')) {
        try {
          push = await subscribePush(fetchPushPublicKey);
        } catch (error) {
          const refused = error instanceof PushRefusedError;
          show({ push: t(refused ? 'subscriptions.pushRefused' : 'subscriptions.pushFailed') });
          return;
        }
      }
      const body = SubscribeBodySchema.safeParse(bodyOf(values, { altcha: altcha ?? '', push, language }));
      if (!body.success) {
        show(
          errorsByField(
            body.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
            say,
          ),
        );
        return;
      }
      const result = await subscribe(body.data);
      onSubscribed(result, { email: values.email.trim() });
    } catch (error) {
      failed(error);
      // Each payload of the check is accepted once: a new one for the next try.
      humanCheck.current?.reset();
    } finally {
      setSending(false);
    }
  };

  const channelOptions = SUBSCRIPTION_CHANNELS.filter((c) => c !== 'push' || canPush).map((channel) => ({
    value: channel,
    label: SUBSCRIPTION_CHANNEL_LABELS[channel][language],
    note:
      channel === 'push' && errors.push
        ? { text: errors.push, error: true }
        : channel === 'push' && values.channels.includes('push')
          ? { text: t('subscriptions.pushHelp') }
          : undefined,
  }));

  return (
    <form className="sub-form" noValidate onSubmit={(e) => void submit(e)} data-testid="subscribe-form">
      <CommunePicker
        id="subscribe-communes"
        communes={communes.data}
        loading={communes.isPending}
        failed={communes.isError}
        onRetry={() => void communes.refetch()}
        selected={values.communes}
        onChange={(next) => set('communes', next)}
        error={errors.communes}
        disabled={sending}
      />
      <ChoiceGroup
        id="subscribe-kinds"
        legend={t('subscriptions.kinds')}
        options={WARNING_KINDS.map((kind) => ({ value: kind, label: WARNING_KIND_LABELS[kind][language] }))}
        selected={values.kinds}
        onChange={(next) => set('kinds', next)}
        error={errors.kinds}
        disabled={sending}
        columns
      />
      <ChoiceGroup
        id="subscribe-channels"
        legend={t('subscriptions.channels')}
        options={channelOptions}
        selected={values.channels}
        onChange={(next) => set('channels', next, ['push', 'phone', 'email', 'zaloConsent'])}
        error={errors.channels}
        disabled={sending}
        help={canPush ? undefined : t('subscriptions.pushUnsupported')}
      />
      {needsPhone(values.channels) && (
        <TextField
          id="subscribe-phone"
          label={t('subscriptions.phone')}
          help={t('subscriptions.phoneHelp')}
          error={errors.phone}
        >
          {(props) => (
            <input
              {...props}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={TEXT_MAX}
              value={values.phone}
              disabled={sending}
              onChange={(e) => set('phone', e.target.value)}
            />
          )}
        </TextField>
      )}
      {values.channels.includes('email') && (
        <TextField
          id="subscribe-email"
          label={t('subscriptions.email')}
          help={t('subscriptions.emailHelp')}
          error={errors.email}
        >
          {(props) => (
            <input
              {...props}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={TEXT_MAX}
              value={values.email}
              disabled={sending}
              onChange={(e) => set('email', e.target.value)}
            />
          )}
        </TextField>
      )}
      {values.channels.includes('zalo') && (
        <div className={errors.zaloConsent ? 'sub-field sub-field-invalid' : 'sub-field'}>
          <label className="sub-choice sub-consent" htmlFor="subscribe-zalo-consent">
            <input
              id="subscribe-zalo-consent"
              name="zaloConsent"
              type="checkbox"
              required
              checked={values.zaloConsent}
              disabled={sending}
              aria-invalid={errors.zaloConsent ? true : undefined}
              aria-describedby={errors.zaloConsent ? 'subscribe-zalo-consent-error' : undefined}
              onChange={(e) => set('zaloConsent', e.target.checked)}
              data-testid="subscribe-zalo-consent"
            />
            <span>{t('subscriptions.zaloConsent', { portal: emailPortal })}</span>
          </label>
          {errors.zaloConsent && (
            <p id="subscribe-zalo-consent-error" className="sub-error" data-testid="subscribe-zalo-consent-error">
              {errors.zaloConsent}
            </p>
          )}
        </div>
      )}
      <fieldset
        id="subscribe-altcha"
        tabIndex={-1}
        className={errors.altcha ? 'sub-group sub-group-invalid' : 'sub-group'}
        aria-describedby={errors.altcha ? 'subscribe-altcha-error' : undefined}
      >
        <legend className="sub-legend">{t('subscriptions.humanCheck')}</legend>
        <Suspense fallback={<div className="sub-human-check-placeholder" aria-hidden />}>
          <HumanCheck
            ref={humanCheck}
            challengeUrl={ALTCHA_CHALLENGE_URL}
            language={language}
            onVerified={(payload) => {
              setAltcha(payload);
              setErrors((e) => ({ ...e, altcha: undefined }));
            }}
            onReset={() => setAltcha(null)}
          />
        </Suspense>
        {errors.altcha && (
          <p id="subscribe-altcha-error" className="sub-error" data-testid="subscribe-altcha-error">
            {errors.altcha}
          </p>
        )}
      </fieldset>
      <p className="sub-privacy" data-testid="subscribe-privacy">
        {t('subscriptions.privacy')}
      </p>
      <div className="sub-actions">
        <button
          type="submit"
          className="sub-button sub-button-primary"
          disabled={sending}
          data-testid="subscribe-submit"
        >
          {sending ? t('subscriptions.submitting') : t('subscriptions.submit')}
        </button>
      </div>
      <p className="sub-form-error" role="alert" data-testid="subscribe-form-error">
        {formError}
      </p>
    </form>
  );
}

import {
  type Language,
  type SubscriptionChannel,
  type SubscriptionView,
  WARNING_KIND_LABELS,
  WARNING_KINDS,
  type WarningKind,
} from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { useCommunes } from '../../warnings';
import { removeChannel, subscriptionKeys, unsubscribe, updateSubscription } from '../api/subscriptions-api';
import { errorsByField, KNOWN_MESSAGES, type SubscribeErrors } from '../model/subscribe-form';
import { ChannelStatusList, useChannelLabel } from './channel-status-list';
import { ChoiceGroup } from './choice-group';
import { CommunePicker } from './commune-picker';
import { ConfirmPanel } from './confirm-panel';
import { PhoneCodeStep, phonePending } from './phone-code-step';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

export interface ManageSubscriptionProps {
  token: string;
  view: SubscriptionView;
  /** The subscription is gone (unsubscribed, or its last channel removed). */
  onGone: () => void;
}

/**
 * One subscription, reached by its token: its communes and kinds (changed and saved with PUT), its channels with
 * their masked addresses and state (one removed at a time while another remains), the phone's code when it still
 * waits, and 'Huỷ đăng ký' after a question.
 */
export function ManageSubscription({ token, view, onGone }: ManageSubscriptionProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'vi';
  const queryClient = useQueryClient();
  const communes = useCommunes();
  const channelLabel = useChannelLabel();
  const [chosenCommunes, setChosenCommunes] = useState<string[]>(view.communes);
  const [chosenKinds, setChosenKinds] = useState<WarningKind[]>(view.kinds);
  const [errors, setErrors] = useState<SubscribeErrors>({});
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const [asking, setAsking] = useState(false);
  const unsubscribeButton = useRef<HTMLButtonElement>(null);
  const keep = (next: SubscriptionView) => queryClient.setQueryData(subscriptionKeys.one(token), next);
  const say = (text: string) => (KNOWN_MESSAGES[text] ? t(KNOWN_MESSAGES[text]) : text);
  const failure = (error: unknown) =>
    error instanceof ApiError && error.status === 0
      ? t('subscriptions.offline')
      : error instanceof ApiError && error.status === 404
        ? t('subscriptions.notFound')
        : error instanceof ApiError && error.status === 429
          ? error.body.message
          : t('subscriptions.failed');

  const save = useMutation({
    mutationFn: () =>
      updateSubscription(token, { communes: chosenCommunes, kinds: chosenKinds, language: view.language }),
    onSuccess: (next) => {
      keep(next);
      setMessage({ text: t('subscriptions.saved') });
    },
    onError: (error) => {
      const byField = error instanceof ApiError ? errorsByField(error.body.fields ?? [], say) : {};
      if (Object.keys(byField).length > 0) setErrors(byField);
      else setMessage({ text: failure(error), error: true });
    },
  });

  const remove = useMutation({
    mutationFn: (channel: SubscriptionChannel) => removeChannel(token, channel),
    onSuccess: (next, channel) => {
      if (!next) return onGone();
      keep(next);
      setMessage({ text: t('subscriptions.channelRemoved', { channel: channelLabel(channel) }) });
    },
    onError: (error) => setMessage({ text: failure(error), error: true }),
  });

  const end = useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: onGone,
    onError: (error) => {
      setAsking(false);
      setMessage({ text: failure(error), error: true });
      unsubscribeButton.current?.focus();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: SubscribeErrors = {};
    if (chosenCommunes.length === 0) next.communes = t('subscriptions.errors.noCommune');
    if (chosenKinds.length === 0) next.kinds = t('subscriptions.errors.noKind');
    setErrors(next);
    setMessage(null);
    if (Object.keys(next).length === 0) save.mutate();
  };

  const changed = !sameSet(chosenCommunes, view.communes) || !sameSet(chosenKinds, view.kinds);
  const busy = save.isPending || remove.isPending || end.isPending;

  return (
    <div className="sub-manage" data-testid="manage-subscription">
      <form className="sub-form" noValidate onSubmit={submit} aria-labelledby="manage-choices-title">
        <h2 id="manage-choices-title" className="sub-step-title">
          {t('subscriptions.choices')}
        </h2>
        <CommunePicker
          id="manage-communes"
          communes={communes.data}
          loading={communes.isPending}
          failed={communes.isError}
          onRetry={() => void communes.refetch()}
          selected={chosenCommunes}
          onChange={(next) => {
            setChosenCommunes(next);
            setErrors((e) => ({ ...e, communes: undefined }));
          }}
          error={errors.communes}
          disabled={busy}
        />
        <ChoiceGroup
          id="manage-kinds"
          legend={t('subscriptions.kinds')}
          options={WARNING_KINDS.map((kind) => ({ value: kind, label: WARNING_KIND_LABELS[kind][language] }))}
          selected={chosenKinds}
          onChange={(next) => {
            setChosenKinds(next);
            setErrors((e) => ({ ...e, kinds: undefined }));
          }}
          error={errors.kinds}
          disabled={busy}
          columns
        />
        <div className="sub-actions">
          <button
            type="submit"
            className="sub-button sub-button-primary"
            disabled={busy || !changed}
            data-testid="manage-save"
          >
            {save.isPending ? t('subscriptions.saving') : t('subscriptions.save')}
          </button>
        </div>
      </form>

      {phonePending(view) && (
        <PhoneCodeStep
          token={token}
          view={view}
          onConfirmed={(next) => {
            keep(next);
            setMessage({ text: t('subscriptions.phoneConfirmed') });
          }}
        />
      )}

      <section aria-labelledby="manage-channels-title">
        <h2 id="manage-channels-title" className="sub-step-title">
          {t('subscriptions.yourChannels')}
        </h2>
        <ChannelStatusList
          channels={view.channels}
          action={(channel) =>
            view.channels.length > 1 && (
              <button
                type="button"
                className="sub-button sub-button-small"
                onClick={() => {
                  setMessage(null);
                  remove.mutate(channel);
                }}
                disabled={busy}
                aria-label={t('subscriptions.removeChannelOf', { channel: channelLabel(channel) })}
                data-testid={`remove-channel-${channel}`}
              >
                {t('subscriptions.removeChannel')}
              </button>
            )
          }
        />
      </section>

      <p className="sub-success sub-message" role="status" data-testid="manage-message">
        {message && !message.error ? message.text : null}
      </p>
      <p className="sub-error sub-message" role="alert" data-testid="manage-error">
        {message?.error ? message.text : null}
      </p>

      <section className="sub-danger-zone">
        <button
          type="button"
          className="sub-button sub-button-danger-outline"
          onClick={() => {
            setMessage(null);
            setAsking(true);
          }}
          disabled={busy}
          aria-expanded={asking}
          ref={unsubscribeButton}
          data-testid="unsubscribe"
        >
          {t('subscriptions.unsubscribe')}
        </button>
        {asking && (
          <ConfirmPanel
            title={t('subscriptions.unsubscribeTitle')}
            text={t('subscriptions.unsubscribeText')}
            confirmText={t('subscriptions.unsubscribeConfirm')}
            cancelText={t('subscriptions.keep')}
            busy={end.isPending}
            onConfirm={() => end.mutate()}
            onCancel={() => {
              setAsking(false);
              unsubscribeButton.current?.focus();
            }}
          />
        )}
      </section>
    </div>
  );
}

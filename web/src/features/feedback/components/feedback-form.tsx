import { FeedbackBodySchema, TEXT_MAX } from '@flood/domain';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { toast } from '../../../lib/toast/toast';
import { sendFeedback } from '../api/feedback-api';
import {
  digitsOnly,
  FEEDBACK_FIELDS,
  type FeedbackField,
  type FeedbackValues,
  feedbackComplete,
} from '../model/feedback-fields';

type Values = FeedbackValues;
type Errors = Partial<Record<FeedbackField, string>>;

const EMPTY: Values = { name: '', email: '', phone: '', address: '', content: '' };
const isField = (name: unknown): name is FeedbackField => FEEDBACK_FIELDS.includes(name as FeedbackField);

/** The first message of each field of a zod or server validation failure. */
function errorsByField(list: readonly { field: unknown; message: string }[]): Errors {
  const errors: Errors = {};
  for (const { field, message } of list) if (isField(field) && !errors[field]) errors[field] = message;
  return errors;
}

/**
 * The 'Liên hệ và góp ý' form (spec §4, §5): plain HTML (no antd Form on public pages). Checked with the
 * domain schema before sending; the server's field errors land under their fields; the typed values stay
 * on a failure and are cleared after a success.
 */
export function FeedbackForm() {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const complete = feedbackComplete(values);

  const change = (field: FeedbackField, value: string) => {
    // The phone takes digits only (spec §5 "phone input numeric").
    const next = field === 'phone' ? digitsOnly(value) : value;
    setValues((v) => ({ ...v, [field]: next }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete || sending) return;
    const parsed = FeedbackBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(errorsByField(parsed.error.issues.map((i) => ({ field: i.path[0], message: i.message }))));
      return;
    }
    setSending(true);
    try {
      await sendFeedback(parsed.data);
      setValues(EMPTY);
      setErrors({});
      toast.success(t('feedback.sent'));
    } catch (error) {
      const fields = error instanceof ApiError ? errorsByField(error.body.fields ?? []) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else if (error instanceof ApiError && error.status === 429) toast.error(error.body.message);
      else toast.error(t('errors.generic'));
    } finally {
      setSending(false);
    }
  };

  const field = (name: FeedbackField, input: (props: FieldProps) => ReactNode) => {
    const id = `${idPrefix}-${name}`;
    const errorId = `${id}-error`;
    const error = errors[name];
    return (
      <div className={error ? 'feedback-field feedback-field-invalid' : 'feedback-field'}>
        <label htmlFor={id}>
          {t(`feedback.${name}`)}
          <span className="feedback-required" aria-hidden>
            {' *'}
          </span>
        </label>
        {input({
          id,
          name,
          value: values[name],
          required: true,
          maxLength: TEXT_MAX,
          disabled: sending,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
          'data-testid': `feedback-${name}`,
          onChange: (e) => change(name, e.target.value),
        })}
        {error && (
          <p id={errorId} className="feedback-error" data-testid={`feedback-${name}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="feedback-form" noValidate onSubmit={(e) => void submit(e)} data-testid="feedback-form">
      <div className="feedback-grid">
        {field('name', (p) => (
          <input {...p} type="text" autoComplete="name" />
        ))}
        {field('email', (p) => (
          <input {...p} type="email" autoComplete="email" />
        ))}
        {field('phone', (p) => (
          <input {...p} type="tel" inputMode="numeric" pattern="[0-9]*" autoComplete="tel" />
        ))}
        {field('address', (p) => (
          <input {...p} type="text" autoComplete="street-address" />
        ))}
      </div>
      {field('content', (p) => (
        <textarea {...p} rows={6} />
      ))}
      <div className="feedback-actions">
        <button
          type="submit"
          className="feedback-send"
          disabled={!complete || sending}
          aria-describedby={complete ? undefined : `${idPrefix}-hint`}
          data-testid="feedback-send"
        >
          {sending ? t('feedback.sending') : t('feedback.send')}
        </button>
        {!complete && (
          <p id={`${idPrefix}-hint`} className="feedback-hint">
            {t('feedback.fillAll')}
          </p>
        )}
      </div>
    </form>
  );
}

interface FieldProps {
  id: string;
  name: FeedbackField;
  value: string;
  required: boolean;
  maxLength: number;
  disabled: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'data-testid': string;
  onChange: (e: { target: { value: string } }) => void;
}

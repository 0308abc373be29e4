import { TEXT_MAX } from '@flood/domain';
import { Form, type FormInstance, Input } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api/client';
import { applyFieldErrors, showFormError } from '../../../../lib/forms/zod-form';

/** The shortest reason a correction is saved with (the domain's `reason()`: trimmed, 3 characters). */
export const REASON_MIN = 3;

/** 'Lý do': every correction says why (kept in the corrections history and the audit log). */
export function ReasonField({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={t('readingsReview.reason')}
      name="reason"
      htmlFor={id}
      required
      rules={[
        {
          validator: async (_rule, value: string | undefined) => {
            if ((value ?? '').trim().length < REASON_MIN) throw new Error(t('readingsReview.reasonMin'));
          },
        },
        { max: TEXT_MAX, message: t('form.max', { max: TEXT_MAX }) },
      ]}
    >
      <Input.TextArea
        id={id}
        maxLength={TEXT_MAX}
        autoSize={{ minRows: 2, maxRows: 5 }}
        placeholder={t('readingsReview.reasonPlaceholder')}
      />
    </Form.Item>
  );
}

/**
 * A refused correction: the server's field messages on the dialog's fields (the project's `showFormError`); a
 * message about a field the dialog does not have (the reading's time, gone since the page loaded) is toasted as
 * the server wrote it rather than as 'Dữ liệu không hợp lệ'.
 */
export function showCorrectionError(
  form: FormInstance,
  error: unknown,
  toast: (text: string) => void,
  t: TFunction,
): void {
  const fields = error instanceof ApiError && error.code === 'VALIDATION_FAILED' ? error.body.fields : undefined;
  if (fields?.length && !applyFieldErrors(form, fields)) {
    toast(fields[0]!.message);
    return;
  }
  showFormError(form, error, toast, t('errors.generic'), {
    showMessageOf: ['CONFLICT', 'NOT_FOUND', 'VALIDATION_FAILED'],
  });
}

import { TEXT_MAX } from '@flood/domain';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

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
